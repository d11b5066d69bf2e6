package kit

import (
	"context"

	"go.uber.org/zap"

	"vitrina/domain/kernel"
)

type ctxKey int

const (
	keyLogger ctxKey = iota
	keyRequestID
	keyPrincipal
	keyAddress
)

// Logger is the request's logger, carrying its request id; a no-op logger outside requests.
func Logger(ctx context.Context) *zap.Logger {
	if l, ok := ctx.Value(keyLogger).(*zap.Logger); ok {
		return l
	}
	return zap.NewNop()
}

// RequestID is the id of the request in ctx.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(keyRequestID).(string)
	return id
}

// Principal is the authenticated caller in ctx.
func Principal(ctx context.Context) (kernel.Principal, bool) {
	p, ok := ctx.Value(keyPrincipal).(kernel.Principal)
	return p, ok
}

// ClientAddress is the caller's address as the server sees it.
func ClientAddress(ctx context.Context) string {
	a, _ := ctx.Value(keyAddress).(string)
	return a
}
