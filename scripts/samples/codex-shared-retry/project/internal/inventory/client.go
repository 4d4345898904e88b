package inventory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to the inventory REST API.
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

// ErrNotFound is returned when the inventory API answers 404.
var ErrNotFound = errors.New("inventory: not found")

// Reservation holds stock for an order until it ships or expires.
type Reservation struct {
	ID        string         `json:"id"`
	OrderID   string         `json:"order_id"`
	Lines     map[string]int `json:"lines"`
	ExpiresAt time.Time      `json:"expires_at"`
}

// Reserve holds stock for the order's lines (SKU -> quantity).
func (c *Client) Reserve(ctx context.Context, orderID string, lines map[string]int) (*Reservation, error) {
	var out Reservation
	body := map[string]any{"order_id": orderID, "lines": lines}
	if err := c.do(ctx, http.MethodPut, "/stock/reservations/"+orderID, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Release gives reserved stock back.
func (c *Client) Release(ctx context.Context, orderID string) error {
	return c.do(ctx, http.MethodDelete, "/stock/reservations/"+orderID, nil, nil)
}

func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("inventory: encode request: %w", err)
		}
	}
	var lastErr error
	wait := 250 * time.Millisecond
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 {
			time.Sleep(wait)
			wait *= 2
		}
		req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return fmt.Errorf("inventory: build request: %w", err)
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.httpClient.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			lastErr = fmt.Errorf("inventory: %s %s: status %d", method, path, resp.StatusCode)
			continue
		}
		return c.decode(method, path, resp, out)
	}
	return fmt.Errorf("inventory: giving up after 5 attempts: %w", lastErr)
}

func (c *Client) decode(method, path string, resp *http.Response, out any) error {
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case resp.StatusCode >= 400:
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("inventory: %s %s: status %d: %s", method, path, resp.StatusCode, bytes.TrimSpace(msg))
	case out == nil:
		return nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("inventory: decode %s %s: %w", method, path, err)
	}
	return nil
}
