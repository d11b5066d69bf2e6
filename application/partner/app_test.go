package partner_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

var pageOne = ports.ListQuery{Page: 1, PerPage: 10}

// A support message from the app: every problem at once on the app form's fields, an
// unknown type refused, a good one stored for the partner with its type's name, counted as
// unseen by the panel's users.
func TestSendSupportMessage(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		must(f.svc.Create(ctx, f.input("501")))(t)
		cases := []struct {
			typeID  kernel.ID
			message string
			want    map[string]string
		}{
			{0, "", map[string]string{"type_id": "The type id field is required.", "message": "The message field is required."}},
			{99, "A", map[string]string{"type_id": "The selected type id is invalid.", "message": "The message must be at least 2 characters."}},
			{99, "Pitanje o akciji", map[string]string{"type_id": "The selected type id is invalid."}},
			{1, strings.Repeat("ž", 2001), map[string]string{"message": "The message may not be greater than 2000 characters."}},
			{1, "Poruka\x00", map[string]string{"message": "The message contains characters that are not allowed."}},
		}
		for _, c := range cases {
			_, err := f.svc.SendSupportMessage(ctx, 501, c.typeID, c.message)
			got := fieldErrors(t, err)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("type %d, %q: %v, want %v", c.typeID, c.message, got, c.want)
			}
		}
		if n := must(f.svc.Lists().SupportMessages.List(ctx, pageOne))(t).Total; n != 0 {
			t.Fatalf("refused messages were stored: %d", n)
		}
		m := must(f.svc.SendSupportMessage(ctx, 501, 4, "  Kada stiže nova akcija?\nHvala.  "))(t)
		if m.ID == 0 || m.PartnerID != 501 || m.PartnerName != "Gradnja d.o.o." || m.TypeID != 4 || m.TypeName != "Pitanje" ||
			m.Content != "Kada stiže nova akcija?\nHvala." || !m.IsActive || !m.CreatedAt.Equal(now) {
			t.Fatalf("sent %+v", m)
		}
		unseen := must(f.svc.Evidentions(ctx, 1))(t)
		if len(unseen) != 1 || unseen[0].ID != m.ID || unseen[0].PartnerName != "Gradnja d.o.o." {
			t.Fatalf("unseen %+v", unseen)
		}
		if p := must(f.svc.AppProfile(ctx, 501))(t); p.ID != 501 || p.Figures["toolCash"] != "99.999" {
			t.Fatalf("the app's own record %+v", p)
		}
		if _, err := f.svc.AppProfile(ctx, 502); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("no such partner: %v", err)
		}
	})
}

// A new app password ends the app sessions the partner opened with the old one (its linked
// users' stay); deactivation ends all of them; an edit without a password and a
// reactivation end none.
func TestPartnerChangesEndItsAppSessions(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		p := must(f.svc.Create(ctx, f.input("501")))(t)
		users := persistence.NewUsers(db)
		u, _ := identity.NewUser(identity.UserInput{Name: "Vezani", Username: "vezani", Password: "tajna", PartnerID: &p.ID}, "h", now)
		if err := users.Add(ctx, u); err != nil {
			t.Fatal(err)
		}
		sessions := persistence.NewSessions(db)
		open := func(hash string, userID kernel.ID) {
			t.Helper()
			if err := sessions.Create(ctx, identity.NewAppSession(hash, 501, userID, now.Add(time.Hour))); err != nil {
				t.Fatal(err)
			}
		}
		live := func(want string) {
			t.Helper()
			var got []string
			if err := db.NewRaw("SELECT token_hash FROM sessions ORDER BY token_hash").Scan(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != want {
				t.Fatalf("sessions %v, want %s", got, want)
			}
		}
		open("own", 0)
		open("user", u.ID())
		edit := f.input("")
		edit.Password = ""
		v := must(f.svc.Update(ctx, 501, p.Version, edit))(t)
		live("[own user]")
		edit.Password = "nova-lozinka"
		must(f.svc.Update(ctx, 501, v.Version, edit))(t)
		live("[user]")
		open("own2", 0)
		if must(f.svc.Toggle(ctx, 501))(t) {
			t.Fatal("toggle deactivates")
		}
		live("[]")
		open("own3", 0)
		if !must(f.svc.Toggle(ctx, 501))(t) {
			t.Fatal("toggle reactivates")
		}
		live("[own3]")
	})
}
