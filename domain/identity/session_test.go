package identity

import (
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func TestAppSignInValidate(t *testing.T) {
	cases := []struct {
		name string
		in   AppSignIn
		want map[string]string // field -> first message
	}{
		{"partner id", AppSignIn{PartnerID: ptr(1001), Password: "tajna"}, nil},
		{"username", AppSignIn{Username: "ana", Password: "tajna"}, nil},
		{"neither", AppSignIn{Password: "tajna"}, map[string]string{
			"partner_id": "The partner id field is required when username is not present.",
			"username":   "The username field is required when partner id is not present."}},
		{"both", AppSignIn{PartnerID: ptr(1001), Username: "ana", Password: "tajna"}, map[string]string{
			"partner_id": "The partner id field prohibits username from being present."}},
		{"zero partner id", AppSignIn{PartnerID: ptr(0), Password: "tajna"}, map[string]string{
			"partner_id": "The partner id must be a positive integer."}},
		{"negative partner id", AppSignIn{PartnerID: ptr(-4), Password: "tajna"}, map[string]string{
			"partner_id": "The partner id must be a positive integer."}},
		{"blank username", AppSignIn{Username: "  ", Password: "tajna"}, map[string]string{
			"username": "The username field is required."}},
		{"username no account can have", AppSignIn{Username: "ana\x00", Password: "tajna"}, map[string]string{
			"username": "The username contains characters that are not allowed."}},
		{"username too long", AppSignIn{Username: strings.Repeat("a", kernel.MaxUsernameLength+1), Password: "tajna"}, map[string]string{
			"username": "The username may not be greater than 100 characters."}},
		{"password required", AppSignIn{PartnerID: ptr(1001)}, map[string]string{"password": "The password field is required."}},
	}
	for _, c := range cases {
		got := fields(t, c.in.Validate())
		if len(got) != len(c.want) {
			t.Fatalf("%s: %v, want %v", c.name, got, c.want)
		}
		for f, msg := range c.want {
			if len(got[f]) == 0 || got[f][0] != msg {
				t.Fatalf("%s: %s = %v, want %q", c.name, f, got[f], msg)
			}
		}
	}
}

// A username counts under the panel's own key; a partner id under a key no username can be.
func TestAppSignInThrottleKey(t *testing.T) {
	if k := (AppSignIn{Username: " Ana "}).ThrottleKey(); k != NormalizeUsername("ana") {
		t.Fatalf("username key %q", k)
	}
	partnerKey := AppSignIn{PartnerID: ptr(1001)}.ThrottleKey()
	if partnerKey != PartnerThrottleKey(1001) || partnerKey == PartnerThrottleKey(1002) {
		t.Fatalf("partner key %q", partnerKey)
	}
	// Whatever a username looks like, it cannot be the partner's key: usernames refuse
	// control characters, and the partner's key starts with one.
	for _, username := range []string{"1001", "partner:1001", "\x1fpartner:1001", strings.TrimPrefix(partnerKey, "\x1f")} {
		in := AppSignIn{Username: username, Password: "x"}
		if in.Validate() == nil && in.ThrottleKey() == partnerKey {
			t.Fatalf("the username %q shares the partner's throttle key", username)
		}
	}
}

func TestSessionKinds(t *testing.T) {
	exp := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	panel := NewPanelSession("h", 7, exp)
	if panel.IsApp() || !panel.Whole() || panel.UserID != 7 || panel.PartnerID != 0 {
		t.Fatalf("panel session %+v", panel)
	}
	own := NewAppSession("h", 1001, 0, exp)
	if !own.IsApp() || !own.Whole() || own.UserID != 0 || own.PartnerID != 1001 {
		t.Fatalf("a partner's own app session %+v", own)
	}
	if linked := NewAppSession("h", 1001, 7, exp); !linked.Whole() || linked.UserID != 7 {
		t.Fatalf("a linked user's app session %+v", linked)
	}
	for name, s := range map[string]Session{
		"panel without a user":   NewPanelSession("h", 0, exp),
		"panel with a partner":   {TokenHash: "h", Kind: kernel.PanelSession, UserID: 7, PartnerID: 1001, ExpiresAt: exp},
		"app without a partner":  NewAppSession("h", 0, 7, exp),
		"unknown kind":           {TokenHash: "h", Kind: "other", UserID: 7, ExpiresAt: exp},
		"no kind (a stray zero)": {TokenHash: "h", UserID: 7, ExpiresAt: exp},
	} {
		if s.Whole() {
			t.Fatalf("%s counts as whole", name)
		}
	}
	if panel.Expired(exp.Add(-time.Second)) || !panel.Expired(exp) {
		t.Fatal("expiry")
	}
}
