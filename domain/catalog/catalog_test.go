package catalog

import (
	"errors"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func fieldMsg(err error, field string) string {
	var e *kernel.Error
	if !errors.As(err, &e) || len(e.Fields[field]) == 0 {
		return ""
	}
	return e.Fields[field][0]
}

func TestNamesOfReferenceRecords(t *testing.T) {
	cases := []struct{ name, want string }{
		{"Crna Gora", ""},
		{"", "The name field is required."},
		{"C", "The name must be at least 2 characters."},
		{"9 Bar", "The name must not start with a number."},
	}
	for _, c := range cases {
		_, err := NewCountry(c.name, now)
		if got := fieldMsg(err, "name"); got != c.want {
			t.Errorf("NewCountry(%q) = %q, want %q", c.name, got, c.want)
		}
		_, err = NewCategory(c.name, now)
		if got := fieldMsg(err, "name"); got != c.want {
			t.Errorf("NewCategory(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if _, err := NewCity(CityInput{Name: "Bar"}, now); fieldMsg(err, "country_id") != "The country id field is required." {
		t.Fatalf("a city needs a country: %v", err)
	}
}

func TestDuplicates(t *testing.T) {
	if CheckDuplicate(NoDuplicate) != nil {
		t.Fatal("no duplicate, no error")
	}
	if err := CheckDuplicate(ActiveDuplicate); kernel.KindOf(err) != kernel.KindInvalid || fieldMsg(err, "name") != "The name has already been taken." {
		t.Fatalf("active duplicate = %v", err)
	}
	if err := CheckDuplicate(InactiveDuplicate); kernel.KindOf(err) != kernel.KindConflictInactive {
		t.Fatalf("inactive duplicate = %v", err)
	}
}

func TestActivationRules(t *testing.T) {
	c, _ := NewCountry("Srbija", now)
	if err := c.ToggleActive(3, now); kernel.KindOf(err) != kernel.KindForbiddenInUse || !c.IsActive() {
		t.Fatalf("a country with active cities stays active: %v", err)
	}
	if err := c.ToggleActive(0, now); err != nil || c.IsActive() {
		t.Fatal("a country without active cities deactivates")
	}
	if err := c.ToggleActive(5, now); err != nil || !c.IsActive() {
		t.Fatal("reactivation is always allowed")
	}
	cat, _ := NewCategory("Alati", now)
	if err := cat.ToggleActive(1, now); kernel.KindOf(err) != kernel.KindForbiddenInUse {
		t.Fatalf("a used category stays active: %v", err)
	}
	city, _ := NewCity(CityInput{Name: "Kotor", CountryID: 1}, now)
	if err := city.ToggleActive(2, now); kernel.KindOf(err) != kernel.KindForbiddenInUse {
		t.Fatalf("a city with active stores stays active: %v", err)
	}
	p, err := NewProduct(ProductInput{Name: "Bušilica", Description: "Udarna", Price: "10", Image: "p.jpg"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.ToggleActive(1, now); kernel.KindOf(err) != kernel.KindForbiddenInUse || !p.IsActive() {
		t.Fatalf("a product an active campaign holds stays active: %v", err)
	}
	if err := p.ToggleActive(0, now); err != nil || p.IsActive() {
		t.Fatal("a product nothing holds deactivates")
	}
	if err := p.ToggleActive(1, now); err != nil || !p.IsActive() {
		t.Fatal("reactivation is always allowed")
	}
}

func TestPrice(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		str  string
		ok   bool
	}{
		{"0", 0, "0", true},
		{"12", 12000, "12", true},
		{"12.5", 12500, "12.5", true},
		{"12,05", 12050, "12.05", true},
		{"0.001", 1, "0.001", true},
		{"9999999999.999", 9999999999999, "9999999999.999", true},
		{"12%", 0, "", false},
		{"-1", 0, "", false},
		{"1.2345", 0, "", false},
		{"abc", 0, "", false},
		{"", 0, "", false},
	}
	for _, c := range cases {
		p, err := ParsePrice(c.in)
		if (err == nil) != c.ok {
			t.Fatalf("ParsePrice(%q) err = %v", c.in, err)
		}
		if c.ok && (p.Thousandths() != c.want || p.String() != c.str) {
			t.Fatalf("ParsePrice(%q) = %d %q", c.in, p.Thousandths(), p.String())
		}
	}
}

func TestProduct(t *testing.T) {
	in := ProductInput{Name: "Bušilica", Description: "Udarna bušilica 800 W", Price: "129.99", Image: "a.jpg"}
	p, err := NewProduct(in, now)
	if err != nil || p.Price().String() != "129.99" || p.Image() != "a.jpg" {
		t.Fatalf("%v %+v", err, p)
	}
	noImage := in
	noImage.Image = ""
	if _, err := NewProduct(noImage, now); fieldMsg(err, "image") != "The image field is required." {
		t.Fatal("an image is required on add")
	}
	replaced, err := p.Edit(noImage, now)
	if err != nil || replaced != "" || p.Image() != "a.jpg" {
		t.Fatal("an edit without an image keeps it")
	}
	withNew := in
	withNew.Image = "b.jpg"
	if replaced, _ := p.Edit(withNew, now); replaced != "a.jpg" || p.Image() != "b.jpg" {
		t.Fatal("a new image replaces the old one")
	}
	bad := ProductInput{Name: "X", Description: "", Price: "-3"}
	err = ValidateProduct(bad, false)
	if fieldMsg(err, "name") == "" || fieldMsg(err, "description") == "" || fieldMsg(err, "price") != "The price must be a number." {
		t.Fatalf("all fields at once: %v", err)
	}
}

func TestStore(t *testing.T) {
	lat, lng := 42.44, 19.26
	s, err := NewStore(StoreInput{CityID: 1, Address: "Bulevar Svetog Petra Cetinjskog 1", Contact: "+382 20 123 456", Lat: &lat, Lng: &lng}, now)
	if err != nil || s.Position().Lat != lat {
		t.Fatal(err)
	}
	badLat := 91.0
	err = StoreInput{Address: "A", Contact: "", Lat: &badLat, Lng: &lng}.Validate()
	for _, f := range []string{"city_id", "address", "contact", "lat"} {
		if fieldMsg(err, f) == "" {
			t.Errorf("%s must fail: %v", f, err)
		}
	}
	if fieldMsg(StoreInput{CityID: 1, Address: "Adresa", Contact: "Kontakt"}.Validate(), "position") == "" {
		t.Fatal("a store needs a position")
	}
}

// A product's name follows the one name rule of every record: it may not start with a digit.
func TestProductNameMayNotStartWithADigit(t *testing.T) {
	in := ProductInput{Name: "3 bušilice", Description: "Komplet", Price: "10", Image: "a.jpg"}
	if _, err := NewProduct(in, now); fieldMsg(err, "name") != "The name must not start with a number." {
		t.Fatalf("NewProduct(%q) = %v", in.Name, err)
	}
	in.Name = "Bušilice 3"
	p, err := NewProduct(in, now)
	if err != nil {
		t.Fatal(err)
	}
	in.Name = "4 bušilice"
	if _, err := p.Edit(in, now); fieldMsg(err, "name") != "The name must not start with a number." {
		t.Fatalf("Edit to %q = %v", in.Name, err)
	}
}
