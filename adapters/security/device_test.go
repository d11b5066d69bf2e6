package security_test

import (
	"context"
	"strings"
	"testing"

	"vitrina/adapters/security"
)

// A device cookie names its device only for the account it was issued to and only under the
// key that signed it; forged, tampered and malformed cookies name nothing.
func TestDeviceCookies(t *testing.T) {
	ctx := context.Background()
	d := security.NewDeviceCookies(security.SecretKey("one installation's secret of 32+ characters"))
	cookie, err := d.Issue(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	device, ok, err := d.Device(ctx, cookie, "ana")
	if err != nil || !ok || device == "" || !strings.Contains(cookie, device) || strings.Contains(cookie, "ana") {
		t.Fatalf("own cookie %q: %q %v %v", cookie, device, ok, err)
	}
	again, _ := d.Issue(ctx, "ana")
	if again == cookie {
		t.Fatal("every sign-in gets a new device")
	}
	parts := strings.Split(cookie, ".")
	flip := func(s string) string {
		if s[0] == 'A' {
			return "B" + s[1:]
		}
		return "A" + s[1:]
	}
	refused := map[string]string{
		"another account":  cookie,
		"tampered device":  parts[0] + "." + flip(parts[1]) + "." + parts[2],
		"tampered mac":     parts[0] + "." + parts[1] + "." + flip(parts[2]),
		"forged":           "d1.AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"another version":  "d2." + parts[1] + "." + parts[2],
		"malformed":        "garbage",
		"empty":            "",
		"mac of another":   parts[0] + "." + parts[1] + "." + strings.Split(again, ".")[2],
		"device too short": parts[0] + "." + parts[1][:8] + "." + parts[2],
	}
	for name, c := range refused {
		account := "ana"
		if name == "another account" {
			account = "bojan"
		}
		if _, ok, err := d.Device(ctx, c, account); ok || err != nil {
			t.Fatalf("%s: accepted (%v)", name, err)
		}
	}
	other := security.NewDeviceCookies(security.SecretKey("another installation's secret, 32+ chars"))
	if _, ok, _ := other.Device(ctx, cookie, "ana"); ok {
		t.Fatal("a cookie signed under another key is refused")
	}
}

// Without a configured secret the key is made once and kept by the store, so two instances
// over one store sign alike.
func TestStoredDeviceKey(t *testing.T) {
	ctx := context.Background()
	kept := map[string]string{}
	store := func(_ context.Context, name string, generate func() (string, error)) (string, error) {
		if v, ok := kept[name]; ok {
			return v, nil
		}
		v, err := generate()
		kept[name] = v
		return v, err
	}
	one, two := security.NewDeviceCookies(security.StoredKey(store)), security.NewDeviceCookies(security.StoredKey(store))
	cookie, err := one.Issue(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := two.Device(ctx, cookie, "ana"); !ok || err != nil {
		t.Fatalf("the second instance refuses the first one's cookie: %v", err)
	}
	if len(kept["device-cookie-key"]) != 64 {
		t.Fatalf("stored key %q", kept["device-cookie-key"])
	}
}
