package persistence_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
	identityports "vitrina/ports/identity"
)

var t0 = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

func newUser(t *testing.T, name, username string, roles ...string) *identity.User {
	t.Helper()
	u, err := identity.NewUser(identity.UserInput{Name: name, Username: username, Password: "tajna", Roles: roles}, "hash:"+username, t0)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func addPartner(t *testing.T, db *bun.DB, id int64, name string) {
	t.Helper()
	if _, err := db.NewRaw("INSERT INTO partners (id, name, name_fold) VALUES (?, ?, ?)", id, name, strings.ToLower(name)).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestUserRepositoryContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		step := steps(t)
		u := newUser(t, "Ana Marković", "Ana", "admin", "manager")

		step("a user comes back as added, found by a trimmed, case-folded username", func(t *testing.T) {
			if err := users.Add(ctx, u); err != nil {
				t.Fatal(err)
			}
			if u.ID() == 0 {
				t.Fatal("Add must assign the id")
			}
			got, err := users.GetByUsername(ctx, "  aNA ")
			if err != nil {
				t.Fatal(err)
			}
			if got.ID() != u.ID() || got.Name() != "Ana Marković" || got.PasswordHash() != "hash:Ana" || !got.IsActive() {
				t.Fatalf("round trip lost data: %+v", got)
			}
			if r := got.Roles(); len(r) != 2 || r[0] != identity.RoleAdmin || r[1] != identity.RoleManager {
				t.Fatalf("roles = %v", r)
			}
			if !got.CreatedAt().Equal(t0) {
				t.Fatalf("created_at = %v, want %v", got.CreatedAt(), t0)
			}
		})

		step("a username is taken in any case, but not for its own user; a missing user is not found", func(t *testing.T) {
			if err := users.Add(ctx, newUser(t, "Other", "ANA")); err != identity.ErrUsernameTaken {
				t.Fatalf("duplicate username (other case) = %v, want ErrUsernameTaken", err)
			}
			taken, err := users.UsernameTaken(ctx, "ana", 0)
			if err != nil || !taken {
				t.Fatalf("UsernameTaken = %v, %v", taken, err)
			}
			if taken, _ := users.UsernameTaken(ctx, "ana", u.ID()); taken {
				t.Fatal("a user's own username is not taken for them")
			}
			if _, err := users.Get(ctx, 9999); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("missing user = %v", err)
			}
		})

		step("an update links a partner, and the list view names it", func(t *testing.T) {
			addPartner(t, db, 42, "Tehno Bar")
			pid := int64(42)
			updated, err := users.Update(ctx, u.ID(), kernel.AnyVersion, func(u *identity.User) error {
				return u.Edit(identity.UserInput{Name: "Ana M", Username: "ana.m", PartnerID: &pid, Roles: []string{"director"}}, "", t0.Add(time.Hour))
			})
			if err != nil {
				t.Fatal(err)
			}
			if updated.Username() != "ana.m" || *updated.PartnerID() != 42 {
				t.Fatalf("update not applied: %+v", updated)
			}
			view, err := persistence.NewUserLists(db).Users.Find(ctx, u.ID())
			if err != nil {
				t.Fatal(err)
			}
			if view.PartnerName == nil || *view.PartnerName != "Tehno Bar" || view.Roles[0] != "director" {
				t.Fatalf("view = %+v", view)
			}
		})

		step("renaming onto a taken username is refused; Count counts", func(t *testing.T) {
			other := newUser(t, "Bojan", "bojan")
			if err := users.Add(ctx, other); err != nil {
				t.Fatal(err)
			}
			_, err := users.Update(ctx, other.ID(), kernel.AnyVersion, func(u *identity.User) error {
				return u.Edit(identity.UserInput{Name: "Bojan", Username: "ANA.M"}, "", t0)
			})
			if err != identity.ErrUsernameTaken {
				t.Fatalf("renaming onto a taken username = %v", err)
			}
			if n, err := users.Count(ctx); err != nil || n != 2 {
				t.Fatalf("Count = %d, %v", n, err)
			}
		})

		step("the partner directory knows which partners exist", func(t *testing.T) {
			partners := persistence.NewPartnerDirectory(db)
			if ok, _ := partners.PartnerExists(ctx, 42); !ok {
				t.Fatal("partner 42 exists")
			}
			if ok, _ := partners.PartnerExists(ctx, 43); ok {
				t.Fatal("partner 43 does not exist")
			}
		})
	})
}

func TestUserListContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		list := persistence.NewUserLists(db).Users
		addPartner(t, db, 1, "Alfa Trade")
		names := []string{"Đorđe Petrović", "ana Petrović", "Bojan Jovanović", "Čedomir Perić", "Marko Marković", "Zoran Lakić"}
		ids := map[string]kernel.ID{}
		for i, n := range names {
			u := newUser(t, n, fmt.Sprintf("user%d", i))
			if err := users.Add(ctx, u); err != nil {
				t.Fatal(err)
			}
			ids[n] = u.ID()
		}
		pid := int64(1)
		if _, err := users.Update(ctx, ids["Zoran Lakić"], kernel.AnyVersion, func(u *identity.User) error {
			u.ToggleActive(t0)
			return u.Edit(identity.UserInput{Name: u.Name(), Username: u.Username(), PartnerID: &pid}, "", t0)
		}); err != nil {
			t.Fatal(err)
		}

		page := func(t *testing.T, q ports.ListQuery) ([]string, int) {
			t.Helper()
			page, err := list.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, v := range page.Items {
				out = append(out, v.Name)
			}
			return out, page.Total
		}
		step := steps(t)
		eq := func(t *testing.T, got []string, want ...string) {
			t.Helper()
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("got %q, want %q", got, want)
			}
		}

		step("pages follow the name order, Đ after D and Č after C", func(t *testing.T) {
			got, total := page(t, ports.ListQuery{Page: 1, PerPage: 3})
			eq(t, got, "ana Petrović", "Bojan Jovanović", "Čedomir Perić")
			if total != 6 {
				t.Fatalf("total = %d", total)
			}
			got, _ = page(t, ports.ListQuery{Page: 2, PerPage: 3})
			eq(t, got, "Đorđe Petrović", "Marko Marković", "Zoran Lakić")
			got, total = page(t, ports.ListQuery{Page: 5, PerPage: 3})
			if len(got) != 0 || total != 6 {
				t.Fatalf("past the end: %v, total %d", got, total)
			}
		})

		step("a filter is contains, case- and diacritic-insensitive, with and without the trigram index", func(t *testing.T) {
			var got []string
			var total int
			// "contains", case- and diacritic-insensitive, through the trigram index (>= 3 letters) and without it.
			got, total = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "PETROVIC"}})
			eq(t, got, "ana Petrović", "Đorđe Petrović")
			if total != 2 {
				t.Fatalf("filtered total = %d", total)
			}
			got, total = page(t, ports.ListQuery{Page: 2, PerPage: 1, Filters: map[string]string{"name": "petrovic"}})
			eq(t, got, "Đorđe Petrović")
			if total != 2 {
				t.Fatalf("second page of a trigram filter: total %d", total)
			}
			got, total = page(t, ports.ListQuery{Page: 3, PerPage: 1, Filters: map[string]string{"name": "petrovic"}})
			if len(got) != 0 || total != 2 {
				t.Fatalf("past the end of a trigram filter: %v, total %d", got, total)
			}
			inactiveOnly := false
			got, total = page(t, ports.ListQuery{Page: 1, PerPage: 10, Active: &inactiveOnly, Filters: map[string]string{"name": "lakic"}})
			eq(t, got, "Zoran Lakić")
			if total != 1 {
				t.Fatalf("trigram filter with the active flag: total %d", total)
			}
			got, total = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "petrovic", "username": "user0"}})
			eq(t, got, "Đorđe Petrović")
			if total != 1 {
				t.Fatalf("two trigram filters: total %d", total)
			}
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "petrovic", "partner_name": "alfa"}})
			eq(t, got)
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": `"pet"`}})
			eq(t, got)
		})

		step("a multi-word term matches its words apart, then the whole term in order", func(t *testing.T) {
			var got []string
			var total int
			// Multi-word terms match the words apart, then the whole term: order and adjacency count.
			got, total = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "ana petrovic"}})
			eq(t, got, "ana Petrović")
			if total != 1 {
				t.Fatalf("multi-word term: total %d", total)
			}
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "petrovic ana"}})
			eq(t, got)
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "dje petrov"}})
			eq(t, got, "Đorđe Petrović")
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "a pe"}})
			eq(t, got, "ana Petrović")
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "đo"}})
			eq(t, got, "Đorđe Petrović")
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "100%"}})
			eq(t, got)
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"partner_name": "alfa"}})
			eq(t, got, "Zoran Lakić")
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"unknown": "x", "name": " "}})
			if len(got) != 6 {
				t.Fatal("unknown and blank filters are ignored")
			}
		})

		step("the active flag and the sorts, NULL partner names last", func(t *testing.T) {
			var got []string
			var total int
			active := true
			_, total = page(t, ports.ListQuery{Page: 1, PerPage: 10, Active: &active})
			if total != 5 {
				t.Fatalf("active total = %d", total)
			}
			inactive := false
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 10, Active: &inactive})
			eq(t, got, "Zoran Lakić")

			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 2, Sort: "name", Desc: true})
			eq(t, got, "Zoran Lakić", "Marko Marković")
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 2, Sort: "partner_name"})
			eq(t, got, "Zoran Lakić", "Đorđe Petrović") // ties break by id
			got, _ = page(t, ports.ListQuery{Page: 1, PerPage: 2, Sort: "partner_name", Desc: true})
			if got[len(got)-1] == "Zoran Lakić" {
				t.Fatal("NULL partner names sort last in both directions")
			}
		})

		step("an unlisted or injected sort is refused", func(t *testing.T) {
			if _, err := list.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Sort: "password_hash"}); err != persistence.ErrBadSort {
				t.Fatalf("unlisted sort = %v", err)
			}
			if _, err := list.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Sort: "name; DROP TABLE users"}); err != persistence.ErrBadSort {
				t.Fatalf("injected sort = %v", err)
			}
		})

		step("the stream follows the filter and the default order", func(t *testing.T) {
			var streamed []string
			if err := list.Stream(ctx, ports.ListQuery{Filters: map[string]string{"name": "ović"}}, func(v identityports.UserView) error {
				streamed = append(streamed, v.Name)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			eq(t, streamed, "ana Petrović", "Bojan Jovanović", "Đorđe Petrović", "Marko Marković")
		})
	})
}

func TestSessionsAndAttemptsContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		u := newUser(t, "Ana", "ana")
		if err := users.Add(ctx, u); err != nil {
			t.Fatal(err)
		}
		sessions := persistence.NewSessions(db)
		step := steps(t)

		step("Create and Find keep a panel session", func(t *testing.T) {
			for _, h := range []string{"h1", "h2", "h3"} {
				if err := sessions.Create(ctx, identity.NewPanelSession(h, u.ID(), t0.Add(time.Hour))); err != nil {
					t.Fatal(err)
				}
			}
			s, err := sessions.Find(ctx, "h1")
			if err != nil || s.UserID != u.ID() || !s.ExpiresAt.Equal(t0.Add(time.Hour)) || s.IsApp() || s.PartnerID != 0 {
				t.Fatalf("Find = %+v, %v", s, err)
			}
		})

		step("Revoke ends one session, RevokeUser the others but the one excepted, PurgeExpired the expired", func(t *testing.T) {
			if err := sessions.Revoke(ctx, "h1"); err != nil {
				t.Fatal(err)
			}
			if _, err := sessions.Find(ctx, "h1"); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("revoked session = %v", err)
			}
			if err := sessions.RevokeUser(ctx, u.ID(), "h2"); err != nil {
				t.Fatal(err)
			}
			if _, err := sessions.Find(ctx, "h2"); err != nil {
				t.Fatal("the excepted session survives")
			}
			if _, err := sessions.Find(ctx, "h3"); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatal("other sessions are revoked")
			}
			if err := sessions.PurgeExpired(ctx, t0.Add(2*time.Hour)); err != nil {
				t.Fatal(err)
			}
			if _, err := sessions.Find(ctx, "h2"); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatal("expired sessions are purged")
			}
		})

		attempts := persistence.NewLoginAttempts(db)
		rule := identity.AttemptRule{Key: "ana", Source: "10.0.0.1", PerKey: identity.Throttle{Max: 3, Window: 15 * time.Minute}}
		var ids []int64
		step("Reserve counts a key's attempts from an address in the window, apart from other addresses", func(t *testing.T) {
			for i := 0; i < 3; i++ {
				id, err := attempts.Reserve(ctx, rule, t0.Add(time.Duration(i)*time.Minute))
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			if _, err := attempts.Reserve(ctx, rule, t0.Add(3*time.Minute)); err != identity.ErrThrottled {
				t.Fatalf("a fourth attempt in the window = %v", err)
			}
			other := rule
			other.Source = "10.0.0.2"
			if _, err := attempts.Reserve(ctx, other, t0); err != nil {
				t.Fatalf("another address: %v", err)
			}
			// The first attempt leaves the window: one more may come.
			if _, err := attempts.Reserve(ctx, rule, t0.Add(15*time.Minute)); err != nil {
				t.Fatalf("after the window: %v", err)
			}
			if _, err := attempts.Reserve(ctx, rule, t0.Add(15*time.Minute)); err != identity.ErrThrottled {
				t.Fatalf("the window full again = %v", err)
			}
		})

		step("a released attempt counts no more; a success clears the key's failures from the address up to it", func(t *testing.T) {
			if err := attempts.Release(ctx, ids[2]); err != nil {
				t.Fatal(err)
			}
			last, err := attempts.Reserve(ctx, rule, t0.Add(15*time.Minute))
			if err != nil {
				t.Fatalf("after a release: %v", err)
			}
			// A success clears the key's failures from the address up to it, not those of others.
			if err := attempts.Clear(ctx, "ana", "10.0.0.1", last); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 3; i++ {
				if _, err := attempts.Reserve(ctx, rule, t0.Add(16*time.Minute)); err != nil {
					t.Fatalf("attempt %d after Clear: %v", i, err)
				}
			}
			var left int
			if err := db.NewRaw("SELECT count(*) FROM login_attempts WHERE address = '10.0.0.2'").Scan(ctx, &left); err != nil || left != 1 {
				t.Fatalf("other addresses keep theirs: %d, %v", left, err)
			}
		})
	})
}

// Reserve counts concurrent attempts one after another on both engines: of 30 sent at once
// exactly the limit are stored, whatever the interleaving, so a burst of guesses cannot all
// be checked before any is counted.
func TestReserveCountsConcurrentAttempts(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		attempts := persistence.NewLoginAttempts(db)
		rules := []identity.AttemptRule{
			{Key: "ana", Source: "10.0.0.1", PerKey: identity.DefaultThrottle, PerSource: identity.DefaultAddressThrottle},
			// 30 usernames from one address: the address limit, not the keys', holds.
			{Source: "10.0.0.2", PerKey: identity.DefaultThrottle, PerSource: identity.DefaultAddressThrottle},
		}
		for n, rule := range rules {
			want := rule.PerKey.Max
			if rule.Key == "" {
				want = rule.PerSource.Max
			}
			results := make(chan error, 30)
			var start sync.WaitGroup
			start.Add(1)
			for i := 0; i < 30; i++ {
				go func() {
					r := rule
					if r.Key == "" {
						r.Key = fmt.Sprintf("user%02d", i)
					}
					start.Wait()
					_, err := attempts.Reserve(ctx, r, t0)
					results <- err
				}()
			}
			start.Done()
			counts := map[string]int{}
			for i := 0; i < 30; i++ {
				err := <-results
				switch {
				case err == nil:
					counts["reserved"]++
				case err == identity.ErrThrottled:
					counts["throttled"]++
				default:
					t.Fatalf("rule %d: %v", n, err)
				}
			}
			if counts["reserved"] != want || counts["throttled"] != 30-want {
				t.Fatalf("rule %d: 30 concurrent attempts: %v, want %d reserved", n, counts, want)
			}
		}
	})
}

// App sessions: a partner's own (no user) and a linked user's; each comes back as stored, the
// user's revocation and the purge reach them, the partner context ends them by partner, and
// storage refuses a session that does not name whom its kind needs.
func TestAppSessionsContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		addPartner(t, db, 1001, "Partner Jedan")
		addPartner(t, db, 1002, "Partner Dva")
		users := persistence.NewUsers(db)
		u := newUser(t, "Vezani", "vezani")
		if err := users.Add(ctx, u); err != nil {
			t.Fatal(err)
		}
		sessions := persistence.NewSessions(db)
		exp := t0.Add(time.Hour)
		create := func(t *testing.T, s identity.Session) {
			t.Helper()
			if err := sessions.Create(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		create(t, identity.NewAppSession("own1", 1001, 0, exp))
		create(t, identity.NewAppSession("own2", 1001, 0, exp))
		create(t, identity.NewAppSession("member", 1001, u.ID(), exp))
		create(t, identity.NewAppSession("other", 1002, 0, exp))
		create(t, identity.NewAppSession("short", 1002, 0, t0))
		create(t, identity.NewPanelSession("panel", u.ID(), exp))
		live := func(t *testing.T, hashes ...string) {
			t.Helper()
			var got []string
			if err := db.NewRaw("SELECT token_hash FROM sessions ORDER BY token_hash").Scan(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(hashes) {
				t.Fatalf("sessions %v, want %v", got, hashes)
			}
		}
		step := steps(t)
		step("an app session comes back as stored: the partner's own and a linked user's", func(t *testing.T) {
			own, err := sessions.Find(ctx, "own1")
			if err != nil || !own.IsApp() || own.PartnerID != 1001 || own.UserID != 0 || !own.ExpiresAt.Equal(exp) {
				t.Fatalf("own app session %+v, %v", own, err)
			}
			member, err := sessions.Find(ctx, "member")
			if err != nil || !member.IsApp() || member.PartnerID != 1001 || member.UserID != u.ID() {
				t.Fatalf("a linked user's app session %+v, %v", member, err)
			}
		})

		step("storage refuses an app session that does not name whom its kind needs", func(t *testing.T) {
			// Storage refuses what the domain would not build.
			if err := sessions.Create(ctx, identity.NewAppSession("nobody", 0, 0, exp)); err == nil {
				t.Fatal("an app session without a partner was stored")
			}
			for _, raw := range []string{
				"INSERT INTO sessions (token_hash, kind, user_id, partner_id, expires_at, created_at) VALUES ('x1', 'panel', NULL, 1001, ?, ?)",
				"INSERT INTO sessions (token_hash, kind, user_id, partner_id, expires_at, created_at) VALUES ('x2', 'app', NULL, NULL, ?, ?)",
				"INSERT INTO sessions (token_hash, kind, user_id, partner_id, expires_at, created_at) VALUES ('x3', 'mobile', NULL, 1001, ?, ?)",
			} {
				if _, err := db.NewRaw(raw, exp, t0).Exec(ctx); err == nil {
					t.Fatalf("stored: %s", raw)
				}
			}
		})

		step("the purge, the partner's ends and the user's revocation reach app sessions", func(t *testing.T) {
			if err := sessions.PurgeExpired(ctx, t0); err != nil {
				t.Fatal(err)
			}
			live(t, "member", "other", "own1", "own2", "panel")
			end := persistence.NewPartnerAppSessions(db)
			if err := end.EndOwn(ctx, 1001); err != nil {
				t.Fatal(err)
			}
			live(t, "member", "other", "panel") // the linked user signed in with its own password
			create(t, identity.NewAppSession("own3", 1001, 0, exp))
			if err := end.EndAll(ctx, 1001); err != nil {
				t.Fatal(err)
			}
			live(t, "other", "panel") // the panel session is the user's, not the partner's
			create(t, identity.NewAppSession("member2", 1001, u.ID(), exp))
			if err := sessions.RevokeUser(ctx, u.ID(), ""); err != nil {
				t.Fatal(err)
			}
			live(t, "other")
		})

		step("the partner directory answers a partner's app account", func(t *testing.T) {
			dir := persistence.NewPartnerDirectory(db)
			if _, err := db.NewRaw("UPDATE partners SET password_hash = 'h', is_active = ? WHERE id = 1002", false).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if a, err := dir.AppAccount(ctx, 1001); err != nil || !a.Active || a.PasswordHash != "" {
				t.Fatalf("partner 1001: %+v, %v", a, err)
			}
			if a, err := dir.AppAccount(ctx, 1002); err != nil || a.Active || a.PasswordHash != "h" {
				t.Fatalf("partner 1002: %+v, %v", a, err)
			}
			if _, err := dir.AppAccount(ctx, 9); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("no partner: %v", err)
			}
		})

	})
}

// Migration 8 (app sessions) keeps the panel sessions open before it: they come back as
// panel sessions of their users, and stay valid.
func TestAppSessionsMigrationKeepsOpenSessions(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			ctx := context.Background()
			db := openBefore(t, e.Open(t), "20261124000008")
			if _, err := db.NewRaw(`INSERT INTO users (name, name_fold, username, username_fold, password_hash, roles, created_at, updated_at)
				VALUES ('Ana', 'ana', 'ana', 'ana', 'h', 'admin', ?, ?)`, t0, t0).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := db.NewRaw("INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ('old', 1, ?, ?)",
				t0.Add(time.Hour), t0).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			applied, err := persistence.Migrate(ctx, db)
			if err != nil || len(applied) == 0 || applied[0] != "20261124000008_app_sessions" {
				t.Fatalf("applied %v, %v", applied, err)
			}
			s, err := persistence.NewSessions(db).Find(ctx, "old")
			if err != nil || s.IsApp() || s.UserID != 1 || s.PartnerID != 0 || !s.ExpiresAt.Equal(t0.Add(time.Hour)) || !s.Whole() {
				t.Fatalf("the open session after the migration %+v, %v", s, err)
			}
		})
	}
}

func TestMigrationsMatchAcrossEngines(t *testing.T) {
	names := map[string][]string{}
	for _, e := range dbtest.Engines() {
		e := e
		t.Run(e.Name, func(t *testing.T) {
			db := dbtest.Migrated(t, e.Open(t))
			ms, err := persistence.Migrations(db)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms.Sorted() {
				names[e.Name] = append(names[e.Name], m.Name+"_"+m.Comment)
			}
			// Applying again is a no-op.
			applied, err := persistence.Migrate(context.Background(), db)
			if err != nil || len(applied) != 0 {
				t.Fatalf("second migrate applied %v, %v", applied, err)
			}
		})
	}
	if len(names) == 2 && fmt.Sprint(names["sqlite"]) != fmt.Sprint(names["postgres"]) {
		t.Fatalf("engines differ: %v vs %v", names["sqlite"], names["postgres"])
	}
}

// PanelAdmins counts only active admins without a partner, leaves out the one being changed,
// and reads "admin" as a whole role name; the address limit counts across usernames.
func TestPanelAdminsAndAddressFailures(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		addPartner(t, db, 9, "Partner Devet")
		pid := int64(9)
		a := newUser(t, "Prva Adminka", "prva", "manager", "admin")
		b := newUser(t, "Drugi Admin", "drugi", "admin")
		linked, _ := identity.NewUser(identity.UserInput{Name: "Vezani", Username: "vezani", Password: "tajna",
			PartnerID: &pid, Roles: []string{"admin"}}, "hash", t0)
		inactive := newUser(t, "Neaktivni", "neaktivni", "admin")
		inactive.ToggleActive(t0)
		director := newUser(t, "Direktor", "direktor", "director")
		for _, u := range []*identity.User{a, b, linked, inactive, director} {
			if err := users.Add(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			except kernel.ID
			want   int
		}{{0, 2}, {a.ID(), 1}, {b.ID(), 1}, {director.ID(), 2}} {
			var n int
			err := persistence.NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
				var err error
				n, err = users.PanelAdmins(ctx, c.except)
				return err
			})
			if err != nil || n != c.want {
				t.Fatalf("PanelAdmins(except %d) = %d, %v; want %d", c.except, n, err, c.want)
			}
		}

		attempts := persistence.NewLoginAttempts(db)
		rule := func(key, address string) identity.AttemptRule {
			return identity.AttemptRule{Key: key, Source: address, PerKey: identity.DefaultThrottle,
				PerSource: identity.Throttle{Max: 3, Window: 15 * time.Minute}}
		}
		for i := 0; i < 3; i++ {
			if _, err := attempts.Reserve(ctx, rule(fmt.Sprintf("user%d", i), "10.0.0.1"), t0.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := attempts.Reserve(ctx, rule("user0", "10.0.0.2"), t0); err != nil {
			t.Fatal(err)
		}
		if _, err := attempts.Reserve(ctx, rule("user9", "10.0.0.1"), t0.Add(3*time.Minute)); err != identity.ErrThrottled {
			t.Fatalf("a fourth username from the address = %v", err)
		}
		// A device's attempts count on their own: no address limit reaches them.
		device := identity.AttemptRule{Key: "user0", Source: identity.DeviceSource("abc"), PerKey: identity.DefaultDeviceThrottle}
		if _, err := attempts.Reserve(ctx, device, t0.Add(3*time.Minute)); err != nil {
			t.Fatalf("a device: %v", err)
		}
		if _, err := attempts.Reserve(ctx, rule("user9", "10.0.0.1"), t0.Add(15*time.Minute)); err != nil {
			t.Fatalf("the window moved on: %v", err)
		}
	})
}

// Counting the other admins holds them until the transaction ends: a second count waits, then
// sees the first change, so two admins cannot each strip "the other" and leave none.
func TestPanelAdminsHoldsTheAdmins(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		users := persistence.NewUsers(db)
		tm := persistence.NewTxManager(db)
		a, b := newUser(t, "Prva", "prva", "admin"), newUser(t, "Drugi", "drugi", "admin")
		for _, u := range []*identity.User{a, b} {
			if err := users.Add(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		locked, release, first := make(chan struct{}), make(chan struct{}), make(chan error, 1)
		go func() {
			first <- tm.WithinTx(ctx, func(ctx context.Context) error {
				if _, err := users.PanelAdmins(ctx, a.ID()); err != nil {
					close(locked)
					return err
				}
				close(locked)
				<-release
				_, err := users.Update(ctx, a.ID(), kernel.AnyVersion, func(u *identity.User) error {
					return u.Edit(identity.UserInput{Name: "Prva", Username: "prva", Roles: []string{"director"}}, "", t0)
				})
				return err
			})
		}()
		<-locked
		second := make(chan int, 1)
		go func() {
			_ = tm.WithinTx(ctx, func(ctx context.Context) error {
				n, err := users.PanelAdmins(ctx, b.ID())
				if err != nil {
					n = -1
				}
				second <- n
				return err
			})
		}()
		select {
		case n := <-second:
			t.Fatalf("the second count ran while the first held the admins: %d", n)
		case <-time.After(300 * time.Millisecond):
		}
		close(release)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		if n := <-second; n != 0 {
			t.Fatalf("after the first admin stepped down the second sees %d other admins, want 0", n)
		}
	})
}

// A secret is made once: the first Ensure stores its value, every later or concurrent one
// (another instance) answers that value and makes nothing new.
func TestSecretsEnsureKeepsTheFirst(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		secrets := persistence.NewSecrets(db)
		var wg sync.WaitGroup
		got := make([]string, 8)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v, err := secrets.Ensure(ctx, "device-cookie-key", func() (string, error) { return fmt.Sprintf("value-%d", i), nil })
				if err != nil {
					t.Error(err)
				}
				got[i] = v
			}()
		}
		wg.Wait()
		for _, v := range got {
			if v != got[0] || v == "" {
				t.Fatalf("instances disagree: %v", got)
			}
		}
		v, err := secrets.Ensure(ctx, "device-cookie-key", func() (string, error) { return "later", nil })
		if err != nil || v != got[0] {
			t.Fatalf("later Ensure = %q, %v", v, err)
		}
		other, err := secrets.Ensure(ctx, "another", func() (string, error) { return "second", nil })
		if err != nil || other != "second" {
			t.Fatalf("another name = %q, %v", other, err)
		}
	})
}
