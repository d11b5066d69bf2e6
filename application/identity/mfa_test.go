package identity_test

import (
	"context"
	"encoding/base32"
	"errors"
	"testing"
	"time"

	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// enrolled sets up two-factor for the user signed in as p at the clock's time and answers
// its secret and recovery codes.
func enrolled(t *testing.T, svc *appidentity.Service, c *clock, p kernel.Principal) ([]byte, []string) {
	t.Helper()
	ctx := context.Background()
	e, err := svc.EnrolMFA(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(e.Secret)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ConfirmMFA(ctx, p, "000000x"); !errors.Is(err, identity.ErrBadCode) {
		t.Fatalf("a wrong confirmation: %v", err)
	}
	codes, err := svc.ConfirmMFA(ctx, p, identity.TOTPCode(secret, c.Now()))
	if err != nil {
		t.Fatal(err)
	}
	if len(codes) != identity.RecoveryCodes {
		t.Fatalf("%d recovery codes", len(codes))
	}
	return secret, codes
}

// signedIn signs in with the password and answers the principal of the new session.
func signedIn(t *testing.T, svc *appidentity.Service, username, password string) kernel.Principal {
	t.Helper()
	res, err := svc.Login(context.Background(), username, password, from("10.0.0.1"))
	if err != nil || res.Token == "" {
		t.Fatalf("sign-in of %s: %+v %v", username, res, err)
	}
	p, err := svc.Authenticate(context.Background(), res.Token)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTwoStepSignIn(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 10, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"manager"}}); err != nil {
		t.Fatal(err)
	}
	p := signedIn(t, svc, "ana", "pass")
	secret, codes := enrolled(t, svc, c, p)
	if _, err := svc.EnrolMFA(ctx, p); !errors.Is(err, identity.ErrMFAAlreadyOn) {
		t.Fatalf("enrolling again: %v", err)
	}

	// The password alone opens no session: it answers a challenge.
	c.advance(identity.TOTPStep)
	res, err := svc.Login(ctx, "ana", "pass", from("10.0.0.1"))
	if err != nil || !res.MFARequired || res.Token != "" || res.Challenge == "" {
		t.Fatalf("password step: %+v %v", res, err)
	}
	if _, err := svc.LoginMFA(ctx, res.Challenge, "123456x", from("10.0.0.1")); !errors.Is(err, identity.ErrBadCode) {
		t.Fatalf("a malformed code: %v", err)
	}
	code := identity.TOTPCode(secret, c.Now())
	done, err := svc.LoginMFA(ctx, res.Challenge, code, from("10.0.0.1"))
	if err != nil || done.Token == "" {
		t.Fatalf("code step: %+v %v", done, err)
	}
	if _, err := svc.Authenticate(ctx, done.Token); err != nil {
		t.Fatal(err)
	}
	// The challenge is spent; the same code again, through a new challenge, is a replay.
	if _, err := svc.LoginMFA(ctx, res.Challenge, code, from("10.0.0.1")); !errors.Is(err, identity.ErrChallengeExpired) {
		t.Fatalf("a used challenge: %v", err)
	}
	res, _ = svc.Login(ctx, "ana", "pass", from("10.0.0.1"))
	if _, err := svc.LoginMFA(ctx, res.Challenge, code, from("10.0.0.1")); !errors.Is(err, identity.ErrBadCode) {
		t.Fatalf("a replayed code: %v", err)
	}
	// A recovery code works once, typed in capitals without the dash.
	typed := codes[3][:5] + codes[3][6:]
	if _, err := svc.LoginMFA(ctx, res.Challenge, "  "+typed+" ", from("10.0.0.1")); err != nil {
		t.Fatalf("a recovery code: %v", err)
	}
	res, _ = svc.Login(ctx, "ana", "pass", from("10.0.0.1"))
	if _, err := svc.LoginMFA(ctx, res.Challenge, codes[3], from("10.0.0.1")); !errors.Is(err, identity.ErrBadCode) {
		t.Fatalf("a recovery code used twice: %v", err)
	}
	// The challenge expires.
	c.advance(appidentity.DefaultChallengeTTL + time.Second)
	if _, err := svc.LoginMFA(ctx, res.Challenge, identity.TOTPCode(secret, c.Now()), from("10.0.0.1")); !errors.Is(err, identity.ErrChallengeExpired) {
		t.Fatalf("an expired challenge: %v", err)
	}
}

// Wrong codes count with the password's failures, and typing the password again does not
// buy more guesses: the password's attempt stays counted until the code is right.
func TestWrongCodesAreThrottledLikePasswords(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 10, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"manager"}}); err != nil {
		t.Fatal(err)
	}
	secret, _ := enrolled(t, svc, c, signedIn(t, svc, "ana", "pass"))
	c.advance(identity.TOTPStep)
	guesses := 0
	for i := 0; i < 10; i++ {
		res, err := svc.Login(ctx, "ana", "pass", from("10.0.0.9"))
		if errors.Is(err, identity.ErrThrottled) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.LoginMFA(ctx, res.Challenge, "000000", from("10.0.0.9")); errors.Is(err, identity.ErrThrottled) {
			break
		} else if !errors.Is(err, identity.ErrBadCode) {
			t.Fatalf("guess %d: %v", i, err)
		}
		guesses++
	}
	if guesses > identity.DefaultThrottle.Max {
		t.Fatalf("%d code guesses passed the limit of %d", guesses, identity.DefaultThrottle.Max)
	}
	// The right code is refused too until the window passes, then accepted.
	if _, err := svc.Login(ctx, "ana", "pass", from("10.0.0.9")); !errors.Is(err, identity.ErrThrottled) {
		t.Fatalf("after the guesses: %v", err)
	}
	c.advance(identity.DefaultThrottle.Window + time.Minute)
	res, err := svc.Login(ctx, "ana", "pass", from("10.0.0.9"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.LoginMFA(ctx, res.Challenge, identity.TOTPCode(secret, c.Now()), from("10.0.0.9")); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestPolicyRequiresEnrolment(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 10, 0, time.UTC)}
	svc := newService(t, c)
	for _, u := range []identity.UserInput{
		{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"financier"}},
		{Name: "Boro", Username: "boro", Password: "pass", Roles: []string{"engineer"}},
	} {
		if _, err := svc.CreateUser(ctx, appidentity.Operator, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := svc.SetSecurityPolicy(ctx, []string{"owner"}, 1); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("an unknown role: %v", err)
	}
	roles, version, err := svc.SetSecurityPolicy(ctx, []string{"financier"}, 1)
	if err != nil || len(roles) != 1 || version != 2 {
		t.Fatalf("policy: %v %v %v", roles, version, err)
	}
	if _, _, err := svc.SetSecurityPolicy(ctx, []string{"admin"}, 1); !errors.Is(err, kernel.ErrStale) {
		t.Fatalf("a stale policy: %v", err)
	}
	res, err := svc.Login(ctx, "ana", "pass", from("10.0.0.1"))
	if err != nil || !res.EnrolmentRequired || res.Token == "" {
		t.Fatalf("a financier without two-factor: %+v %v", res, err)
	}
	p, err := svc.Authenticate(ctx, res.Token)
	if err != nil || !p.MFAEnrolment {
		t.Fatalf("the session is not held to enrolment: %+v %v", p, err)
	}
	if b := signedIn(t, svc, "boro", "pass"); b.MFAEnrolment {
		t.Fatal("an engineer is held to enrolment")
	}
	if err := svc.DisableMFA(ctx, p, "", "pass", from("10.0.0.1")); !errors.Is(err, identity.ErrMFARequiredByRole) {
		t.Fatalf("turning off what the role requires: %v", err)
	}
	enrolled(t, svc, c, p)
	if p, err = svc.Authenticate(ctx, res.Token); err != nil || p.MFAEnrolment {
		t.Fatalf("after enrolment: %+v %v", p, err)
	}
	if st, err := svc.MFAStatus(ctx, p); err != nil || !st.Enabled || !st.Required {
		t.Fatalf("status: %+v %v", st, err)
	}
	if err := svc.DisableMFA(ctx, p, "", "pass", from("10.0.0.1")); !errors.Is(err, identity.ErrMFARequiredByRole) {
		t.Fatalf("turning off what the role requires: %v", err)
	}
}

func TestDisableAndReset(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 10, 0, time.UTC)}
	svc := newService(t, c)
	for _, u := range []identity.UserInput{
		{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"manager"}},
		{Name: "Admin", Username: "root", Password: "pass", Roles: []string{"admin"}},
	} {
		if _, err := svc.CreateUser(ctx, appidentity.Operator, u); err != nil {
			t.Fatal(err)
		}
	}
	p := signedIn(t, svc, "ana", "pass")
	secret, _ := enrolled(t, svc, c, p)
	if err := svc.DisableMFA(ctx, p, "", "", from("10.0.0.1")); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("neither code nor password: %v", err)
	}
	if err := svc.DisableMFA(ctx, p, "", "wrong", from("10.0.0.1")); !errors.Is(err, identity.ErrWrongPassword) {
		t.Fatalf("a wrong password: %v", err)
	}
	c.advance(identity.TOTPStep)
	if err := svc.DisableMFA(ctx, p, identity.TOTPCode(secret, c.Now()), "", from("10.0.0.1")); err != nil {
		t.Fatalf("with a code: %v", err)
	}
	if err := svc.DisableMFA(ctx, p, "", "pass", from("10.0.0.1")); !errors.Is(err, identity.ErrMFAOff) {
		t.Fatalf("twice: %v", err)
	}
	// An admin's reset turns it off and ends the user's sessions; not the admin's own.
	enrolled(t, svc, c, p)
	admin := signedIn(t, svc, "root", "pass")
	if err := svc.ResetMFA(ctx, admin, admin.UserID); kernel.KindOf(err) != kernel.KindForbidden {
		t.Fatalf("resetting one's own: %v", err)
	}
	if err := svc.ResetMFA(ctx, admin, p.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, "x"); err == nil {
		t.Fatal("nonsense authenticated")
	}
	list, err := svc.UserSessions(ctx, admin, p.UserID)
	if err != nil || len(list) != 0 {
		t.Fatalf("the user's sessions after the reset: %d %v", len(list), err)
	}
	if on, _ := svc.MFAStatus(ctx, p); on.Enabled {
		t.Fatal("still on after the reset")
	}
}

// Sessions end when idle longer than the limit; use within it keeps them, to the minute.
func TestIdleSessionsEnd(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	svc := newServiceWith(t, c, appidentity.Config{TokenTTL: 48 * time.Hour, SessionIdle: 8 * time.Hour})
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"manager"}}); err != nil {
		t.Fatal(err)
	}
	used, _ := svc.Login(ctx, "ana", "pass", from("10.0.0.1"))
	idle, _ := svc.Login(ctx, "ana", "pass", from("10.0.0.2"))
	for range 3 { // used every 7 hours: kept for 21
		c.advance(7 * time.Hour)
		if _, err := svc.Authenticate(ctx, used.Token); err != nil {
			t.Fatalf("a session in use ended: %v", err)
		}
	}
	if _, err := svc.Authenticate(ctx, idle.Token); !errors.Is(err, identity.ErrNoSession) {
		t.Fatalf("an idle session: %v", err)
	}
	c.advance(8*time.Hour + time.Minute)
	if _, err := svc.Authenticate(ctx, used.Token); !errors.Is(err, identity.ErrNoSession) {
		t.Fatalf("a session idle for 8 h: %v", err)
	}
}

func TestSessionsListAndEnd(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"manager"}}); err != nil {
		t.Fatal(err)
	}
	a := signedIn(t, svc, "ana", "pass")
	c.advance(time.Minute)
	other, _ := svc.Login(ctx, "ana", "pass", appidentity.Client{Address: "10.9.9.9", UserAgent: "Firefox/140"})
	list, err := svc.Sessions(ctx, a)
	if err != nil || len(list) != 2 {
		t.Fatalf("%d sessions, %v", len(list), err)
	}
	if list[0].Address != "10.9.9.9" || list[0].UserAgent != "Firefox/140" || list[0].Current || !list[1].Current {
		t.Fatalf("list %+v", list)
	}
	if err := svc.EndSession(ctx, a, "no-such-id"); kernel.KindOf(err) != kernel.KindNotFound {
		t.Fatalf("an unknown session: %v", err)
	}
	if err := svc.EndSession(ctx, a, list[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, other.Token); !errors.Is(err, identity.ErrNoSession) {
		t.Fatalf("the ended session: %v", err)
	}
	third, _ := svc.Login(ctx, "ana", "pass", from("10.0.0.3"))
	if err := svc.EndOtherSessions(ctx, a); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, third.Token); !errors.Is(err, identity.ErrNoSession) {
		t.Fatalf("another session after ending all others: %v", err)
	}
	if _, err := svc.Authenticate(ctx, "x"+third.Token); err == nil {
		t.Fatal("a made-up token")
	}
	if list, _ := svc.Sessions(ctx, a); len(list) != 1 || !list[0].Current {
		t.Fatalf("after ending the others: %+v", list)
	}
}
