// Package ports declares what every context needs from the outside world alike: the clock,
// transactions, password hashing, authorization, readiness, images, rich text, spreadsheets,
// the audit log and the list mechanism. Each context's own ports (repositories, views, lists, and the narrow
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

// BusinessZone is the time zone whose calendar the date rules count days in
// (VITRINA_TIME_ZONE): a seminar day is "before today" where the business is, not in UTC.
type BusinessZone struct {
	Location *time.Location
}

// Local is t in the business's zone (UTC when none is set), for reading its calendar day.
func (z BusinessZone) Local(t time.Time) time.Time {
	if z.Location == nil {
		return t.UTC()
	}
	return t.In(z.Location)
}

// TxManager runs fn in one database transaction; repositories called with the context fn
// receives take part in it.
type TxManager interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Locks are named locks held across every process serving one database: the work one of
// several replicas must do alone (an import, a periodic job) runs under one (ADR 0040).
type Locks interface {
	// Try runs fn while holding name's lock, unless another caller, in this process or any
	// other, holds it now: then ran is false and fn does not run. A process that dies lets
	// go of what it held.
	Try(ctx context.Context, name string, fn func(ctx context.Context) error) (ran bool, err error)
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

// Permissions answers what roles may do, for the panel to show only what they may open
// (the profile answer); keyed by resource, the actions "read", "write" and "pick", resources
// with none left out. It is the Authorizer's own policy, never a copy of it.
type Permissions interface {
	Permissions(roles []string) (map[string][]string, error)
}

// Pinger reports whether storage is reachable, for /readyz.
type Pinger interface {
	Ping(ctx context.Context) error
}

// ImageKind is what an uploaded image is for: the folder it is kept in, which is the {kind}
// of its address (/api/images/{kind}/{name}), and the longest side its stored copy keeps
// (larger images are scaled down; thumbnails are one size for all). One folder may serve
// several uses: a slider's banner and the images of its page share "sliders".
type ImageKind struct {
	Folder  string
	MaxSide int
}

// ImageStore keeps uploaded images: it accepts only real JPEG or PNG content, re-encodes
// it at the kind's size, makes a thumbnail and names it itself.
type ImageStore interface {
	// Save validates and stores the image; a bad or too costly image is a kernel.KindInvalid
	// error on the given form field, and a store too busy decoding others to take it in time
	// a kernel.KindThrottled one; either way nothing is stored. It returns the generated name.
	Save(ctx context.Context, kind ImageKind, field string, r io.Reader) (string, error)
	// Delete removes an image of the folder and its thumbnail; a missing one is not an error.
	Delete(folder, name string) error
}

// HTMLSanitizer reduces untrusted rich text to the safe subset a page may show (ADR 0018).
// It is a kept library's policy, never string handling of our own.
type HTMLSanitizer interface {
	// Sanitize returns the safe form of html. drop, when not nil, also leaves out every
	// image whose address it reports true for.
	Sanitize(html string, drop func(src string) bool) string
	// Images lists the addresses of the images safe HTML shows, in order.
	Images(html string) []string
}
