package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/catalog"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	identityports "vitrina/ports/identity"
	partnerports "vitrina/ports/partner"
)

// partnerWorld is the catalog's records that partners point to.
type partnerWorld struct {
	podgorica, niksic, bar   kernel.ID
	alati, boje, rasvjeta    kernel.ID
	montenegro, otherCountry kernel.ID
}

func newPartnerWorld(t *testing.T, db *bun.DB) partnerWorld {
	t.Helper()
	ctx := context.Background()
	repo := persistence.NewCatalog(db)
	country := func(name string) kernel.ID {
		c, err := catalog.NewCountry(name, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := repo.AddCountry(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c.ID()
	}
	city := func(name string, country kernel.ID) kernel.ID {
		c, err := catalog.NewCity(catalog.CityInput{Name: name, CountryID: country}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := repo.AddCity(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c.ID()
	}
	category := func(name string) kernel.ID {
		c, err := catalog.NewCategory(name, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := repo.AddCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c.ID()
	}
	var w partnerWorld
	w.montenegro, w.otherCountry = country("Crna Gora"), country("Srbija")
	w.podgorica, w.niksic, w.bar = city("Podgorica", w.montenegro), city("Nikšić", w.montenegro), city("Bar", w.montenegro)
	city("Bar", w.otherCountry) // the same name in another country, added later
	w.alati, w.boje, w.rasvjeta = category("Alati"), category("Boje i lakovi"), category("Rasvjeta")
	return w
}

// partnerInput is the one place these tests spell the partner form.
func partnerInput(id int64, name string, city kernel.ID, categories ...kernel.ID) partner.Input {
	return partner.Input{ID: fmt.Sprint(id), Name: name, Address: "Njegoševa 1", CityID: city, Phone: "+382 67 123 456",
		Password: "tajna1", CategoryIDs: categories,
		Figures: partner.FigureTexts{partner.Bonus: "1", partner.Debt: "2", partner.Payment: "3", partner.ToolCash: "4",
			partner.AnnualPlan: "5", partner.MoneyCirculation: "6"}}
}

func newPartner(t *testing.T, id int64, name string, city kernel.ID, categories ...kernel.ID) *partner.Partner {
	t.Helper()
	p, err := partner.New(partnerInput(id, name, city, categories...), fmt.Sprintf("hash:%d", id), t0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// categoryNames are a partner view's categories as one text.
func categoryNames(t *testing.T, lists partnerports.PartnerLists, id kernel.ID) string {
	t.Helper()
	v, err := lists.Partners.Find(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return v.CategoryNames()
}

func TestPartnerRepositoryContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		lists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
		find := func(t *testing.T, id kernel.ID) partnerports.PartnerView {
			t.Helper()
			v, err := lists.Partners.Find(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		step := steps(t)

		step("Add keeps the hand-entered id; a taken one is refused", func(t *testing.T) {
			if err := store.Add(ctx, newPartner(t, 101, "Alfa Trade", w.podgorica, w.boje, w.alati)); err != nil {
				t.Fatal(err)
			}
			if err := store.Add(ctx, newPartner(t, 101, "Druga Alfa", w.niksic, w.alati)); !errors.Is(err, partner.ErrIDTaken) {
				t.Fatalf("a taken id = %v, want ErrIDTaken", err)
			}
			v := find(t, 101)
			if v.Name != "Alfa Trade" || v.CityName == nil || *v.CityName != "Podgorica" || !v.IsActive || v.Version != 1 ||
				categoryNames(t, lists, 101) != "Alati, Boje i lakovi" {
				t.Fatalf("added partner %+v", v)
			}
		})

		step("Update saves the fields and replaces the categories (its version check: versions_test.go)", func(t *testing.T) {
			edit := func(expected kernel.Version, name string, city kernel.ID, categories ...kernel.ID) error {
				_, err := store.Update(ctx, 101, expected, func(p *partner.Partner) error {
					return p.Edit(partnerInput(101, name, city, categories...), "", t0)
				})
				return err
			}
			if err := edit(1, "Alfa Plus", w.niksic, w.rasvjeta); err != nil {
				t.Fatal(err)
			}
			if v := find(t, 101); v.Name != "Alfa Plus" || *v.CityName != "Nikšić" || v.Version != 2 || categoryNames(t, lists, 101) != "Rasvjeta" {
				t.Fatalf("updated partner %+v, categories %q", v, categoryNames(t, lists, 101))
			}
			if _, err := store.Update(ctx, 999, kernel.AnyVersion, func(*partner.Partner) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("a missing partner = %v", err)
			}
			p, err := store.Update(ctx, 101, kernel.AnyVersion, func(p *partner.Partner) error { p.ToggleActive(t0); return nil })
			if err != nil || p.IsActive() || p.PasswordHash() != "hash:101" {
				t.Fatalf("toggle: %+v %v", p, err)
			}
			if v := find(t, 101); v.IsActive || v.Version != 3 {
				t.Fatalf("toggled partner %+v", v)
			}
		})

		step("ExistingIDs names the known ids only", func(t *testing.T) {
			known, err := store.ExistingIDs(ctx, []kernel.ID{101, 102, 103})
			if err != nil || len(known) != 1 || !known[101] {
				t.Fatalf("existing ids %v %v", known, err)
			}
		})

		step("SaveRows inserts new ids and updates known ones, keeping their password and active flag", func(t *testing.T) {
			known101, err := partner.ParseRow(partnerInput(101, "Alfa Uvoz", w.podgorica, w.boje), true, t0)
			if err != nil {
				t.Fatal(err)
			}
			new102, err := partner.ParseRow(partnerInput(102, "Beta Nova", w.niksic, w.alati, w.rasvjeta), false, t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := persistence.NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
				return store.SaveRows(ctx, []partner.Row{known101, new102})
			}); err != nil {
				t.Fatal(err)
			}
			if v := find(t, 101); v.Name != "Alfa Uvoz" || *v.CityName != "Podgorica" || v.IsActive || v.Version != 4 ||
				categoryNames(t, lists, 101) != "Boje i lakovi" {
				t.Fatalf("imported known partner %+v, categories %q", v, categoryNames(t, lists, 101))
			}
			if v := find(t, 102); v.Name != "Beta Nova" || !v.IsActive || v.Version != 1 || categoryNames(t, lists, 102) != "Alati, Rasvjeta" {
				t.Fatalf("imported new partner %+v", v)
			}
			hashes := map[kernel.ID]string{}
			for _, id := range []kernel.ID{101, 102} {
				if _, err := store.Update(ctx, id, kernel.AnyVersion, func(p *partner.Partner) error { hashes[id] = p.PasswordHash(); return nil }); err != nil {
					t.Fatal(err)
				}
			}
			if hashes[101] != "hash:101" || hashes[102] != "" {
				t.Fatalf("passwords after the import %v", hashes)
			}
		})
	})
}

func TestPartnerContactsAndSupportContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		lists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
		for _, p := range []*partner.Partner{newPartner(t, 1, "Alfa", w.bar, w.alati), newPartner(t, 2, "Beta", w.bar, w.alati)} {
			if err := store.Add(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		step := steps(t)
		addContact := func(t *testing.T, partnerID kernel.ID, text string, typeID kernel.ID) kernel.ID {
			t.Helper()
			c, err := partner.NewContact(partnerID, partner.ContactInput{Contact: text, TypeID: typeID}, t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.AddContact(ctx, c); err != nil || c.ID() == 0 {
				t.Fatalf("add contact: %v", err)
			}
			return c.ID()
		}
		addMessage := func(t *testing.T, typeID, partnerID kernel.ID, text string) kernel.ID {
			t.Helper()
			m, err := partner.NewSupportMessage(typeID, partnerID, text, t0)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.AddSupportMessage(ctx, m); err != nil || m.ID() == 0 {
				t.Fatalf("add message: %v", err)
			}
			return m.ID()
		}
		unseen := func(t *testing.T, user kernel.ID) string {
			t.Helper()
			vs, err := store.Unseen(ctx, user)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, v := range vs {
				out = append(out, v.TypeName+"/"+v.PartnerName)
			}
			return fmt.Sprint(out)
		}

		step("contacts are added with an id, edited at their version and listed per partner by scope", func(t *testing.T) {
			phone := addContact(t, 1, "+382 20 111 222", 1)
			addContact(t, 2, "+382 30 333 444", 2)
			web := addContact(t, 1, "alfa.me", 4)
			editContact := func(expected kernel.Version, text string) error {
				_, err := store.UpdateContact(ctx, phone, expected, func(c *partner.Contact) error {
					return c.Edit(partner.ContactInput{Contact: text, TypeID: 3}, t0)
				})
				return err
			}
			if err := editContact(1, "info@alfa.me"); err != nil {
				t.Fatal(err)
			}
			if err := editContact(1, "staro@alfa.me"); !errors.Is(err, kernel.ErrStale) {
				t.Fatalf("a contact edit at an old version = %v", err)
			}
			if _, err := store.UpdateContact(ctx, web, kernel.AnyVersion, func(c *partner.Contact) error { c.ToggleActive(t0); return nil }); err != nil {
				t.Fatal(err)
			}
			var got []string
			if err := lists.Contacts.Stream(ctx, ports.ListQuery{}.Within("partner_id", 1), func(v partnerports.ContactView) error {
				got = append(got, fmt.Sprintf("%d %s %s %v v%d", v.PartnerID, v.Contact, v.Type.Name, v.IsActive, v.Version))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if want := "[1 info@alfa.me E-mail true v2 1 alfa.me Web false v2]"; fmt.Sprint(got) != want {
				t.Fatalf("partner 1's contacts %q, want %s", got, want)
			}
			page, err := lists.Contacts.List(ctx, ports.ListQuery{Page: 1, PerPage: 10}.Within("partner_id", 2))
			if err != nil || page.Total != 1 || page.Items[0].Contact != "+382 30 333 444" {
				t.Fatalf("partner 2's contacts %+v %v", page, err)
			}
			if all, err := lists.Contacts.List(ctx, ports.ListQuery{Page: 1, PerPage: 10}); err != nil || all.Total != 3 {
				t.Fatalf("every contact %+v %v", all, err)
			}
		})

		step("a scope the contact list does not know is an error, never the whole list", func(t *testing.T) {
			if _, err := lists.Contacts.List(ctx, ports.ListQuery{Page: 1, PerPage: 10}.Within("campaign_id", 1)); err == nil {
				t.Fatal("an unknown scope must fail")
			}
			if err := lists.Contacts.Stream(ctx, ports.ListQuery{}.Within("campaign_id", 1), func(partnerports.ContactView) error { return nil }); err == nil {
				t.Fatal("an unknown scope must fail when streamed too")
			}
		})

		var third kernel.ID
		step("the unseen support messages are the active ones above the user's own mark", func(t *testing.T) {
			addMessage(t, 2, 1, "Isporuka kasni.")
			addMessage(t, 3, 2, "Hvala na brzoj isporuci.")
			if got := unseen(t, 7); got != "[Pohvala/Beta Žalba/Alfa]" {
				t.Fatalf("unseen, newest first: %s", got)
			}
			if err := store.MarkSeen(ctx, 7); err != nil {
				t.Fatal(err)
			}
			if got := unseen(t, 7); got != "[]" {
				t.Fatalf("after marking seen: %s", got)
			}
			if got := unseen(t, 8); got != "[Pohvala/Beta Žalba/Alfa]" {
				t.Fatalf("another user's mark is their own: %s", got)
			}
			third = addMessage(t, 4, 1, "Ima li novi katalog?")
			if err := store.MarkSeen(ctx, 7); err != nil { // marking twice moves the mark on
				t.Fatal(err)
			}
			addMessage(t, 1, 2, "Prijedlog za akciju.")
			if got := unseen(t, 7); got != "[Prijedlog/Beta]" {
				t.Fatalf("only what came after the mark: %s", got)
			}
		})

		step("a deleted message is not unseen; a missing one is not found", func(t *testing.T) {
			m, err := store.UpdateSupportMessage(ctx, third, func(m *partner.SupportMessage) error { m.ToggleActive(t0); return nil })
			if err != nil || m.IsActive() {
				t.Fatalf("delete a message: %+v %v", m, err)
			}
			if got := unseen(t, 8); got != "[Prijedlog/Beta Pohvala/Beta Žalba/Alfa]" {
				t.Fatalf("a deleted message is not unseen: %s", got)
			}
			if _, err := store.UpdateSupportMessage(ctx, 9999, func(*partner.SupportMessage) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("a missing message = %v", err)
			}
		})
	})
}

func TestPartnerTypesContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		store := persistence.NewPartnerStore(db)
		step := steps(t)
		step("the seeded partner types, in order and by their folded name", func(t *testing.T) {
			types, err := store.PartnerTypes(ctx)
			if err != nil || len(types) != 4 || types[0].Name != "Veleprodaja" {
				t.Fatalf("partner types %+v %v", types, err)
			}
			byName, err := store.PartnerTypesByName(ctx)
			if err != nil || byName[kernel.NameKey("IZVOĐAČ RADOVA")] != kernel.ID(types[3].ID) {
				t.Fatalf("partner types by name %v %v", byName, err)
			}
		})
		step("the seeded active contact types with their icons", func(t *testing.T) {
			contactTypes, err := store.ContactTypes(ctx, true)
			if err != nil || len(contactTypes) != 5 || contactTypes[0].Icon != "pi pi-phone" {
				t.Fatalf("contact types %+v %v", contactTypes, err)
			}
		})
		step("a type exists only when seeded", func(t *testing.T) {
			for _, c := range []struct {
				exists func(context.Context, kernel.ID) (bool, error)
				id     kernel.ID
				want   bool
			}{{store.PartnerTypeExists, 1, true}, {store.PartnerTypeExists, 99, false}, {store.ContactTypeExists, 5, true}, {store.ContactTypeExists, 6, false}} {
				if ok, err := c.exists(ctx, c.id); err != nil || ok != c.want {
					t.Fatalf("type %d exists = %v %v", c.id, ok, err)
				}
			}
		})
	})
}

// The narrow ports: each context's question answered by its own small adapter.
func TestNarrowPortAdapters(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		if err := store.Add(ctx, newPartner(t, 11, "Alfa", w.podgorica, w.alati, w.boje)); err != nil {
			t.Fatal(err)
		}
		if err := store.Add(ctx, newPartner(t, 12, "Beta", w.niksic, w.alati)); err != nil {
			t.Fatal(err)
		}

		// identity's PartnerDirectory: any partner, active or not.
		directory := persistence.NewPartnerDirectory(db)
		if _, err := store.Update(ctx, 12, kernel.AnyVersion, func(p *partner.Partner) error { p.ToggleActive(t0); return nil }); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[int64]bool{11: true, 12: true, 13: false} {
			if ok, err := directory.PartnerExists(ctx, id); err != nil || ok != want {
				t.Fatalf("partner %d exists = %v %v", id, ok, err)
			}
		}

		// the catalog's CategoryUsage: active partners only.
		usage := persistence.NewPartnerCategoryUsage(db)
		for cat, want := range map[kernel.ID]int{w.alati: 1, w.boje: 1, w.rasvjeta: 0} {
			if n, err := usage.ActiveUses(ctx, cat); err != nil || n != want {
				t.Fatalf("uses of category %d = %d %v, want %d", cat, n, err, want)
			}
		}

		// the partner context's Catalog: cities and categories.
		cat := persistence.NewPartnerCatalog(db)
		if ok, err := cat.CityExists(ctx, w.bar); err != nil || !ok {
			t.Fatalf("city exists = %v %v", ok, err)
		}
		if ok, err := cat.CityExists(ctx, 9999); err != nil || ok {
			t.Fatalf("a missing city exists = %v %v", ok, err)
		}
		missing, err := cat.MissingCategories(ctx, []kernel.ID{w.alati, 9999, w.rasvjeta, 9998})
		if err != nil || fmt.Sprint(missing) != "[9999 9998]" {
			t.Fatalf("missing categories %v %v", missing, err)
		}
		if missing, err := cat.MissingCategories(ctx, nil); err != nil || len(missing) != 0 {
			t.Fatalf("none asked, none missing: %v %v", missing, err)
		}
		cities, err := cat.CitiesByName(ctx)
		if err != nil || len(cities) != 3 || cities[kernel.NameKey("NIKSIC")] != w.niksic || cities[kernel.NameKey("bar")] != w.bar {
			t.Fatalf("cities by name %v %v (a shared name maps to the first city)", cities, err)
		}
		categories, err := cat.CategoriesByName(ctx)
		if err != nil || len(categories) != 3 || categories[kernel.NameKey("boje i lakovi")] != w.boje {
			t.Fatalf("categories by name %v %v", categories, err)
		}
	})
}

// A scope is an equality on a whitelisted column, through every path of the list mechanism:
// counted, read from the trigram index with other filters, streamed; a scoped total is never
// the table's unfiltered count.
func TestScopedLists(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		store := persistence.NewPartnerStore(db)
		for i, city := range []kernel.ID{w.podgorica, w.podgorica, w.niksic, w.podgorica, w.bar} {
			if err := store.Add(ctx, newPartner(t, int64(i+1), fmt.Sprintf("Gradnja %d", i+1), city, w.alati)); err != nil {
				t.Fatal(err)
			}
		}
		byCity := persistence.NewPartnersByCity(db)
		ids := func(q ports.ListQuery) (string, int) {
			t.Helper()
			page, err := byCity.List(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var out []int64
			for _, v := range page.Items {
				out = append(out, v.ID)
			}
			return fmt.Sprint(out), page.Total
		}
		inPodgorica := ports.ListQuery{Page: 1, PerPage: 2}.Within("city_id", w.podgorica)
		if got, total := ids(inPodgorica); got != "[1 2]" || total != 3 {
			t.Fatalf("scoped page %s, total %d (the table holds 5)", got, total)
		}
		filtered := inPodgorica
		filtered.Filters = map[string]string{"name": "gradnja"}
		if got, total := ids(filtered); got != "[1 2]" || total != 3 {
			t.Fatalf("scoped and filtered through the trigram index: %s, total %d", got, total)
		}
		filtered.Filters = map[string]string{"name": "gradnja 4"}
		if got, total := ids(filtered); got != "[4]" || total != 1 {
			t.Fatalf("scoped, a multi-word filter: %s, total %d", got, total)
		}
		if got, total := ids(ports.ListQuery{Page: 1, PerPage: 10}.Within("city_id", w.bar)); got != "[5]" || total != 1 {
			t.Fatalf("another scope %s, total %d", got, total)
		}
		streamed := 0
		if err := byCity.Stream(ctx, ports.ListQuery{}.Within("city_id", w.niksic), func(partnerports.PartnerView) error { streamed++; return nil }); err != nil || streamed != 1 {
			t.Fatalf("streamed %d %v", streamed, err)
		}
		// The plain partners list whitelists no scope.
		if _, err := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db)).Partners.List(ctx, inPodgorica); err == nil {
			t.Fatal("a scope the list does not whitelist must fail")
		}

		// identity's user lists take the scope of one partner.
		users := persistence.NewUsers(db)
		for i, pid := range []int64{1, 1, 2, 0} {
			u := newUser(t, fmt.Sprintf("Korisnik %d", i), fmt.Sprintf("korisnik%d", i))
			if err := users.Add(ctx, u); err != nil {
				t.Fatal(err)
			}
			if pid == 0 {
				continue
			}
			if _, err := users.Update(ctx, u.ID(), kernel.AnyVersion, func(u *identity.User) error {
				return u.Edit(identity.UserInput{Name: u.Name(), Username: u.Username(), PartnerID: &pid}, "", t0)
			}); err != nil {
				t.Fatal(err)
			}
		}
		userLists := persistence.NewUserLists(db)
		for name, list := range map[string]ports.Lister[identityports.UserView]{"users": userLists.Users, "partner users": userLists.PartnerUsers} {
			page, err := list.List(ctx, ports.ListQuery{Page: 1, PerPage: 10}.Within("partner_id", 1))
			if err != nil || page.Total != 2 || page.Items[0].Username != "korisnik0" || *page.Items[1].PartnerID != 1 {
				t.Fatalf("%s of partner 1: %+v %v", name, page, err)
			}
		}
		if page, err := userLists.PartnerUsers.List(ctx, ports.ListQuery{Page: 1, PerPage: 10}); err != nil || page.Total != 3 {
			t.Fatalf("users linked to any partner: %+v %v", page, err)
		}
	})
}
