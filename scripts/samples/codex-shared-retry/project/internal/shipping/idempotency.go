package shipping

import (
	"crypto/rand"
	"encoding/hex"
)

func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
