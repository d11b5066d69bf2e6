package security_test

import (
	"bytes"
	"strings"
	"testing"

	"vitrina/adapters/security"
)

func TestParseSecretKey(t *testing.T) {
	good := strings.Repeat("ab", 32)
	if k, err := security.ParseSecretKey(good); err != nil || len(k) != 32 {
		t.Fatalf("64 hex digits: %v", err)
	}
	for _, bad := range []string{"", strings.Repeat("ab", 31), strings.Repeat("ab", 33), strings.Repeat("zz", 32), "a passphrase that is at least 32 characters long!!"} {
		_, err := security.ParseSecretKey(bad)
		if err == nil {
			t.Errorf("%q was accepted", bad)
			continue
		}
		if bad != "" && strings.Contains(err.Error(), bad) {
			t.Errorf("the error repeats the key: %v", err)
		}
	}
}

func TestSecretBoxSealsAndOpens(t *testing.T) {
	key, _ := security.ParseSecretKey(strings.Repeat("01", 32))
	box, err := security.NewSecretBox(key)
	if err != nil {
		t.Fatal(err)
	}
	secret := []byte("12345678901234567890")
	a, err := box.Seal(secret)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := box.Seal(secret)
	if a == b || strings.Contains(a, "12345") {
		t.Errorf("sealing is not randomized or shows the secret: %s %s", a, b)
	}
	got, err := box.Open(a)
	if err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("open: %q %v", got, err)
	}
	// Another key, an altered text, and garbage do not open.
	other, _ := security.ParseSecretKey(strings.Repeat("02", 32))
	box2, _ := security.NewSecretBox(other)
	if _, err := box2.Open(a); err == nil {
		t.Error("another key opened the secret")
	}
	altered := a[:len(a)-2] + map[bool]string{true: "AA", false: "BB"}[a[len(a)-2:] != "AA"]
	if _, err := box.Open(altered); err == nil {
		t.Error("an altered text opened")
	}
	if _, err := box.Open("s1.!!"); err == nil {
		t.Error("garbage opened")
	}
	again, _ := security.NewSecretBox(key)
	if box.MAC("abcde") == box2.MAC("abcde") || box.MAC("abcde") != again.MAC("abcde") {
		t.Error("the MAC is not keyed or not stable")
	}
	none, _ := security.NewSecretBox(nil)
	if none.Configured() {
		t.Error("a box without a key says it is configured")
	}
	if _, err := none.Seal(secret); err == nil {
		t.Error("a box without a key sealed")
	}
}
