package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"time"
)

// Client talks to the billing REST API.
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

// ErrNotFound is returned when the billing API answers 404.
var ErrNotFound = errors.New("billing: not found")

// Invoice is a bill for one delivery.
type Invoice struct {
	ID          string    `json:"id"`
	AccountID   string    `json:"account_id"`
	OrderID     string    `json:"order_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	DueAt       time.Time `json:"due_at"`
	Status      string    `json:"status"`
}

// GetInvoice fetches one invoice.
func (c *Client) GetInvoice(ctx context.Context, id string) (*Invoice, error) {
	var inv Invoice
	if err := c.do(ctx, http.MethodGet, "/v1/invoices/"+id, nil, &inv); err != nil {
		return nil, err
	}
	return &inv, nil
}

// CreateInvoice raises an invoice for an order.
func (c *Client) CreateInvoice(ctx context.Context, in *Invoice) (*Invoice, error) {
	var out Invoice
	if err := c.do(ctx, http.MethodPost, "/v1/invoices", in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("billing: encode request: %w", err)
		}
	}
	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {
		if attempt > 0 {
			// 200ms, 400ms, 800ms plus up to 100ms of jitter.
			wait := time.Duration(100<<attempt)*time.Millisecond + time.Duration(rand.Intn(100))*time.Millisecond
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("billing: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.httpClient.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			lastErr = fmt.Errorf("billing: %s %s: status %d", method, path, resp.StatusCode)
			continue
		}
		return c.decode(method, path, resp, out)
	}
	return fmt.Errorf("billing: giving up after 4 attempts: %w", lastErr)
}

func (c *Client) decode(method, path string, resp *http.Response, out any) error {
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 400:
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("billing: %s %s: status %d: %s", method, path, resp.StatusCode, bytes.TrimSpace(msg))
	case out == nil:
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("billing: decode %s %s: %w", method, path, err)
	}
	return nil
}
