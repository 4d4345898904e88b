module github.com/acme/fleetd

go 1.22

require (
	github.com/prometheus/client_golang v1.19.1
	go.uber.org/zap v1.27.0
	golang.org/x/sync v0.7.0
)
