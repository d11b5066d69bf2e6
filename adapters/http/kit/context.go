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
	keySecure
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

// UserID is the signed-in back-office user of a panel call (0 where nobody signed in).
func UserID(ctx context.Context) kernel.ID {
	p, _ := Principal(ctx)
	return p.UserID
}

// AppPartner is the partner an app call acts for: the partner signed in to the app, or the
// partner of the linked user who did. The guard lets only app sessions reach a route with
// Access{App: true}, so there it is always set; anywhere else it is 0, which names no
// partner.
func AppPartner(ctx context.Context) kernel.ID {
	p, _ := Principal(ctx)
	id, _ := p.AppPartner()
	return id
}

// ClientAddress is the caller's address as the server sees it.
func ClientAddress(ctx context.Context) string {
	a, _ := ctx.Value(keyAddress).(string)
	return a
}

// Secure tells whether the request came over TLS: to this server, or to the trusted proxy
// in front of it (X-Forwarded-Proto: https with VITRINA_TRUST_PROXY).
func Secure(ctx context.Context) bool {
	s, _ := ctx.Value(keySecure).(bool)
	return s
}
