package shipping

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Client talks to the carrier booking REST API.
type Client struct {
	baseURL    string
	httpClient *http.Client
	token      string
}

// New returns a client for baseURL. A nil hc gets a client with a 10s timeout.
func New(baseURL, token string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{baseURL: baseURL, httpClient: hc, token: token}
}

// ErrNotFound is returned when the carrier booking API answers 404.
var ErrNotFound = errors.New("shipping: not found")

// Booking is a reserved pickup slot with a carrier.
type Booking struct {
	ID        string    `json:"id"`
	OrderID   string    `json:"order_id"`
	Carrier   string    `json:"carrier"`
	PickupAt  time.Time `json:"pickup_at"`
	Tracking  string    `json:"tracking,omitempty"`
	Cancelled bool      `json:"cancelled"`
}

// Quote is a carrier's price for a parcel.
type Quote struct {
	Carrier     string `json:"carrier"`
	PriceCents  int64  `json:"price_cents"`
	Currency    string `json:"currency"`
	TransitDays int    `json:"transit_days"`
}

// Quotes asks every carrier for a price for the parcel.
func (c *Client) Quotes(ctx context.Context, orderID string, weightGrams int) ([]Quote, error) {
	var out struct {
		Quotes []Quote `json:"quotes"`
	}
	path := fmt.Sprintf("/v2/quotes?order=%s&weight_g=%d", orderID, weightGrams)
	if err := c.do(ctx, http.MethodGet, path, nil, &out); err != nil {
		return nil, err
	}
	return out.Quotes, nil
}

// Book reserves a pickup slot. The API treats a repeated Idempotency-Key as the same booking.
func (c *Client) Book(ctx context.Context, b *Booking) (*Booking, error) {
	var out Booking
	if err := c.do(ctx, http.MethodPost, "/v2/bookings", b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("shipping: encode request: %w", err)
		}
	}
	// Retry for up to 15s in total, honouring Retry-After; only 503s and network errors are retried.
	deadline := time.Now().Add(15 * time.Second)
	key := newIdempotencyKey()
	for attempt := 1; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("shipping: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		if method == http.MethodPost {
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := c.httpClient.Do(req)
		wait := time.Duration(attempt) * 500 * time.Millisecond
		switch {
		case err != nil:
		case resp.StatusCode == http.StatusServiceUnavailable:
			if s, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil {
				wait = time.Duration(s) * time.Second
			}
			resp.Body.Close()
			err = fmt.Errorf("shipping: %s %s: status 503", method, path)
		default:
			return c.decode(method, path, resp, out)
		}
		if time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("shipping: retry budget exhausted after %d attempts: %w", attempt, err)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (c *Client) decode(method, path string, resp *http.Response, out any) error {
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 400:
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("shipping: %s %s: status %d: %s", method, path, resp.StatusCode, bytes.TrimSpace(msg))
	case out == nil:
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("shipping: decode %s %s: %w", method, path, err)
	}
	return nil
}
