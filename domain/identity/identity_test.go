package identity

import (
	"errors"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func fields(t *testing.T, err error) map[string][]string {
	t.Helper()
	var e *kernel.Error
	if err == nil {
		return nil
	}
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid {
		t.Fatalf("want a validation error, got %v", err)
	}
	return e.Fields
}

func ptr(v int64) *int64 { return &v }

func TestUserInputValidate(t *testing.T) {
	valid := UserInput{Name: "Ana Marković", Username: "ana", Password: "tajna", Roles: []string{"manager"}}
	cases := []struct {
		name     string
		edit     func(*UserInput)
		creating bool
		want     map[string]string // field -> first message
	}{
		{"valid create", func(*UserInput) {}, true, nil},
		{"name required", func(in *UserInput) { in.Name = " " }, true, map[string]string{"name": "The name field is required."}},
		{"name too short", func(in *UserInput) { in.Name = "A" }, true, map[string]string{"name": "The name must be at least 2 characters."}},
		{"name starting with a number", func(in *UserInput) { in.Name = "1 Ana" }, true, map[string]string{"name": "The name must not start with a number."}},
		{"username required", func(in *UserInput) { in.Username = "" }, true, map[string]string{"username": "The username field is required."}},
		{"password required on create", func(in *UserInput) { in.Password = "" }, true, map[string]string{"password": "The password field is required."}},
		{"password blank keeps old on edit", func(in *UserInput) { in.Password = "" }, false, nil},
		{"password too short", func(in *UserInput) { in.Password = "abc" }, false, map[string]string{"password": "The password must be at least 4 characters."}},
		{"new password checked on edit", func(in *UserInput) { in.Password = "a\x00bcd" }, false, map[string]string{"password": "The password contains characters that are not allowed."}},
		{"bad role", func(in *UserInput) { in.Roles = []string{"king"} }, true, map[string]string{"roles": "The selected role is invalid."}},
		{"bad partner id", func(in *UserInput) { in.PartnerID = ptr(0) }, true, map[string]string{"partner_id": "The partner id must be a positive integer."}},
		{"everything wrong at once", func(in *UserInput) { *in = UserInput{} }, true, map[string]string{
			"name": "The name field is required.", "username": "The username field is required.", "password": "The password field is required."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := valid
			c.edit(&in)
			got := fields(t, in.Validate(c.creating))
			if len(got) != len(c.want) {
				t.Fatalf("fields = %v, want %v", got, c.want)
			}
			for f, msg := range c.want {
				if len(got[f]) == 0 || got[f][0] != msg {
					t.Fatalf("field %s = %v, want %q", f, got[f], msg)
				}
			}
		})
	}
}

func TestNewUserAndEdit(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	u, err := NewUser(UserInput{Name: " Ana ", Username: " Ana.M ", Password: "tajna",
		Roles: []string{"financier", "admin", "admin"}}, "hash1", now)
	if err != nil {
		t.Fatal(err)
	}
	if u.Name() != "Ana" || u.Username() != "Ana.M" || !u.IsActive() || u.PasswordHash() != "hash1" {
		t.Fatalf("unexpected user %+v", u)
	}
	if got := u.Roles(); len(got) != 2 || got[0] != RoleAdmin || got[1] != RoleFinancier {
		t.Fatalf("roles = %v, want canonical order without duplicates", got)
	}
	if _, err := NewUser(UserInput{Name: "Ana", Username: "ana"}, "h", now); err == nil {
		t.Fatal("a new user needs a password")
	}

	later := now.Add(time.Hour)
	if err := u.Edit(UserInput{Name: "Ana Nova", Username: "ana", PartnerID: ptr(7)}, "", later); err != nil {
		t.Fatal(err)
	}
	if u.PasswordHash() != "hash1" || !u.IsPartnerLinked() || *u.PartnerID() != 7 || !u.UpdatedAt().Equal(later) {
		t.Fatal("edit without password must keep the hash and apply the rest")
	}
	if err := u.Edit(UserInput{Name: "X", Username: "ana"}, "", later); err == nil || u.Name() != "Ana Nova" {
		t.Fatal("an invalid edit must change nothing")
	}
	u.ToggleActive(later)
	if u.IsActive() || u.CanSignIn() {
		t.Fatal("deactivated user must not sign in")
	}
	u.ToggleActive(later)
	if !u.IsActive() {
		t.Fatal("second toggle reactivates")
	}
}

func TestUpdateProfile(t *testing.T) {
	now := time.Now()
	u := RehydrateUser(1, "Ana", "ana", "old", true, nil, []Role{RoleAdmin}, now, now)
	if err := u.UpdateProfile(ProfileInput{Name: "Ana", Username: "ana", Password: "abc"}, "new", now); err == nil {
		t.Fatal("short password must fail")
	}
	if u.PasswordHash() != "old" {
		t.Fatal("failed update must keep the password")
	}
	if err := u.UpdateProfile(ProfileInput{Name: "Ana B", Username: "anab", Password: "abcd"}, "new", now); err != nil {
		t.Fatal(err)
	}
	if u.PasswordHash() != "new" || u.Username() != "anab" || u.Name() != "Ana B" {
		t.Fatal("profile update not applied")
	}
}

func TestThrottle(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	th := DefaultThrottle
	if th.Blocks(4) || !th.Blocks(5) || !th.Blocks(6) {
		t.Fatal("5 failures in the window block the next attempt")
	}
	if got := th.Since(now); !got.Equal(now.Add(-15 * time.Minute)) {
		t.Fatalf("window starts %v", got)
	}
}

// An attempt is refused when the key's count or, with a limit across keys, the source's
// count reached its limit; a device's rule has no limit across keys, and its source is
// one no address can be.
func TestAttemptRule(t *testing.T) {
	byAddress := AttemptRule{Key: "ana", Source: "10.0.0.1", PerKey: DefaultThrottle, PerSource: DefaultAddressThrottle}
	for _, c := range []struct {
		key, source int
		want        bool
	}{{4, 19, false}, {5, 0, true}, {0, 20, true}, {4, 20, true}} {
		if got := byAddress.Blocks(c.key, c.source); got != c.want {
			t.Errorf("Blocks(%d, %d) = %v", c.key, c.source, got)
		}
	}
	device := AttemptRule{Key: "ana", Source: DeviceSource("abc"), PerKey: DefaultDeviceThrottle}
	if device.Blocks(4, 1000) || !device.Blocks(5, 0) {
		t.Fatal("a device counts only its own failures of the account")
	}
	if s := DeviceSource("abc"); s[0] >= 0x20 || s == "abc" {
		t.Fatalf("device source %q", s)
	}
}

func TestSessionExpiry(t *testing.T) {
	now := time.Now()
	s := Session{ExpiresAt: now.Add(time.Minute)}
	if s.Expired(now) || !s.Expired(now.Add(time.Minute)) {
		t.Fatal("session expires exactly at ExpiresAt")
	}
}

func TestNormalizeUsername(t *testing.T) {
	if NormalizeUsername("  AnA ") != "ana" {
		t.Fatal("usernames compare case-insensitively and trimmed")
	}
}
