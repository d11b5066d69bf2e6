// Package security implements password hashing with argon2id.
package security

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"

	"vitrina/adapters/limit"
)

// Argon2Params are the cost parameters of new hashes; existing hashes carry their own.
type Argon2Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultArgon2 follows the OWASP minimum for argon2id (19 MiB, 2 passes, 1 lane).
var DefaultArgon2 = Argon2Params{Memory: 19 * 1024, Time: 2, Threads: 1}

// Argon2Hasher hashes passwords into PHC strings: $argon2id$v=19$m=..,t=..,p=..$salt$hash.
// Every hash and check passes its gate, so the memory they take together stays bounded.
type Argon2Hasher struct {
	p    Argon2Params
	gate *limit.Gate
}

// NewArgon2Hasher returns a hasher with the given parameters behind the process's HashGate.
func NewArgon2Hasher(p Argon2Params) *Argon2Hasher { return &Argon2Hasher{p: p, gate: HashGate} }

// WithGate returns a copy of the hasher behind another gate.
func (h *Argon2Hasher) WithGate(g *limit.Gate) *Argon2Hasher { return &Argon2Hasher{p: h.p, gate: g} }

// Hash returns the PHC string of password with a fresh 16-byte salt; ErrBusy when no slot
// frees in time.
func (h *Argon2Hasher) Hash(ctx context.Context, password string) (string, error) {
	release, err := h.gate.Enter(ctx, 1)
	if err != nil {
		return "", err
	}
	defer release()
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, h.p.Time, h.p.Memory, h.p.Threads, 32)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.p.Memory, h.p.Time, h.p.Threads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

var errBadHash = errors.New("argon2: malformed hash")

// Verify tells whether password matches the PHC string, in constant time; ErrBusy when no
// slot frees in time.
func (h *Argon2Hasher) Verify(ctx context.Context, hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, errBadHash
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errBadHash
	}
	release, err := h.gate.Enter(ctx, 1)
	if err != nil {
		return false, err
	}
	defer release()
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
