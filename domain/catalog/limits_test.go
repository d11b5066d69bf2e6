package catalog

import (
	"strconv"
	"strings"
	"testing"
)

// oneLineCases are the values every one-line field is tried with: "" accepted, else the message.
func oneLineCases(field string, max int) []struct{ name, in, want string } {
	notAllowed := "The " + field + " contains characters that are not allowed."
	tooLong := "The " + field + " may not be greater than " + strconv.Itoa(max) + " characters."
	return []struct{ name, in, want string }{
		{"at the maximum", "A" + strings.Repeat("a", max-1), ""},
		{"multibyte at the maximum", "Š" + strings.Repeat("š", max-1), ""},
		{"one over", "A" + strings.Repeat("a", max), tooLong},
		{"multibyte one over", "Š" + strings.Repeat("š", max), tooLong},
		{"a megabyte", strings.Repeat("A", 1<<20), tooLong},
		{"NUL", "Ab\x00c", notAllowed},
		{"control character", "Ab\x07c", notAllowed},
		{"tab", "Ab\tc", notAllowed},
		{"line break", "Ab\nc", notAllowed},
		{"invalid UTF-8", "Ab\xc0\xafc", notAllowed},
	}
}

func TestNameLimitsOfReferenceRecords(t *testing.T) {
	for _, c := range oneLineCases("name", 200) {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewCountry(c.in, now)
			check(t, "country", err, "name", c.want)
			_, err = NewCategory(c.in, now)
			check(t, "category", err, "name", c.want)
			country, _ := NewCountry("Crna Gora", now)
			err = country.Rename(c.in, now)
			check(t, "rename", err, "name", c.want)
			if c.want != "" && country.Name() != "Crna Gora" {
				t.Fatal("a refused rename changed the name")
			}
			_, err = NewCity(CityInput{Name: c.in, CountryID: 1}, now)
			check(t, "city", err, "name", c.want)
			city, _ := NewCity(CityInput{Name: "Bar", CountryID: 1}, now)
			err = city.Edit(CityInput{Name: c.in, CountryID: 1}, now)
			check(t, "city edit", err, "name", c.want)
		})
	}
}

func TestProductTextLimits(t *testing.T) {
	base := ProductInput{Name: "Bušilica", Description: "Udarna bušilica", Price: "10", Image: "a.jpg"}
	for _, c := range oneLineCases("name", 200) {
		in := base
		in.Name = c.in
		_, err := NewProduct(in, now)
		check(t, "product name "+c.name, err, "name", c.want)
		p, _ := NewProduct(base, now)
		_, err = p.Edit(in, now)
		check(t, "product name edit "+c.name, err, "name", c.want)
	}
	tooLong := "The description may not be greater than 2000 characters."
	notAllowed := "The description contains characters that are not allowed."
	for _, c := range []struct{ name, in, want string }{
		{"at the maximum", strings.Repeat("ž", 2000), ""},
		{"line breaks and tabs", "Prvi red\n\tDrugi red\r\nTreći red", ""},
		{"CRLF line breaks counted once", strings.Repeat("ab\r\n", 500) + "ab", ""},
		{"one over", strings.Repeat("ž", 2001), tooLong},
		{"NUL", "Opis\x00", notAllowed},
		{"escape", "Opis\x1b[31m", notAllowed},
		{"invalid UTF-8", "Opis\xff", notAllowed},
	} {
		in := base
		in.Description = c.in
		p, err := NewProduct(in, now)
		check(t, "description "+c.name, err, "description", c.want)
		if c.want == "" && p.Description() != strings.TrimSpace(c.in) {
			t.Fatalf("description %s kept as %q", c.name, p.Description())
		}
	}
}

func TestStoreTextLimits(t *testing.T) {
	lat, lng := 42.0, 19.0
	base := StoreInput{CityID: 1, Address: "Njegoševa 1", Contact: "+382 20 123 456", Lat: &lat, Lng: &lng}
	for _, field := range []string{"address", "contact"} {
		for _, c := range oneLineCases(field, 300) {
			in := base
			if field == "address" {
				in.Address = c.in
			} else {
				in.Contact = c.in
			}
			_, err := NewStore(in, now)
			check(t, field+" "+c.name, err, field, c.want)
			s, _ := NewStore(base, now)
			err = s.Edit(in, now)
			check(t, field+" edit "+c.name, err, field, c.want)
			if c.want != "" && (s.Address() != base.Address || s.Contact() != base.Contact) {
				t.Fatal("a refused edit changed the store")
			}
		}
	}
}

func check(t *testing.T, what string, err error, field, want string) {
	t.Helper()
	if got := fieldMsg(err, field); got != want {
		t.Fatalf("%s: %s = %q (%v), want %q", what, field, got, err, want)
	}
}
