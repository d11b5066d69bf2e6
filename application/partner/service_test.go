package partner_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"vitrina/adapters/excel"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/security"
	apppartner "vitrina/application/partner"
	"vitrina/application/spreadsheet"
	"vitrina/domain/audit"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

type fixedClock struct{ now time.Time }

func (c fixedClock) Now() time.Time { return c.now }

var now = time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)

// fixture is the partner use cases on the real stores, with a city (Bar) and two
// categories (Alati, Boje) to point to.
type fixture struct {
	svc               *apppartner.Service
	db                *bun.DB
	city, alati, boje kernel.ID
}

func newFixture(t *testing.T, db *bun.DB) fixture {
	t.Helper()
	ctx := context.Background()
	store := persistence.NewPartnerStore(db)
	svc := apppartner.NewService(store, store, persistence.NewPartnerCatalog(db), persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db)), excel.New(),
		persistence.NewPartnerAppSessions(db), security.NewArgon2Hasher(security.Argon2Params{Memory: 1024, Time: 1, Threads: 1}), persistence.NewTxManager(db), fixedClock{now}, persistence.NewAuditLog(db, fixedClock{now}), persistence.NewLocks(db))
	cat := persistence.NewCatalog(db)
	country, _ := catalog.NewCountry("Crna Gora", now)
	if err := cat.AddCountry(ctx, country); err != nil {
		t.Fatal(err)
	}
	city, _ := catalog.NewCity(catalog.CityInput{Name: "Bar", CountryID: country.ID()}, now)
	if err := cat.AddCity(ctx, city); err != nil {
		t.Fatal(err)
	}
	f := fixture{svc: svc, db: db, city: city.ID()}
	for _, c := range []struct {
		name string
		id   *kernel.ID
	}{{"Alati", &f.alati}, {"Boje", &f.boje}} {
		category, _ := catalog.NewCategory(c.name, now)
		if err := cat.AddCategory(ctx, category); err != nil {
			t.Fatal(err)
		}
		*c.id = category.ID()
	}
	return f
}

// must takes a use case's answer and, given the test, fails it on an error: must(svc.X(…))(t).
func must[V any](v V, err error) func(t *testing.T) V {
	return func(t *testing.T) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// fieldErrors are the first message of each failed field of a validation error.
func fieldErrors(t *testing.T, err error) map[string]string {
	t.Helper()
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid {
		t.Fatalf("want a validation error, got %v", err)
	}
	out := map[string]string{}
	for f, msgs := range e.Fields {
		out[f] = msgs[0]
	}
	return out
}

func (f fixture) input(id string) partner.Input {
	return partner.Input{ID: id, Name: "Gradnja d.o.o.", Address: "Obala 1", CityID: f.city, Phone: "+382 67 123 456",
		Password: "tajna1", CategoryIDs: []kernel.ID{f.alati, f.boje},
		Figures: partner.FigureTexts{partner.Bonus: "10,5", partner.Debt: "1200", partner.Payment: "0", partner.ToolCash: "99.999",
			partner.AnnualPlan: "50000", partner.MoneyCirculation: "1000.100"}}
}

func TestPartnerCreateAndUpdate(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		p := must(f.svc.Create(ctx, f.input("501")))(t)
		if p.ID != 501 || p.Figures["bonus"] != "10.5" || p.Figures["moneyCirculation"] != "1000.1" || p.CategoryNames() != "Alati, Boje" ||
			*p.CityName != "Bar" || !p.IsActive {
			t.Fatalf("created %+v", p)
		}

		// The id is the user's: taken is 422 on it, as is everything else wrong, at once.
		_, err := f.svc.Create(ctx, f.input("501"))
		if got := fieldErrors(t, err); len(got) != 1 || got["id"] != "The id has already been taken." {
			t.Fatalf("a taken id: %v", got)
		}
		bad := f.input("502")
		bad.CityID, bad.TypeID, bad.CategoryIDs = 999, 999, []kernel.ID{f.alati, 999}
		bad.Figures[partner.Debt] = "15%" // a percentage only on edit
		bad.Password = "abc"
		want := map[string]string{"city_id": "The selected city id is invalid.", "partner_type_id": "The selected partner type id is invalid.",
			"categories": "The selected categories is invalid.", "debt": "The debt must be a number.",
			"password": "The password must be at least 4 characters."}
		_, err = f.svc.Create(ctx, bad)
		got := fieldErrors(t, err)
		if len(got) != len(want) {
			t.Fatalf("all problems at once: %v", got)
		}
		for field, msg := range want {
			if got[field] != msg {
				t.Errorf("%s = %q, want %q", field, got[field], msg)
			}
		}
		// Check answers what Create would, without saving.
		if checked := fieldErrors(t, f.svc.Check(ctx, 0, bad)); len(checked) != len(want) {
			t.Fatalf("Check: %v", checked)
		}
		if err := f.svc.Check(ctx, 0, f.input("503")); err != nil {
			t.Fatalf("Check of a good form: %v", err)
		}
		if _, err := f.svc.Lists().Partners.Find(ctx, 503); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("Check saves nothing: %v", err)
		}
		if err := f.svc.Check(ctx, 999, f.input("")); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("Check of an edit of a missing partner: %v", err)
		}

		// Edit: the loaded version, a percentage kept as typed, a blank password keeps the old one.
		edit := f.input("")
		edit.Password, edit.CategoryIDs = "", []kernel.ID{f.boje}
		edit.Figures[partner.Debt] = "15%"
		edited := must(f.svc.Update(ctx, 501, p.Version, edit))(t)
		if edited.Figures["debt"] != "15%" || edited.CategoryNames() != "Boje" || edited.Version == p.Version {
			t.Fatalf("edited %+v", edited)
		}
		edit.Name = "Zastarjelo"
		if _, err := f.svc.Update(ctx, 501, p.Version, edit); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("a stale edit: %v", err)
		}
		if v := must(f.svc.Lists().Partners.Find(ctx, 501))(t); v.Name != "Gradnja d.o.o." || v.Version != edited.Version {
			t.Fatalf("the stale edit changed %+v", v)
		}
		edit.CategoryIDs = nil
		_, err = f.svc.Update(ctx, 501, edited.Version, edit)
		if got := fieldErrors(t, err); got["categories"] != "You must choose at least one category." {
			t.Fatalf("an edit without a category: %v", got)
		}
		_, err = f.svc.Update(ctx, 404, kernel.AnyVersion, f.input(""))
		if kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("an edit of a missing partner: %v", err)
		}
		if must(f.svc.Toggle(ctx, 501))(t) {
			t.Fatal("toggle deactivates")
		}
	})
}

// workbook is an .xlsx of the rows, the first one the header.
func workbook(t *testing.T, rows ...[]string) *bytes.Reader {
	t.Helper()
	x := excelize.NewFile()
	defer x.Close() //nolint:errcheck // in memory
	for i, row := range rows {
		cells := make([]any, len(row))
		for j, c := range row {
			cells[j] = c
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := x.SetSheetRow("Sheet1", cell, &cells); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := x.Write(&b); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

// row is a partner's line in the layout's order (apppartner.Columns).
func row(id, name, city, debt, categories string) []string {
	return []string{id, name, "Obala 1", "", "", city, "", "1", debt, "0", "2.5", "100", "1000", categories, ""}
}

func TestPartnerImport(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		before := must(f.svc.Create(ctx, f.input("501")))(t)
		imp := func(preview bool, rows ...[]string) (spreadsheet.Result, error) {
			file := workbook(t, append([][]string{apppartner.Columns}, rows...)...)
			return f.svc.Import(ctx, file, file.Size(), "Partners.xlsx", preview)
		}

		// One wrong row refuses the whole file: nothing is written, every problem is listed
		// by row and column, in the layout's order.
		result, err := imp(false,
			row("501", "Gradnja Nova", "bar", "15%", "alati"),
			row("600", "Uvoz d.o.o.", "Bar", "10", "Alati, Boje"),
			row("x", "U", "Nepoznat", "15%", "Alati, Ništa"),
			row("600", "Uvoz Dva", "Bar", "1", "Boje"),
		)
		var rejected *spreadsheet.Rejected
		if !errors.As(err, &rejected) || kernel.KindOf(err) != kernel.KindInvalid {
			t.Fatalf("a file with problems: %v", err)
		}
		want := []spreadsheet.Problem{
			{Row: 4, Column: "id", Message: "The id must be a positive integer."},
			{Row: 4, Column: "name", Message: "The name must be at least 2 characters."},
			{Row: 4, Column: "city", Message: "The city does not exist."},
			{Row: 4, Column: "debt", Message: "The debt must be a number."},
			{Row: 4, Column: "categories", Message: "A category does not exist."},
			{Row: 5, Column: "id", Message: "The id appears more than once in the file."},
		}
		if result.Added != 1 || result.Updated != 1 || result.Rejected != 2 || len(result.Problems) != len(want) {
			t.Fatalf("result %+v", result)
		}
		for i, p := range want {
			if result.Problems[i] != p {
				t.Errorf("problem %d = %+v, want %+v", i, result.Problems[i], p)
			}
		}
		if _, err := f.svc.Lists().Partners.Find(ctx, 600); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a refused file adds nothing: %v", err)
		}
		if v := must(f.svc.Lists().Partners.Find(ctx, 501))(t); v.Name != before.Name || v.Version != before.Version {
			t.Fatalf("a refused file changes nothing: %+v", v)
		}

		// A preview counts and writes nothing; the save writes every row.
		good := [][]string{row("501", "Gradnja Nova", "bar", "15%", "alati"), row("600", "Uvoz d.o.o.", "Bar", "10,25", "Alati, Boje")}
		result = must(imp(true, good...))(t)
		if result.Added != 1 || result.Updated != 1 || result.Rejected != 0 {
			t.Fatalf("preview %+v", result)
		}
		if _, err := f.svc.Lists().Partners.Find(ctx, 600); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a preview adds nothing: %v", err)
		}
		result = must(imp(false, good...))(t)
		if result.Added != 1 || result.Updated != 1 {
			t.Fatalf("save %+v", result)
		}
		updated := must(f.svc.Lists().Partners.Find(ctx, 501))(t)
		if updated.Name != "Gradnja Nova" || updated.Figures["debt"] != "15%" || updated.CategoryNames() != "Alati" || updated.Version == before.Version {
			t.Fatalf("updated %+v", updated)
		}
		added := must(f.svc.Lists().Partners.Find(ctx, 600))(t)
		if added.Figures["debt"] != "10.25" || added.Figures["toolCash"] != "2.5" || added.CategoryNames() != "Alati, Boje" || !added.IsActive {
			t.Fatalf("added %+v", added)
		}
		// An edit loaded before the import is stale now.
		if _, err := f.svc.Update(ctx, 501, before.Version, f.input("")); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("an edit from before the import: %v", err)
		}

		// A header without a required column is refused as a whole.
		file := workbook(t, []string{"id", "name", "city"}, []string{"700", "Novi", "Bar"})
		result, err = f.svc.Import(ctx, file, file.Size(), "Partners.xlsx", false)
		if !errors.As(err, &rejected) || result.Rejected != 1 || len(result.Problems) != 7 ||
			result.Problems[0] != (spreadsheet.Problem{Row: 1, Column: "bonus", Message: "The column is missing."}) ||
			result.Problems[6].Column != "categories" {
			t.Fatalf("missing columns: %+v %v", result, err)
		}
		file = workbook(t, apppartner.Columns)
		if _, err := f.svc.Import(ctx, file, file.Size(), "Partners.xlsx", false); !errors.Is(err, apppartner.ErrNoPartners) {
			t.Fatalf("a file without partners: %v", err)
		}
	})
}

func TestPartnerContacts(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		must(f.svc.Create(ctx, f.input("501")))(t)
		const phone, email = 1, 3 // contact types of the migrations

		_, err := f.svc.CreateContact(ctx, 999, partner.ContactInput{Contact: "+382 67 1", TypeID: phone})
		if got := fieldErrors(t, err); got["partner_id"] != "The selected partner id is invalid." {
			t.Fatalf("a contact of a missing partner: %v", got)
		}
		_, err = f.svc.CreateContact(ctx, 501, partner.ContactInput{Contact: "x", TypeID: 999})
		got := fieldErrors(t, err)
		if got["contact_type_id"] != "The selected contact type id is invalid." || got["contact"] != "The contact must be at least 2 characters." {
			t.Fatalf("a bad contact: %v", got)
		}
		c := must(f.svc.CreateContact(ctx, 501, partner.ContactInput{Contact: " info@gradnja.me ", TypeID: email}))(t)
		if c.Contact != "info@gradnja.me" || c.Type.Name != "E-mail" || c.PartnerID != 501 || !c.IsActive {
			t.Fatalf("contact %+v", c)
		}
		edited := must(f.svc.UpdateContact(ctx, kernel.ID(c.ID), c.Version, partner.ContactInput{Contact: "+382 67 123", TypeID: phone}))(t)
		if edited.Contact != "+382 67 123" || edited.Type.ID != phone {
			t.Fatalf("edited %+v", edited)
		}
		if _, err := f.svc.UpdateContact(ctx, kernel.ID(c.ID), c.Version, partner.ContactInput{Contact: "stale", TypeID: phone}); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("a stale contact edit: %v", err)
		}
		if must(f.svc.ToggleContact(ctx, kernel.ID(c.ID)))(t) {
			t.Fatal("toggle deactivates the contact")
		}
		list := must(f.svc.Contacts(ctx, 501))(t)
		if len(list) != 1 || list[0].IsActive || list[0].Contact != "+382 67 123" {
			t.Fatalf("contacts %+v", list)
		}
		if _, err := f.svc.Contacts(ctx, 999); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("contacts of a missing partner: %v", err)
		}
	})
}

// importEvents are the events of the audit log that carry an import id, oldest first.
func importEvents(t *testing.T, db *bun.DB) []audit.Event {
	t.Helper()
	page, err := persistence.NewAuditLog(db, fixedClock{now}).List(context.Background(), ports.AuditFilter{}, ports.AuditPage{Page: 1, PerPage: 500})
	if err != nil {
		t.Fatal(err)
	}
	var out []audit.Event
	for i := len(page.Items) - 1; i >= 0; i-- {
		if page.Items[i].ImportID != "" {
			out = append(out, page.Items[i])
		}
	}
	return out
}

// changesOf writes an event's changes as "field: from → to", one per line.
func changesOf(e audit.Event) string {
	var b strings.Builder
	val := func(s *string) string {
		if s == nil {
			return "∅"
		}
		return *s
	}
	for _, c := range e.Changes {
		fmt.Fprintf(&b, "%s: %s → %s\n", c.Field, val(c.From), val(c.To))
	}
	return b.String()
}

// An import is on record (issue 21): one `import` event with the file's name and counts,
// one event per partner it created or changed (old → new, money exact), none for a partner
// it left as it was, all under one import id of its own, in the import's transaction: a
// refused file leaves none.
func TestPartnerImportRecords(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		imp := func(name string, rows ...[]string) error {
			file := workbook(t, append([][]string{apppartner.Columns}, rows...)...)
			result, err := f.svc.Import(ctx, file, file.Size(), name, false)
			if err != nil {
				return fmt.Errorf("%w: %+v", err, result.Problems)
			}
			return nil
		}
		if err := imp("Prvi.xlsx", row("600", "Uvoz d.o.o.", "Bar", "10", "Alati"), row("601", "Drugi d.o.o.", "Bar", "20", "Boje")); err != nil {
			t.Fatal(err)
		}
		first := importEvents(t, db)
		if len(first) != 3 || first[0].Action != audit.ActionCreate || first[1].Action != audit.ActionCreate || first[2].Action != audit.ActionImport {
			t.Fatalf("the first import's events: %+v", first)
		}
		if err := imp("Drugi.xlsx",
			row("600", "Uvoz d.o.o.", "Bar", "10", "Alati"),               // as it is
			row("601", "Drugi d.o.o.", "Bar", "12000.505", "Alati, Boje"), // debt and categories
			row("602", "Treći d.o.o.", "Bar", "7.5", "Boje"),              // new
		); err != nil {
			t.Fatal(err)
		}
		all := importEvents(t, db)
		second := all[len(first):]
		if len(second) != 3 {
			t.Fatalf("the second import's events: %d, want an edit, a create and the import", len(second))
		}
		for _, e := range second {
			if e.ImportID != second[0].ImportID || e.ImportID == first[0].ImportID || len(e.ImportID) < 16 {
				t.Fatalf("one fresh import id per import: %q, %q", e.ImportID, first[0].ImportID)
			}
		}
		edit, created, summary := second[0], second[1], second[2]
		if edit.Action != audit.ActionEdit || edit.Resource != audit.PartnersResource || edit.RecordID != 601 ||
			changesOf(edit) != "category_ids: "+fmt.Sprint(f.boje)+" → "+fmt.Sprint(f.alati)+","+fmt.Sprint(f.boje)+"\ndebt: 20 → 12000.505\n" {
			t.Fatalf("the changed partner's event: %+v\n%s", edit, changesOf(edit))
		}
		if created.Action != audit.ActionCreate || created.RecordID != 602 || !strings.Contains(changesOf(created), "debt: ∅ → 7.5\n") {
			t.Fatalf("the new partner's event: %+v\n%s", created, changesOf(created))
		}
		if summary.Action != audit.ActionImport || summary.Resource != audit.PartnersResource || summary.RecordID != 0 ||
			changesOf(summary) != "added: ∅ → 1\nfile: ∅ → Drugi.xlsx\nunchanged: ∅ → 1\nupdated: ∅ → 1\n" {
			t.Fatalf("the import's own event: %+v\n%s", summary, changesOf(summary))
		}

		// A file refused for one row writes nothing, events included; so does one refused in
		// the save's transaction after its first batch was written.
		if err := imp("Treci.xlsx", row("601", "Drugi d.o.o.", "Bar", "1", "Alati"), row("603", "X", "Bar", "1", "Alati")); err == nil {
			t.Fatal("a file with a wrong row was saved")
		}
		if got := importEvents(t, db); len(got) != len(all) {
			t.Fatalf("a refused file left %d events", len(got)-len(all))
		}
	})
}
