package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/audit"
	"vitrina/domain/campaign"
	"vitrina/domain/catalog"
	"vitrina/domain/content"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// history is a record's events, oldest first, each as "action field:from→to …".
func history(t *testing.T, log *persistence.AuditLog, resource string, id kernel.ID) []string {
	t.Helper()
	p, err := log.List(context.Background(), ports.AuditFilter{Resource: resource, RecordID: id}, ports.AuditPage{})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(p.Items))
	for i, e := range p.Items {
		var b strings.Builder
		b.WriteString(string(e.Action))
		for _, c := range e.Changes {
			b.WriteString(" " + c.Field + ":")
			if c.Secret {
				b.WriteString("changed")
				continue
			}
			b.WriteString(text(c.From) + "→" + text(c.To))
		}
		out[len(out)-1-i] = b.String()
	}
	return out
}

func text(s *string) string {
	if s == nil {
		return "∅"
	}
	return *s
}

// The store's one load-apply-save records what it changed, in the same transaction: a
// creation with every audited field, an edit with the changed fields only, an activation,
// nothing for a save that changed nothing, was stale or failed; who and from where come
// from the context.
func TestStoreSavesRecordTheirChanges(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		ctx := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana, RequestID: "req-9", Address: "10.0.0.9"})
		log := persistence.NewAuditLog(db, &fixedClock{t: now})
		cat := persistence.NewCatalog(db)
		c, _ := catalog.NewCategory("Alati", now)
		if err := cat.AddCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		rename := func(v kernel.Version, name string) error {
			_, err := cat.UpdateCategory(ctx, c.ID(), v, func(c *catalog.Category) error { return c.Rename(name, now.Add(time.Hour)) })
			return err
		}
		if err := rename(1, "Alati i oprema"); err != nil {
			t.Fatal(err)
		}
		if err := rename(2, "Alati i oprema"); err != nil { // the same name again: only the version moves
			t.Fatal(err)
		}
		if err := rename(1, "Stale"); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("stale save: %v", err)
		}
		boom := errors.New("boom")
		if _, err := cat.UpdateCategory(ctx, c.ID(), kernel.AnyVersion, func(c *catalog.Category) error {
			_ = c.Rename("Rolled back", now)
			return boom
		}); !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if _, err := cat.UpdateCategory(ctx, c.ID(), kernel.AnyVersion, func(c *catalog.Category) error { return c.ToggleActive(0, now) }); err != nil {
			t.Fatal(err)
		}
		want := []string{
			"create is_active:∅→true name:∅→Alati",
			"edit name:Alati→Alati i oprema",
			"deactivate is_active:true→false",
		}
		if got := history(t, log, "categories", c.ID()); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("category history\n got %q\nwant %q", got, want)
		}
		e, err := log.Get(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if e.Actor != ana || e.RequestID != "req-9" || e.Address != "10.0.0.9" || e.Resource != "categories" {
			t.Fatalf("source %+v", e)
		}

		// Money as the kernel's Amount writes it, under the field's name without _milli.
		pr, err := catalog.NewProduct(catalog.ProductInput{Name: "Bušilica", Description: "Udarna", Price: "1250,5", Image: "b.jpg"}, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := cat.AddProduct(ctx, pr); err != nil {
			t.Fatal(err)
		}
		if _, err := cat.UpdateProduct(ctx, pr.ID(), 1, func(p *catalog.Product) error {
			_, err := p.Edit(catalog.ProductInput{Name: "Bušilica", Description: "Udarna", Price: "1250.505", Image: "b.jpg"}, now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got := history(t, log, "products", pr.ID()); len(got) != 2 || got[1] != "edit price:1250.5→1250.505" || !strings.Contains(got[0], "price:∅→1250.5") {
			t.Fatalf("product history %q", got)
		}

		// A user's roles alone are a role change, its password alone a password change.
		users := persistence.NewUsers(db)
		u := newUser(t, "Marko Marković", "marko", "manager")
		if err := users.Add(ctx, u); err != nil {
			t.Fatal(err)
		}
		editUser := func(v kernel.Version, roles []string, hash string) {
			t.Helper()
			if _, err := users.Update(ctx, u.ID(), v, func(x *identity.User) error {
				return x.Edit(identity.UserInput{Name: "Marko Marković", Username: "marko", Roles: roles}, hash, now)
			}); err != nil {
				t.Fatal(err)
			}
		}
		editUser(1, []string{"director"}, "")
		editUser(2, []string{"director"}, "hash:nova")
		got := history(t, log, "users", u.ID())
		if len(got) != 3 || got[1] != "role_change roles:manager→director" || got[2] != "password_change password_hash:changed" {
			t.Fatalf("user history %q", got)
		}
		if v := verdict(t, log); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}

// A partner's figures are recorded exactly, percent flag kept; its app password only as
// changed; its categories as one list; and its events are its timeline.
func TestPartnerSavesRecordFigures(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		w := newPartnerWorld(t, db)
		ctx := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana})
		log := persistence.NewAuditLog(db, &fixedClock{t: now})
		store := persistence.NewPartnerStore(db)
		if err := store.Add(ctx, newPartner(t, 101, "Alfa Trade", w.podgorica, w.alati)); err != nil {
			t.Fatal(err)
		}
		edit := func(v kernel.Version, debt, bonus, password string) {
			t.Helper()
			in := partnerInput(101, "Alfa Trade", w.podgorica, w.alati)
			in.Figures[partner.Debt], in.Figures[partner.Bonus] = debt, bonus
			hash := ""
			if password != "" {
				hash = "hash:" + password
			}
			if _, err := store.Update(ctx, 101, v, func(p *partner.Partner) error { return p.Edit(in, hash, now) }); err != nil {
				t.Fatal(err)
			}
		}
		edit(1, "12000", "1", "")
		edit(2, "120000", "15%", "nova")
		got := history(t, log, "partners", 101)
		want := []string{
			"edit debt:2→12000",
			"edit bonus:1→15% debt:12000→120000 password_hash:changed",
		}
		if len(got) != 3 || fmt.Sprint(got[1:]) != fmt.Sprint(want) {
			t.Fatalf("partner history\n got %q\nwant …%q", got, want)
		}
		if !strings.HasPrefix(got[0], "create ") || !strings.Contains(got[0], "category_ids:∅→"+fmt.Sprint(w.alati)) || !strings.Contains(got[0], "password_hash:changed") {
			t.Fatalf("creation %q", got[0])
		}
		var raw string
		if err := db.NewRaw("SELECT changes FROM audit_events WHERE resource = 'partners' AND action = 'create'").Scan(context.Background(), &raw); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(raw, "hash:") {
			t.Fatalf("a password hash reached the log: %s", raw)
		}
		p, err := log.List(context.Background(), ports.AuditFilter{PartnerID: 101}, ports.AuditPage{Page: 1, PerPage: 10})
		if err != nil || p.Total != 3 {
			t.Fatalf("timeline %d %v", p.Total, err)
		}
		// A rolled-back transaction around a save leaves neither the change nor its event.
		boom := errors.New("boom")
		err = persistence.NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
			if _, err := store.Update(ctx, 101, 3, func(p *partner.Partner) error { p.ToggleActive(now); return nil }); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || len(history(t, log, "partners", 101)) != 3 {
			t.Fatalf("rolled back: %v %q", err, history(t, log, "partners", 101))
		}
		// An import and a revert mark the saves made under them.
		imp := ports.WithAuditSource(ctx, ports.AuditSource{Actor: ana, ImportID: "imp-7"})
		edit2 := func(ctx context.Context, v kernel.Version, debt string) {
			t.Helper()
			in := partnerInput(101, "Alfa Trade", w.podgorica, w.alati)
			in.Figures[partner.Debt], in.Figures[partner.Bonus] = debt, "15%"
			if _, err := store.Update(ctx, 101, v, func(p *partner.Partner) error { return p.Edit(in, "", now) }); err != nil {
				t.Fatal(err)
			}
		}
		edit2(imp, 3, "130000")
		rev := ports.WithAuditSource(ctx, ports.AuditSource{Actor: ana, Reverts: 3})
		edit2(rev, 4, "120000")
		p, _ = log.List(context.Background(), ports.AuditFilter{Resource: "partners", RecordID: 101}, ports.AuditPage{Page: 1, PerPage: 2})
		if r, i := p.Items[0], p.Items[1]; r.Action != audit.ActionRevert || r.Reverts != 3 || i.ImportID != "imp-7" || i.Action != audit.ActionEdit {
			t.Fatalf("revert %+v import %+v", r, i)
		}
		if v := verdict(t, log); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}

// A slider's and a campaign's own fields are recorded by their stores' saves too: a
// creation, an edit with what changed (a slider's categories as one list).
func TestSliderAndCampaignSavesRecord(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		w := newPartnerWorld(t, db)
		ctx := ports.WithAuditSource(context.Background(), ports.AuditSource{Actor: ana})
		log := persistence.NewAuditLog(db, &fixedClock{t: now})

		sliders := persistence.NewSliderStore(db)
		sl := newSliderOf(t, content.Promocija, "Zimska akcija", []kernel.ID{w.alati})
		if err := sliders.Add(ctx, sl); err != nil {
			t.Fatal(err)
		}
		if _, err := sliders.Update(ctx, sl.ID(), 1, func(s *content.Slider, u content.Usage) error {
			_, err := s.Edit(content.Input{Name: "Letnja akcija", Type: s.Type(), CategoryIDs: []kernel.ID{w.alati}, PageContent: "<p>Nova</p>"}, u, contentToday, now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		got := history(t, log, "sliders", sl.ID())
		if len(got) != 2 || !strings.HasPrefix(got[0], "create ") || !strings.Contains(got[0], "category_ids:∅→"+fmt.Sprint(w.alati)) ||
			!strings.HasPrefix(got[1], "edit ") || !strings.Contains(got[1], "name:Zimska akcija→Letnja akcija") || strings.Contains(got[1], "category_ids") {
			t.Fatalf("slider history %q", got)
		}

		campaigns := persistence.NewCampaignStore(db)
		cm, _ := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Opis", Image: "c.jpg"}, now)
		if err := campaigns.Add(ctx, cm); err != nil {
			t.Fatal(err)
		}
		if _, err := campaigns.Update(ctx, cm.ID(), 1, func(c *campaign.Composition) error {
			_, err := c.Campaign().Edit(campaign.Input{Name: "Letnja akcija", Description: "Opis"}, now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		got = history(t, log, "campaigns", cm.ID())
		if len(got) != 2 || !strings.HasPrefix(got[0], "create ") || got[1] != "edit name:Zimska akcija→Letnja akcija" {
			t.Fatalf("campaign history %q", got)
		}
		if v := verdict(t, log); !v.OK {
			t.Fatalf("chain %+v", v)
		}
	})
}
