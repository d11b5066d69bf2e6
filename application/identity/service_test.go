package identity_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/authz"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/security"
	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	identityports "vitrina/ports/identity"

	"github.com/uptrace/bun"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func mustAuthz(t *testing.T) *authz.Enforcer {
	t.Helper()
	e, err := authz.New()
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// twoFactor is two-factor sign-in over db with a test key.
func twoFactor(t *testing.T, db *bun.DB) identityports.TwoFactor {
	t.Helper()
	box, err := security.NewSecretBox(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return identityports.TwoFactor{Store: persistence.NewMFA(db), Box: box, Sessions: persistence.NewSessions(db)}
}

func newService(t *testing.T, c *clock) *appidentity.Service {
	return newServiceWith(t, c, appidentity.Config{TokenTTL: time.Hour})
}

func newServiceWith(t *testing.T, c *clock, cfg appidentity.Config) *appidentity.Service {
	db := dbtest.Migrated(t, dbtest.SQLiteURL(t))
	users := persistence.NewUsers(db)
	return appidentity.NewService(cfg, users, persistence.NewUserLists(db), persistence.NewSessions(db),
		persistence.NewLoginAttempts(db), devices(), persistence.NewPartnerDirectory(db),
		security.NewArgon2Hasher(security.Argon2Params{Memory: 1024, Time: 1, Threads: 1}), persistence.NewTxManager(db), c, mustAuthz(t), persistence.NewAuditLog(db, c), twoFactor(t, db))
}

// The throttle holds for the window, counts per username and address, and lifts by itself.
func TestThrottleWindowPasses(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", Roles: []string{"admin"}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		if _, err := svc.Login(ctx, "ana", "bad", from("1.1.1.1")); err != identity.ErrBadCredentials {
			t.Fatalf("attempt %d: %v", i, err)
		}
		c.advance(time.Minute)
	}
	if _, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1")); err != identity.ErrThrottled {
		t.Fatalf("sixth attempt = %v, want throttled", err)
	}
	c.advance(10*time.Minute + time.Second) // the first failure leaves the window
	if _, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1")); err != nil {
		t.Fatalf("after the window: %v", err)
	}
	// Success clears the count.
	for i := 0; i < 4; i++ {
		_, _ = svc.Login(ctx, "ana", "bad", from("1.1.1.1"))
	}
	if _, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1")); err != nil {
		t.Fatalf("four failures do not block: %v", err)
	}
}

func TestTokensExpireWithTheirTTL(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass"}); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1"))
	if err != nil || res.ExpiresIn != 3600 {
		t.Fatalf("login %+v, %v", res, err)
	}
	c.advance(59 * time.Minute)
	if _, err := svc.Authenticate(ctx, res.Token); err != nil {
		t.Fatalf("before expiry: %v", err)
	}
	c.advance(time.Minute)
	if _, err := svc.Authenticate(ctx, res.Token); kernel.KindOf(err) != kernel.KindUnauthenticated {
		t.Fatalf("at expiry: %v", err)
	}
	if err := svc.PurgeExpiredSessions(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureAdminOnlyOnAnEmptyDatabase(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, &clock{now: time.Now()})
	created, err := svc.EnsureAdmin(ctx, "root", "rootpass")
	if err != nil || !created {
		t.Fatalf("first start: %v, %v", created, err)
	}
	created, err = svc.EnsureAdmin(ctx, "other", "otherpass")
	if err != nil || created {
		t.Fatalf("second start must create nothing: %v, %v", created, err)
	}
	if _, err := svc.Login(ctx, "root", "rootpass", from("x")); err != nil {
		t.Fatal(err)
	}
}

// One address trying many usernames is held back after 20 failures in 15 minutes, even
// though no single username reached its own limit; another address is not.
func TestAddressThrottleAcrossUsernames(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass"}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < identity.DefaultAddressThrottle.Max; i++ {
		if _, err := svc.Login(ctx, fmt.Sprintf("guess%02d", i), "pass", from("6.6.6.6")); err != identity.ErrBadCredentials {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if _, err := svc.Login(ctx, "ana", "pass", from("6.6.6.6")); err != identity.ErrThrottled {
		t.Fatalf("after 20 usernames = %v, want throttled", err)
	}
	if _, err := svc.Login(ctx, "ana", "pass", from("7.7.7.7")); err != nil {
		t.Fatalf("another address: %v", err)
	}
	c.advance(15*time.Minute + time.Second)
	if _, err := svc.Login(ctx, "ana", "pass", from("6.6.6.6")); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

// A new password needs the current one; wrong guesses count as failed sign-ins.
func TestOwnPasswordChangeNeedsTheCurrentOne(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass"}); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := svc.Authenticate(ctx, res.Token)
	if err != nil {
		t.Fatal(err)
	}
	change := func(current string) error {
		_, err := svc.UpdateOwn(ctx, p, kernel.AnyVersion, identity.ProfileInput{Name: "Ana", Username: "ana", Password: "nova",
			CurrentPassword: current}, "1.1.1.1")
		return err
	}
	if err := change(""); err != identity.ErrWrongCurrentPassword {
		t.Fatalf("missing current password: %v", err)
	}
	for i := 0; i < identity.DefaultThrottle.Max; i++ {
		if err := change("guess"); err != identity.ErrWrongCurrentPassword {
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	if err := change("pass"); err != identity.ErrThrottled {
		t.Fatalf("after five wrong guesses = %v, want throttled", err)
	}
	if _, err := svc.Login(ctx, "ana", "pass", from("1.1.1.1")); err != identity.ErrThrottled {
		t.Fatalf("sign-in after the guesses = %v, want throttled", err)
	}
	// A name change alone needs no password.
	if _, err := svc.UpdateOwn(ctx, p, kernel.AnyVersion, identity.ProfileInput{Name: "Ana Nova", Username: "ana"}, "1.1.1.1"); err != nil {
		t.Fatal(err)
	}
	c.advance(16 * time.Minute)
	if err := change("pass"); err != nil {
		t.Fatalf("the right current password: %v", err)
	}
	if _, err := svc.Login(ctx, "ana", "nova", from("1.1.1.1")); err != nil {
		t.Fatal(err)
	}
}

// from is a client at addr without a device cookie.
func from(addr string) appidentity.Client { return appidentity.Client{Address: addr} }

// devices signs device cookies with a fixed test key.
func devices() *security.DeviceCookies {
	return security.NewDeviceCookies(security.SecretKey("a test key of at least thirty-two characters"))
}
