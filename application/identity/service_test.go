package identity_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/security"
	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
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

func newService(t *testing.T, c *clock) *appidentity.Service {
	db := dbtest.Migrated(t, dbtest.SQLiteURL(t))
	users := persistence.NewUsers(db)
	return appidentity.NewService(appidentity.Config{TokenTTL: time.Hour}, users, persistence.NewUserList(db), persistence.NewSessions(db),
		persistence.NewLoginAttempts(db), persistence.NewPartnerStore(db),
		security.NewArgon2Hasher(security.Argon2Params{Memory: 1024, Time: 1, Threads: 1}), persistence.NewTxManager(db), c)
}

// The throttle holds for the window, counts per username and address, and lifts by itself.
func TestThrottleWindowPasses(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", ConfirmPassword: "pass", Roles: []string{"admin"}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		if _, err := svc.Login(ctx, "ana", "bad", "1.1.1.1"); err != identity.ErrBadCredentials {
			t.Fatalf("attempt %d: %v", i, err)
		}
		c.advance(time.Minute)
	}
	if _, err := svc.Login(ctx, "ana", "pass", "1.1.1.1"); err != identity.ErrThrottled {
		t.Fatalf("sixth attempt = %v, want throttled", err)
	}
	c.advance(10*time.Minute + time.Second) // the first failure leaves the window
	if _, err := svc.Login(ctx, "ana", "pass", "1.1.1.1"); err != nil {
		t.Fatalf("after the window: %v", err)
	}
	// Success clears the count.
	for i := 0; i < 4; i++ {
		_, _ = svc.Login(ctx, "ana", "bad", "1.1.1.1")
	}
	if _, err := svc.Login(ctx, "ana", "pass", "1.1.1.1"); err != nil {
		t.Fatalf("four failures do not block: %v", err)
	}
}

func TestTokensExpireWithTheirTTL(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)}
	svc := newService(t, c)
	if _, err := svc.CreateUser(ctx, identity.UserInput{Name: "Ana", Username: "ana", Password: "pass", ConfirmPassword: "pass"}); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Login(ctx, "ana", "pass", "1.1.1.1")
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
	if _, err := svc.Login(ctx, "root", "rootpass", "x"); err != nil {
		t.Fatal(err)
	}
}
