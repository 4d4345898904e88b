package scheduler

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/acme/fleetd/internal/billing"
	"github.com/acme/fleetd/internal/inventory"
	"github.com/acme/fleetd/internal/shipping"
)

// Dispatcher turns a paid order into a reservation, a booking and an invoice.
type Dispatcher struct {
	Inventory *inventory.Client
	Shipping  *shipping.Client
	Billing   *billing.Client
	Log       *zap.Logger
}

// Dispatch runs the three steps in order and undoes the reservation if booking fails.
func (d *Dispatcher) Dispatch(ctx context.Context, o Order) error {
	if _, err := d.Inventory.Reserve(ctx, o.ID, o.Lines); err != nil {
		return d.classify("reserve", o, err)
	}
	booking, err := d.Shipping.Book(ctx, &shipping.Booking{OrderID: o.ID, Carrier: o.Carrier, PickupAt: o.ReadyAt})
	if err != nil {
		if rerr := d.Inventory.Release(context.WithoutCancel(ctx), o.ID); rerr != nil {
			d.Log.Warn("release after failed booking", zap.String("order", o.ID), zap.Error(rerr))
		}
		return d.classify("book", o, err)
	}
	_, err = d.Billing.CreateInvoice(ctx, &billing.Invoice{
		AccountID:   o.AccountID,
		OrderID:     o.ID,
		AmountCents: o.TotalCents + booking.PriceCents(),
		Currency:    o.Currency,
		DueAt:       time.Now().AddDate(0, 0, 14),
	})
	return d.classify("invoice", o, err)
}

// classify marks errors from exhausted retries as temporary so the queue redelivers the order later.
func (d *Dispatcher) classify(step string, o Order, err error) error {
	if err == nil {
		return nil
	}
	if strings.Contains(err.Error(), "giving up after") || strings.Contains(err.Error(), "retry budget exhausted") {
		return &TemporaryError{Step: step, OrderID: o.ID, Err: err}
	}
	return fmt.Errorf("%s order %s: %w", step, o.ID, err)
}
