package security

import (
	"strings"
	"testing"
)

func TestArgon2HashAndVerify(t *testing.T) {
	h := NewArgon2Hasher(Argon2Params{Memory: 1024, Time: 1, Threads: 1})
	hash, err := h.Hash("tajna šifra")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=1024,t=1,p=1$") || strings.Contains(hash, "tajna") {
		t.Fatalf("unexpected hash %q", hash)
	}
	other, _ := h.Hash("tajna šifra")
	if other == hash {
		t.Fatal("every hash has its own salt")
	}
	if ok, err := h.Verify(hash, "tajna šifra"); !ok || err != nil {
		t.Fatalf("right password: %v, %v", ok, err)
	}
	if ok, _ := h.Verify(hash, "tajna sifra"); ok {
		t.Fatal("wrong password must not verify")
	}
	// A hash made with other parameters still verifies: they travel in the hash.
	if ok, _ := NewArgon2Hasher(DefaultArgon2).Verify(hash, "tajna šifra"); !ok {
		t.Fatal("parameters are read from the hash")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$YQ$YQ", "$argon2id$v=19$m=x$YQ$YQ"} {
		if _, err := h.Verify(bad, "x"); err == nil {
			t.Fatalf("malformed hash %q must be an error", bad)
		}
	}
}
