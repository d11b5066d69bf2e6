// Package ports declares what every context needs from the outside world alike: the clock,
// transactions, password hashing, authorization, readiness, images, spreadsheets and the
// list mechanism. Each context's own ports (repositories, views, lists, and the narrow
// ports it asks other contexts through) live in ports/<context> (ADR 0014). Adapters
// implement these interfaces; bootstrap binds them with Wire.
package ports

import (
	"context"
	"io"
	"time"
)

// Clock tells the time; tests pass a fixed one.
type Clock interface {
	Now() time.Time
}

// TxManager runs fn in one database transaction; repositories called with the context fn
// receives take part in it.
type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// PasswordHasher hashes and verifies passwords (argon2id in production). Both bound the
// work in flight: when the server is saturated they wait briefly, then fail with a
// kernel.KindThrottled error.
type PasswordHasher interface {
	Hash(ctx context.Context, password string) (string, error)
	Verify(ctx context.Context, hash, password string) (bool, error)
}

// Authorizer answers whether any of the roles may perform action on resource.
type Authorizer interface {
	Allowed(roles []string, resource, action string) (bool, error)
}

// Pinger reports whether storage is reachable, for /readyz.
type Pinger interface {
	Ping(ctx context.Context) error
}

// ImageStore keeps uploaded images of one kind ("products", "sliders", …): it accepts only
// real JPEG or PNG content, re-encodes it, makes a thumbnail and names it itself.
type ImageStore interface {
	// Save validates and stores the image; a bad or too costly image is a kernel.KindInvalid
	// error on the given form field, and a store too busy decoding others to take it in time
	// a kernel.KindThrottled one; either way nothing is stored. It returns the generated name.
	Save(ctx context.Context, kind, field string, r io.Reader) (string, error)
	// Delete removes an image and its thumbnail; a missing one is not an error.
	Delete(kind, name string) error
}
