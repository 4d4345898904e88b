package config

import (
	"fmt"
	"os"
	"time"
)

// Config is read once at start-up from the environment.
type Config struct {
	ListenAddr       string
	QueueURL         string
	BillingURL       string
	ShippingURL      string
	InventoryURL     string
	ServiceToken     string
	HTTPTimeout      time.Duration
	DispatchWorkers  int
	ShutdownGrace    time.Duration
}

// FromEnv reads the configuration; required variables that are missing are an error.
func FromEnv() (*Config, error) {
	c := &Config{
		ListenAddr:      getenv("LISTEN_ADDR", ":8080"),
		QueueURL:        os.Getenv("QUEUE_URL"),
		BillingURL:      os.Getenv("BILLING_URL"),
		ShippingURL:     os.Getenv("SHIPPING_URL"),
		InventoryURL:    os.Getenv("INVENTORY_URL"),
		ServiceToken:    os.Getenv("SERVICE_TOKEN"),
		DispatchWorkers: 8,
	}
	var err error
	if c.HTTPTimeout, err = duration("HTTP_TIMEOUT", 10*time.Second); err != nil {
		return nil, err
	}
	if c.ShutdownGrace, err = duration("SHUTDOWN_GRACE", 30*time.Second); err != nil {
		return nil, err
	}
	for name, v := range map[string]string{"QUEUE_URL": c.QueueURL, "BILLING_URL": c.BillingURL, "SHIPPING_URL": c.ShippingURL, "INVENTORY_URL": c.InventoryURL, "SERVICE_TOKEN": c.ServiceToken} {
		if v == "" {
			return nil, fmt.Errorf("config: %s is required", name)
		}
	}
	return c, nil
}

func getenv(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func duration(name string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", name, err)
	}
	return d, nil
}
