package partner

import (
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func rowInput(id, debt string) Input {
	return Input{ID: id, Name: "Uvoz d.o.o.", CityID: 3, CategoryIDs: []kernel.ID{1},
		Figures: FigureTexts{Bonus: "1", Debt: debt, Payment: "0", ToolCash: "0", AnnualPlan: "0", MoneyCirculation: "0"}}
}

func TestImportRows(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	// A spreadsheet carries no password: neither a new nor a known partner needs one.
	row, err := ParseRow(rowInput("77", "10.5"), false, now)
	if err != nil || row.Exists() || row.State().ID != 77 || row.State().PasswordHash != "" {
		t.Fatalf("new row: %+v %v", row, err)
	}
	// A new partner follows the add form: no percent.
	if _, err := ParseRow(rowInput("77", "15%"), false, now); fields(err)["debt"][0] != "The debt must be a number." {
		t.Fatalf("new row with a percentage: %v", err)
	}
	// A known one follows the edit form: the percent is kept as typed.
	row, err = ParseRow(rowInput("77", "15%"), true, now)
	if err != nil || !row.Exists() || row.State().Figures[Debt].String() != "15%" {
		t.Fatalf("known row: %+v %v", row, err)
	}
	// The id is checked on every row, known or not.
	if _, err := ParseRow(rowInput("x", "1"), true, now); fields(err)["id"][0] != "The id must be a positive integer." {
		t.Fatalf("bad id: %v", err)
	}
	in := rowInput("78", "1")
	in.CategoryIDs = nil
	if _, err := ParseRow(in, true, now); fields(err)["categories"][0] != "You must choose at least one category." {
		t.Fatalf("no category: %v", err)
	}
}

func TestContactRules(t *testing.T) {
	now := time.Now()
	_, err := NewContact(1, ContactInput{Contact: " x "}, now)
	f := fields(err)
	if f["contact"][0] != "The contact must be at least 2 characters." || f["contact_type_id"][0] != "The contact type id field is required." {
		t.Fatalf("contact: %v", f)
	}
	if _, err := NewContact(1, ContactInput{}, now); fields(err)["contact"][0] != "The contact field is required." {
		t.Fatalf("empty contact: %v", err)
	}
	c, err := NewContact(1, ContactInput{Contact: "  +382 67 111 222 ", TypeID: 2}, now)
	if err != nil || c.Text() != "+382 67 111 222" || !c.IsActive() {
		t.Fatalf("contact %+v %v", c, err)
	}
	if err := c.Edit(ContactInput{Contact: "a", TypeID: 2}, now); err == nil || c.Text() != "+382 67 111 222" {
		t.Fatal("a refused edit changed the contact")
	}
	c.ToggleActive(now)
	if c.IsActive() {
		t.Fatal("toggle")
	}
}

func TestSupportMessageRules(t *testing.T) {
	now := time.Now()
	if _, err := NewSupportMessage(0, 0, "", now); len(fields(err)) != 3 {
		t.Fatalf("empty message: %v", err)
	}
	for _, c := range []struct {
		typeID            kernel.ID
		text, field, want string
	}{
		{0, "Pitanje o akciji", "type_id", "The type id field is required."},
		{1, "", "message", "The message field is required."},
		{1, "  \n ", "message", "The message field is required."},
		{1, "A", "message", "The message must be at least 2 characters."},
		{1, " Ž ", "message", "The message must be at least 2 characters."},
	} {
		_, err := NewSupportMessage(c.typeID, 5, c.text, now)
		if got := fields(err)[c.field]; len(got) != 1 || got[0] != c.want || len(fields(err)) != 1 {
			t.Fatalf("%q of type %d: %v, want %s %q", c.text, c.typeID, err, c.field, c.want)
		}
	}
	if m, err := NewSupportMessage(2, 5, "Ok", now); err != nil || m.Content() != "Ok" || m.PartnerID() != 5 || m.TypeID() != 2 {
		t.Fatalf("two characters are enough: %v", err)
	}
	m, err := NewSupportMessage(1, 5, " Pohvala za isporuku ", now)
	if err != nil || m.Content() != "Pohvala za isporuku" || !m.IsActive() {
		t.Fatalf("message %+v %v", m, err)
	}
	m.ToggleActive(now)
	m.ToggleActive(now)
	if !m.IsActive() {
		t.Fatal("restore")
	}
}

func TestRehydrateKeepsState(t *testing.T) {
	st := State{ID: 9, Name: "Stari", CityID: 2, Figures: Figures{Debt: {Amount: kernel.AmountOfThousandths(15000), Percent: true}}, PasswordHash: "h",
		Categories: []kernel.ID{4, 5}, Active: false}
	p := Rehydrate(st)
	if p.IsActive() || p.PasswordHash() != "h" || p.Figure(Debt).String() != "15%" || len(p.Categories()) != 2 {
		t.Fatalf("rehydrated %+v", p)
	}
	if err := p.Edit(rowInput("", "1"), "", time.Now()); err != nil || p.PasswordHash() != "h" {
		t.Fatalf("an edit without a password keeps the old one: %v", err)
	}
}
