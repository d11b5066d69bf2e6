package identity_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/security"
	appidentity "vitrina/application/identity"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
)

// appWorld is the identity use cases over a database with partners: 1001 active with the app
// password "tajna", 1002 inactive with it, 1003 active without one (an imported partner);
// and users: vezani (linked to 1001), slobodni (linked to none), neaktivni (linked to 1001,
// inactive), uz-neaktivnog (linked to 1002); all with the password "lozinka".
func appWorld(t *testing.T, c *clock) (*appidentity.Service, *bun.DB, map[string]kernel.ID) {
	t.Helper()
	ctx := context.Background()
	db := dbtest.Migrated(t, dbtest.SQLiteURL(t))
	hasher := security.NewArgon2Hasher(security.Argon2Params{Memory: 1024, Time: 1, Threads: 1})
	svc := appidentity.NewService(appidentity.Config{TokenTTL: time.Hour}, persistence.NewUsers(db), persistence.NewUserLists(db),
		persistence.NewSessions(db), persistence.NewLoginAttempts(db), devices(), persistence.NewPartnerDirectory(db), hasher,
		persistence.NewTxManager(db), c, mustAuthz(t), persistence.NewAuditLog(db, c), twoFactor(t, db))
	hash, err := hasher.Hash(ctx, "tajna")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		id     int64
		active bool
		hash   string
	}{{1001, true, hash}, {1002, false, hash}, {1003, true, ""}} {
		if _, err := db.NewRaw("INSERT INTO partners (id, name, name_fold, is_active, password_hash) VALUES (?, ?, ?, ?, ?)",
			p.id, "Partner", "partner", p.active, p.hash).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	ids := map[string]kernel.ID{}
	for _, u := range []struct {
		username string
		partner  *int64
	}{{"vezani", ptr(1001)}, {"slobodni", nil}, {"neaktivni", ptr(1001)}, {"uz-neaktivnog", ptr(1002)}} {
		v, err := svc.CreateUser(ctx, appidentity.Operator, identity.UserInput{Name: "Korisnik", Username: u.username, Password: "lozinka",
			PartnerID: u.partner, Roles: []string{"manager"}})
		if err != nil {
			t.Fatal(err)
		}
		ids[u.username] = kernel.ID(v.ID)
	}
	if _, err := svc.ToggleUser(ctx, appidentity.Operator, ids["neaktivni"]); err != nil {
		t.Fatal(err)
	}
	return svc, db, ids
}

func ptr(v int64) *int64 { return &v }

func byPartner(id int64, password string) identity.AppSignIn {
	return identity.AppSignIn{PartnerID: &id, Password: password}
}

func byUser(username, password string) identity.AppSignIn {
	return identity.AppSignIn{Username: username, Password: password}
}

// Both forms sign in to an app session of the partner; the principal is an app one, acts for
// that partner, has no panel roles, and the linked user's carries the user.
func TestAppLoginOpensAppSessions(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc, _, ids := appWorld(t, c)
	own, err := svc.AppLogin(ctx, byPartner(1001, "tajna"), from("1.1.1.1"))
	if err != nil || own.PartnerID == nil || *own.PartnerID != 1001 || own.ExpiresIn != 3600 || len(own.Token) < 43 {
		t.Fatalf("partner sign-in %+v, %v", own, err)
	}
	p, err := svc.Authenticate(ctx, own.Token)
	if pid, ok := p.AppPartner(); err != nil || !ok || pid != 1001 || p.UserID != 0 || len(p.Roles) != 0 {
		t.Fatalf("partner principal %+v, %v", p, err)
	}
	member, err := svc.AppLogin(ctx, byUser(" VEZANI ", "lozinka"), from("1.1.1.1"))
	if err != nil || *member.PartnerID != 1001 {
		t.Fatalf("linked user sign-in %+v, %v", member, err)
	}
	p, err = svc.Authenticate(ctx, member.Token)
	if pid, ok := p.AppPartner(); err != nil || !ok || pid != 1001 || p.UserID != ids["vezani"] || p.Username != "vezani" || len(p.Roles) != 0 {
		t.Fatalf("linked user's app principal %+v, %v", p, err)
	}
	// The same user's panel sign-in is a panel session, as before.
	panel, err := svc.Login(ctx, "vezani", "lozinka", from("1.1.1.1"))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := svc.Authenticate(ctx, panel.Token); err != nil || p.IsApp() || !p.IsPartnerLinked() || len(p.Roles) != 1 {
		t.Fatalf("panel principal %+v, %v", p, err)
	}
	// Logout ends the app session used and no other.
	p, _ = svc.Authenticate(ctx, own.Token)
	if err := svc.Logout(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, own.Token); err != identity.ErrNoSession {
		t.Fatalf("after logout: %v", err)
	}
	if _, err := svc.Authenticate(ctx, member.Token); err != nil {
		t.Fatalf("another app session after the logout: %v", err)
	}
	// App sessions expire with the same lifetime.
	c.advance(time.Hour)
	if _, err := svc.Authenticate(ctx, member.Token); err != identity.ErrNoSession {
		t.Fatalf("at expiry: %v", err)
	}
}

// Every way of failing answers the panel's one message, and counts as a failure.
func TestAppLoginFailuresAnswerAlike(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc, db, _ := appWorld(t, c)
	for name, in := range map[string]identity.AppSignIn{
		"wrong partner password":      byPartner(1001, "pogresno"),
		"unknown partner":             byPartner(4040, "tajna"),
		"inactive partner":            byPartner(1002, "tajna"),
		"partner without a password":  byPartner(1003, ""),
		"partner without a password2": byPartner(1003, "tajna"),
		"wrong user password":         byUser("vezani", "pogresno"),
		"unknown user":                byUser("nepoznat", "lozinka"),
		"unlinked user":               byUser("slobodni", "lozinka"),
		"inactive user":               byUser("neaktivni", "lozinka"),
		"user of an inactive partner": byUser("uz-neaktivnog", "lozinka"),
		"a user by the partner's id":  byUser("1001", "tajna"),
	} {
		_, err := svc.AppLogin(ctx, in, from("2.2.2."+name[:1]))
		if kernel.KindOf(err) == kernel.KindInvalid && name == "partner without a password" {
			continue // an empty password is a form error before any lookup
		}
		if err != identity.ErrBadCredentials {
			t.Fatalf("%s: %v, want %v", name, err, identity.ErrBadCredentials)
		}
	}
	var failures int
	if err := db.NewRaw("SELECT count(*) FROM login_attempts").Scan(ctx, &failures); err != nil || failures != 10 {
		t.Fatalf("%d failures recorded (%v), want 10", failures, err)
	}
	// The unlinked user still signs in to the panel: the refusal is the app's alone.
	if _, err := svc.Login(ctx, "slobodni", "lozinka", from("3.3.3.3")); err != nil {
		t.Fatalf("panel sign-in of the unlinked user: %v", err)
	}
}

// The app's sign-in meets the panel's throttles: five failures of a partner id from one
// address hold it back, the right password too, until the window passes; a username's
// failures count together through both doors; twenty from one address hold every key back.
func TestAppLoginThrottle(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc, _, _ := appWorld(t, c)
	for i := 0; i < identity.DefaultThrottle.Max; i++ {
		if _, err := svc.AppLogin(ctx, byPartner(1001, "pogresno"), from("4.4.4.4")); err != identity.ErrBadCredentials {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if _, err := svc.AppLogin(ctx, byPartner(1001, "tajna"), from("4.4.4.4")); err != identity.ErrThrottled {
		t.Fatalf("sixth attempt = %v, want throttled", err)
	}
	if _, err := svc.AppLogin(ctx, byPartner(1001, "tajna"), from("5.5.5.5")); err != nil {
		t.Fatalf("another address: %v", err)
	}
	if _, err := svc.AppLogin(ctx, byUser("vezani", "lozinka"), from("4.4.4.4")); err != nil {
		t.Fatalf("another key from the address: %v", err)
	}

	// Three panel failures and two app failures of one username: the sixth try is throttled
	// at either door.
	for i := 0; i < 3; i++ {
		_, _ = svc.Login(ctx, "vezani", "pogresno", from("6.6.6.6"))
	}
	for i := 0; i < 2; i++ {
		_, _ = svc.AppLogin(ctx, byUser("vezani", "pogresno"), from("6.6.6.6"))
	}
	if _, err := svc.AppLogin(ctx, byUser("vezani", "lozinka"), from("6.6.6.6")); err != identity.ErrThrottled {
		t.Fatalf("app after five failures at both doors = %v", err)
	}
	if _, err := svc.Login(ctx, "vezani", "lozinka", from("6.6.6.6")); err != identity.ErrThrottled {
		t.Fatalf("panel after five failures at both doors = %v", err)
	}

	for i := 0; i < identity.DefaultAddressThrottle.Max; i++ {
		_, _ = svc.AppLogin(ctx, byPartner(int64(2000+i), "tajna"), from("7.7.7.7"))
	}
	if _, err := svc.AppLogin(ctx, byPartner(1001, "tajna"), from("7.7.7.7")); err != identity.ErrThrottled {
		t.Fatalf("after twenty partner ids from one address = %v", err)
	}
	c.advance(15*time.Minute + time.Second)
	if _, err := svc.AppLogin(ctx, byPartner(1001, "tajna"), from("4.4.4.4")); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

// An app session lives only while its partner is active and its user, if any, is active and
// still linked to that partner; a new password or a deactivation of the user ends it.
func TestAppSessionsFollowPartnerAndUser(t *testing.T) {
	ctx := context.Background()
	c := &clock{now: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)}
	svc, db, ids := appWorld(t, c)
	login := func(in identity.AppSignIn) string {
		t.Helper()
		res, err := svc.AppLogin(ctx, in, from("1.1.1.1"))
		if err != nil {
			t.Fatal(err)
		}
		return res.Token
	}
	alive := func(token string, want bool) {
		t.Helper()
		_, err := svc.Authenticate(ctx, token)
		if (err == nil) != want {
			t.Fatalf("session alive = %v, want %v", err, want)
		}
	}
	setPartnerActive := func(active bool) {
		t.Helper()
		if _, err := db.NewRaw("UPDATE partners SET is_active = ? WHERE id = 1001", active).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	own, member := login(byPartner(1001, "tajna")), login(byUser("vezani", "lozinka"))
	// A partner found inactive is refused at once, even before its sessions are ended.
	setPartnerActive(false)
	alive(own, false)
	alive(member, false)
	setPartnerActive(true)
	alive(own, true)
	alive(member, true)

	// The user linked to another partner: its session for 1001 is void.
	edit := identity.UserInput{Name: "Korisnik", Username: "vezani", PartnerID: ptr(1002), Roles: []string{"manager"}}
	if _, err := svc.UpdateUser(ctx, appidentity.Operator, ids["vezani"], kernel.AnyVersion, edit); err != nil {
		t.Fatal(err)
	}
	alive(member, false)
	edit.PartnerID = ptr(1001)
	if _, err := svc.UpdateUser(ctx, appidentity.Operator, ids["vezani"], kernel.AnyVersion, edit); err != nil {
		t.Fatal(err)
	}
	alive(member, true)
	alive(own, true)

	// A new password of the user ends its app sessions; the partner's own stays.
	edit.Password = "nova-lozinka"
	if _, err := svc.UpdateUser(ctx, appidentity.Operator, ids["vezani"], kernel.AnyVersion, edit); err != nil {
		t.Fatal(err)
	}
	alive(member, false)
	alive(own, true)
	// Deactivating the user ends them too.
	member = login(byUser("vezani", "nova-lozinka"))
	if _, err := svc.ToggleUser(ctx, appidentity.Operator, ids["vezani"]); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ToggleUser(ctx, appidentity.Operator, ids["vezani"]); err != nil {
		t.Fatal(err)
	}
	alive(member, false)
	// The purge removes expired app sessions like panel ones.
	c.advance(2 * time.Hour)
	if err := svc.PurgeExpiredSessions(ctx); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := db.NewRaw("SELECT count(*) FROM sessions").Scan(ctx, &left); err != nil || left != 0 {
		t.Fatalf("%d sessions left after the purge (%v)", left, err)
	}
}
