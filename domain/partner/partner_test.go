package partner

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func fields(err error) map[string][]string {
	var e *kernel.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

func TestFiguresOnAddAndEdit(t *testing.T) {
	cases := []struct {
		in      string
		editing bool
		want    string // "" = refused
	}{
		{"0", false, "0"},
		{"1500", false, "1500"},
		{"1500,5", false, "1500.5"},
		{"0.125", false, "0.125"},
		{"9999999999.999", false, "9999999999.999"},
		{"15%", false, ""}, // add: a number only
		{"15%", true, "15%"},
		{"12.5%", true, "12.5%"},
		{"12345678901", true, ""},
		{"1.2345", true, ""},
		{"-3", false, ""},
		{"-3", true, ""},
		{"abc", true, ""},
		{"", true, ""},
	}
	for _, c := range cases {
		f, err := ParseFigure(ToolCash, c.in, c.editing)
		if c.want == "" {
			if err == nil {
				t.Errorf("ParseFigure(%q, edit=%v) accepted %q", c.in, c.editing, f)
			}
			continue
		}
		if err != nil || f.String() != c.want {
			t.Errorf("ParseFigure(%q, edit=%v) = %q, %v; want %q", c.in, c.editing, f, err, c.want)
		}
	}
	_, err := ParseFigure(ToolCash, "x", true)
	if got := fields(err)["toolCash"][0]; got != "The tool cash must be a number." {
		t.Fatalf("message %q", got)
	}
}

func TestIDs(t *testing.T) {
	for in, ok := range map[string]bool{"1": true, " 1001 ": true, "0": false, "-5": false, "12a": false, "": false, "99999999999999999999": false} {
		if _, err := ParseID(in); (err == nil) != ok {
			t.Errorf("ParseID(%q) = %v", in, err)
		}
	}
}

func valid() Input {
	var figs FigureTexts
	for _, f := range AllFigures {
		figs[f] = "100"
	}
	return Input{ID: "1001", Name: "Tehnomarket", CityID: 1, Figures: figs, Password: "tajna",
		CategoryIDs: []kernel.ID{2, 3, 2}}
}

func TestValidation(t *testing.T) {
	now := time.Now()
	p, err := New(valid(), "hash", now)
	if err != nil {
		t.Fatal(err)
	}
	if p.ID() != 1001 || len(p.Categories()) != 2 || p.Figure(Debt).String() != "100" || !p.IsActive() {
		t.Fatalf("partner %+v", p)
	}

	bad := Input{ID: "x", Name: "T", Figures: FigureTexts{Bonus: "5%"}, Password: "abc"}
	f := fields(bad.Validate(true))
	for field, msg := range map[string]string{
		"id": "The id must be a positive integer.", "name": "The name must be at least 2 characters.",
		"city_id": "The city id field is required.", "bonus": "The bonus must be a number.",
		"debt": "The debt field is required.", "password": "The password must be at least 4 characters.",
		"categories": "You must choose at least one category.",
	} {
		if len(f[field]) == 0 || f[field][0] != msg {
			t.Errorf("%s = %v, want %q", field, f[field], msg)
		}
	}

	// Edit: percent figures allowed, blank password keeps the old one, a category still required.
	edit := valid()
	edit.ID, edit.Password = "", ""
	edit.Figures[Bonus] = "7.5%"
	if err := p.Edit(edit, "", now); err != nil {
		t.Fatal(err)
	}
	if p.PasswordHash() != "hash" || p.Figure(Bonus).String() != "7.5%" || p.ID() != 1001 {
		t.Fatal("edit keeps the id and password, takes the percent figure")
	}
	edit.CategoryIDs = nil
	if err := p.Edit(edit, "", now); fields(err)["categories"] == nil || p.Figure(Bonus).String() != "7.5%" {
		t.Fatal("an edit without a category is refused and changes nothing")
	}
	p.ToggleActive(now)
	if p.IsActive() {
		t.Fatal("toggle deactivates")
	}
}

func TestFigureTable(t *testing.T) {
	seen := map[string]bool{}
	for i, f := range AllFigures {
		if int(f) != i || f.Key() == "" || seen[f.Key()] {
			t.Fatalf("figure %d: key %q", i, f.Key())
		}
		seen[f.Key()] = true
	}
	if len(seen) != 6 || ToolCash.Key() != "toolCash" {
		t.Fatalf("the spec's six figures: %v", seen)
	}
}

// A partner's name follows the one name rule of every record: it may not start with a digit.
func TestPartnerNameMayNotStartWithADigit(t *testing.T) {
	in := valid()
	in.Name = "3M Crna Gora"
	if got := fields(in.Validate(true))["name"]; len(got) == 0 || got[0] != "The name must not start with a number." {
		t.Fatalf("name %q: %v", in.Name, got)
	}
	if got := fields(in.Validate(false))["name"]; len(got) == 0 {
		t.Fatalf("edit to %q accepted", in.Name)
	}
}

func TestWithCategory(t *testing.T) {
	cats := []kernel.ID{2, 5}
	if next, changed, err := WithCategory(cats, 3, true); err != nil || !changed || fmt.Sprint(next) != "[2 3 5]" {
		t.Fatalf("add: %v %v %v", next, changed, err)
	}
	if next, changed, err := WithCategory(cats, 5, true); err != nil || changed || fmt.Sprint(next) != "[2 5]" {
		t.Fatalf("add held: %v %v %v", next, changed, err)
	}
	if next, changed, err := WithCategory(cats, 2, false); err != nil || !changed || fmt.Sprint(next) != "[5]" {
		t.Fatalf("remove: %v %v %v", next, changed, err)
	}
	if _, changed, err := WithCategory(cats, 9, false); err != nil || changed {
		t.Fatalf("remove absent: %v %v", changed, err)
	}
	if _, _, err := WithCategory([]kernel.ID{5}, 5, false); err != ErrNoCategory {
		t.Fatalf("the last one: %v", err)
	}
	if fmt.Sprint(cats) != "[2 5]" {
		t.Fatalf("the input changed: %v", cats)
	}
}
