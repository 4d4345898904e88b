package shipping

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func newTestClient(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return New(srv.URL, "tok", srv.Client())
}

func TestQuotes(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("weight_g") != "1200" {
			t.Errorf("query = %s", r.URL.RawQuery)
		}
		_, _ = w.Write([]byte(`{"quotes":[{"carrier":"dhl","price_cents":890,"currency":"EUR","transit_days":2}]}`))
	})
	q, err := c.Quotes(context.Background(), "ord_1", 1200)
	if err != nil || len(q) != 1 || q[0].Carrier != "dhl" {
		t.Fatalf("quotes = %+v, err = %v", q, err)
	}
}

func TestBook_SameIdempotencyKeyOnRetry(t *testing.T) {
	var mu sync.Mutex
	var keys []string
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		n := len(keys)
		mu.Unlock()
		if n < 3 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_ = json.NewEncoder(w).Encode(Booking{ID: "bk_1"})
	})
	if _, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"}); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 3 || keys[0] == "" || keys[0] != keys[1] || keys[1] != keys[2] {
		t.Fatalf("keys = %q, want three equal non-empty keys", keys)
	}
}

func TestBook_HonoursRetryAfter(t *testing.T) {
	var first time.Time
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if first.IsZero() {
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if since := time.Since(first); since < 900*time.Millisecond {
			t.Errorf("retried after %s, want about 1s", since)
		}
		_ = json.NewEncoder(w).Encode(Booking{ID: "bk_2"})
	})
	if _, err := c.Book(context.Background(), &Booking{OrderID: "ord_2"}); err != nil {
		t.Fatal(err)
	}
}

func TestBook_BudgetExhausted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	c := New(srv.URL, "tok", srv.Client())
	start := time.Now()
	_, err := c.Book(context.Background(), &Booking{OrderID: "ord_1"})
	if err == nil {
		t.Fatal("expected an error")
	}
	if time.Since(start) < 14*time.Second {
		t.Fatalf("gave up after %s, want about 15s", time.Since(start))
	}
	if !strings.Contains(err.Error(), "retry budget exhausted") {
		t.Fatalf("error = %q, want it to contain %q", err, "retry budget exhausted")
	}
}

func TestIdempotencyKey_Unique(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		k := newIdempotencyKey()
		if seen[k] {
			t.Fatalf("duplicate key %s", k)
		}
		seen[k] = true
	}
}
