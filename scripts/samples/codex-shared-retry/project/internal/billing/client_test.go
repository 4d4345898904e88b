package billing

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func newTestClient(t *testing.T, h http.HandlerFunc) *Client {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return New(srv.URL, "tok", srv.Client())
}

func TestGetInvoice(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/invoices/inv_1" {
			t.Errorf("path = %s", r.URL.Path)
		}
		_ = json.NewEncoder(w).Encode(Invoice{ID: "inv_1", AmountCents: 12900, Currency: "EUR", Status: "open"})
	})
	inv, err := c.GetInvoice(context.Background(), "inv_1")
	if err != nil {
		t.Fatal(err)
	}
	if inv.AmountCents != 12900 || inv.Status != "open" {
		t.Fatalf("got %+v", inv)
	}
}

func TestGetInvoice_NotFound(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	if _, err := c.GetInvoice(context.Background(), "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
}

func TestGetInvoice_RetriesOn503(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_ = json.NewEncoder(w).Encode(Invoice{ID: "inv_2"})
	})
	if _, err := c.GetInvoice(context.Background(), "inv_2"); err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 3 {
		t.Fatalf("calls = %d, want 3", calls.Load())
	}
}

func TestGetInvoice_GivesUpAfterFourAttempts(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	_, err := c.GetInvoice(context.Background(), "inv_7")
	if err == nil {
		t.Fatal("expected an error")
	}
	if got := calls.Load(); got != 4 {
		t.Fatalf("calls = %d, want 4", got)
	}
	if !strings.Contains(err.Error(), "giving up after 4 attempts") {
		t.Fatalf("error = %q, want it to contain %q", err, "giving up after 4 attempts")
	}
}

func TestCreateInvoice(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		var in Invoice
		_ = json.NewDecoder(r.Body).Decode(&in)
		in.ID = "inv_9"
		in.Status = "open"
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(in)
	})
	out, err := c.CreateInvoice(context.Background(), &Invoice{OrderID: "ord_1", AmountCents: 500, Currency: "EUR", DueAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if out.ID != "inv_9" || out.OrderID != "ord_1" {
		t.Fatalf("got %+v", out)
	}
}

func TestCreateInvoice_SendsAuth(t *testing.T) {
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		if got := r.Header.Get("Authorization"); got != "Bearer tok" {
			t.Errorf("Authorization = %q", got)
		}
		_ = json.NewEncoder(w).Encode(Invoice{})
	})
	if _, err := c.CreateInvoice(context.Background(), &Invoice{}); err != nil {
		t.Fatal(err)
	}
}

func TestCreateInvoice_BadRequestIsNotRetried(t *testing.T) {
	var calls atomic.Int32
	c := newTestClient(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		http.Error(w, "currency must be ISO 4217", http.StatusBadRequest)
	})
	_, err := c.CreateInvoice(context.Background(), &Invoice{Currency: "euro"})
	if err == nil || !strings.Contains(err.Error(), "ISO 4217") || calls.Load() != 1 {
		t.Fatalf("err = %v after %d calls", err, calls.Load())
	}
}
