package identity_test

import (
	"crypto/rand"
	"hash"
	"net/url"
	"strings"
	"testing"
	"time"

	"vitrina/domain/identity"
)

// RFC 6238 appendix B: the seeds and the eight-digit codes at each time, per hash.
func TestTOTPAgainstRFC6238Vectors(t *testing.T) {
	seeds := map[string][]byte{
		"SHA1":   []byte("12345678901234567890"),
		"SHA256": []byte("12345678901234567890123456789012"),
		"SHA512": []byte("1234567890123456789012345678901234567890123456789012345678901234"),
	}
	hashes := map[string]func() hash.Hash{"SHA1": identity.SHA1, "SHA256": identity.SHA256, "SHA512": identity.SHA512}
	vectors := []struct {
		unix int64
		code map[string]string
	}{
		{59, map[string]string{"SHA1": "94287082", "SHA256": "46119246", "SHA512": "90693936"}},
		{1111111109, map[string]string{"SHA1": "07081804", "SHA256": "68084774", "SHA512": "25091201"}},
		{1111111111, map[string]string{"SHA1": "14050471", "SHA256": "67062674", "SHA512": "99943326"}},
		{1234567890, map[string]string{"SHA1": "89005924", "SHA256": "91819424", "SHA512": "93441116"}},
		{2000000000, map[string]string{"SHA1": "69279037", "SHA256": "90698825", "SHA512": "38618901"}},
		{20000000000, map[string]string{"SHA1": "65353130", "SHA256": "77737706", "SHA512": "47863826"}},
	}
	for _, v := range vectors {
		step := uint64(identity.TOTPStepAt(time.Unix(v.unix, 0)))
		for name, want := range v.code {
			got := identity.HOTP(hashes[name], seeds[name], step, 8)
			if got != want {
				t.Errorf("%s at %d: %s, want %s", name, v.unix, got, want)
			}
		}
	}
	// The six-digit code is the last six digits of the same value.
	if got := identity.TOTPCode(seeds["SHA1"], time.Unix(59, 0)); got != "287082" {
		t.Errorf("six digits at 59: %s", got)
	}
}

func TestTOTPWindowAndReplay(t *testing.T) {
	secret := []byte("12345678901234567890")
	now := time.Unix(1111111111, 0)
	step := identity.TOTPStepAt(now)
	at := func(d int64) string { return identity.TOTPCode(secret, now.Add(time.Duration(d)*identity.TOTPStep)) }

	for _, d := range []int64{-1, 0, 1} {
		got, ok := identity.MatchTOTP(secret, at(d), now, 0)
		if !ok || got != step+d {
			t.Errorf("a code %d step(s) off: ok %v step %d, want %d", d, ok, got, step+d)
		}
	}
	for _, d := range []int64{-2, 2} {
		if _, ok := identity.MatchTOTP(secret, at(d), now, 0); ok {
			t.Errorf("a code %d steps off was accepted", d)
		}
	}
	// Each step once: the code of the step last used, and any older one, is refused.
	if _, ok := identity.MatchTOTP(secret, at(0), now, step); ok {
		t.Error("a replayed code was accepted")
	}
	if _, ok := identity.MatchTOTP(secret, at(-1), now, step); ok {
		t.Error("an older code was accepted after a newer one")
	}
	if _, ok := identity.MatchTOTP(secret, at(1), now, step); !ok {
		t.Error("the next step's code was refused after this step's")
	}
	for _, bad := range []string{"", "12345", "1234567", "12a456", " "} {
		if _, ok := identity.MatchTOTP(secret, bad, now, 0); ok {
			t.Errorf("%q was accepted", bad)
		}
	}
	// Another secret's code is refused.
	if _, ok := identity.MatchTOTP([]byte("another secret 12345"), at(0), now, 0); ok {
		t.Error("another secret's code was accepted")
	}
}

func TestRecoveryCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		b := make([]byte, 10)
		_, _ = rand.Read(b)
		c := identity.NewRecoveryCode(b)
		if len(c) != 11 || c[5] != '-' {
			t.Fatalf("code %q is not xxxxx-xxxxx", c)
		}
		n := identity.NormalizeRecoveryCode(strings.ToUpper(c))
		if n == "" || len(n) != 10 || n != strings.ReplaceAll(c, "-", "") {
			t.Fatalf("%q normalizes to %q", c, n)
		}
		if identity.NormalizeRecoveryCode(" "+c[:5]+" "+c[6:]+" ") != n {
			t.Fatalf("%q typed with spaces is not the same code", c)
		}
		seen[c] = true
	}
	if len(seen) < 199 {
		t.Errorf("only %d distinct codes of 200", len(seen))
	}
	for _, bad := range []string{"", "abcde", "abcde-abcde-a", "abcd0-abcde", "abcde_abcde"} {
		if n := identity.NormalizeRecoveryCode(bad); n != "" {
			t.Errorf("%q normalizes to %q", bad, n)
		}
	}
	if identity.IsTOTPCode("abcde-fghjk") || !identity.IsTOTPCode(" 123456 ") {
		t.Error("IsTOTPCode tells codes apart wrongly")
	}
}

func TestOTPAuthURL(t *testing.T) {
	secret := []byte("12345678901234567890")
	u, err := url.Parse(identity.OTPAuthURL("ana marić", secret))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Scheme != "otpauth" || u.Host != "totp" || u.Path != "/Vitrina:ana marić" {
		t.Errorf("url %s", u)
	}
	if q.Get("secret") != "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" || q.Get("issuer") != "Vitrina" || q.Get("digits") != "6" || q.Get("period") != "30" {
		t.Errorf("query %v", q)
	}
}

func TestMFAPolicy(t *testing.T) {
	p, err := identity.ParseMFAPolicy([]string{"financier", "admin", "admin"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.Names(), ","); got != "admin,financier" {
		t.Errorf("roles %s", got)
	}
	if !p.Requires([]string{"manager", "financier"}) || p.Requires([]string{"manager"}) || p.Requires(nil) {
		t.Error("Requires is wrong")
	}
	if _, err := identity.ParseMFAPolicy([]string{"owner"}); err == nil || !strings.Contains(err.Error(), "invalid") {
		t.Errorf("an unknown role: %v", err)
	}
	if (identity.MFAPolicy{}).Names() == nil {
		t.Error("an empty policy's names are nil")
	}
}

func TestIdle(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	if identity.Idle(now.Add(-8*time.Hour), 8*time.Hour, now) {
		t.Error("exactly the idle limit ended the session")
	}
	if !identity.Idle(now.Add(-8*time.Hour-time.Second), 8*time.Hour, now) {
		t.Error("past the idle limit kept the session")
	}
	if identity.Idle(now.Add(-1000*time.Hour), 0, now) {
		t.Error("no idle limit ended the session")
	}
}
