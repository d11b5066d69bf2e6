package security

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/limit"
)

func TestArgon2HashAndVerify(t *testing.T) {
	ctx := context.Background()
	h := NewArgon2Hasher(Argon2Params{Memory: 1024, Time: 1, Threads: 1})
	hash, err := h.Hash(ctx, "tajna šifra")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=1024,t=1,p=1$") || strings.Contains(hash, "tajna") {
		t.Fatalf("unexpected hash %q", hash)
	}
	other, _ := h.Hash(ctx, "tajna šifra")
	if other == hash {
		t.Fatal("every hash has its own salt")
	}
	if ok, err := h.Verify(ctx, hash, "tajna šifra"); !ok || err != nil {
		t.Fatalf("right password: %v, %v", ok, err)
	}
	if ok, _ := h.Verify(ctx, hash, "tajna sifra"); ok {
		t.Fatal("wrong password must not verify")
	}
	// A hash made with other parameters still verifies: they travel in the hash.
	if ok, _ := NewArgon2Hasher(DefaultArgon2).Verify(ctx, hash, "tajna šifra"); !ok {
		t.Fatal("parameters are read from the hash")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$YQ$YQ", "$argon2id$v=19$m=x$YQ$YQ"} {
		if _, err := h.Verify(ctx, bad, "x"); err == nil {
			t.Fatalf("malformed hash %q must be an error", bad)
		}
	}
}

// With every slot held, a hash waits for the gate's wait and then answers ErrBusy; a slot
// that frees in time lets it through.
func TestGateBoundsHashes(t *testing.T) {
	ctx := context.Background()
	g := limit.NewGate(2, 150*time.Millisecond, ErrBusy)
	h := NewArgon2Hasher(Argon2Params{Memory: 1024, Time: 1, Threads: 1}).WithGate(g)
	hash, err := h.Hash(ctx, "lozinka")
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := g.Enter(ctx, 1)
	r2, _ := g.Enter(ctx, 1)
	start := time.Now()
	if _, err := h.Verify(ctx, hash, "lozinka"); !errors.Is(err, ErrBusy) {
		t.Fatalf("verify with the gate full: %v", err)
	}
	if waited := time.Since(start); waited < 150*time.Millisecond || waited > time.Second {
		t.Fatalf("waited %v", waited)
	}
	if _, err := h.Hash(ctx, "lozinka"); !errors.Is(err, ErrBusy) || ErrBusy.Message != "The server is busy. Try again in a moment." {
		t.Fatalf("hash with the gate full: %v", err)
	}
	// A caller that leaves stops waiting at once.
	gone, cancel := context.WithCancel(ctx)
	cancel()
	start = time.Now()
	if _, err := h.Verify(gone, hash, "lozinka"); !errors.Is(err, context.Canceled) || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("cancelled caller: %v after %v", err, time.Since(start))
	}
	time.AfterFunc(50*time.Millisecond, r1)
	if ok, err := h.Verify(ctx, hash, "lozinka"); !ok || err != nil {
		t.Fatalf("a slot freed in time: %v, %v", ok, err)
	}
	r2()
}

func TestTheProcessGateHasASlotPerCore(t *testing.T) {
	if HashGate.Size() < 1 {
		t.Fatal("the process gate has no slot")
	}
}
