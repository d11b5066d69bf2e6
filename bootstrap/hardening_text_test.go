package bootstrap

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// aMegabyte is a name of a million characters: it fits the 1 MiB JSON body limit, so it is the
// domain's maximum that refuses it, not the body size.
var aMegabyte = strings.Repeat("a", 1_000_000)

// rowCount counts the rows of a table, to prove a refused request stored nothing.
func (a *api) rowCount(table string) int {
	a.t.Helper()
	var n int
	if err := a.app.DB.NewRaw("SELECT count(*) FROM "+table).Scan(context.Background(), &n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

// refused expects a 422 whose field carries the message, and the table unchanged.
func (a *api) refused(r resp, table string, before int, field, want string) {
	a.t.Helper()
	a.expect(r, 422)
	if got := r.fieldErrors(a.t)[field]; len(got) == 0 || got[0] != want {
		a.t.Fatalf("%s: %v, want %q; body %.300s", field, got, want, r.body)
	}
	if after := a.rowCount(table); after != before {
		a.t.Fatalf("%s: %d rows became %d", table, before, after)
	}
}

func TestTextLimitsAndControlCharactersAre422(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		tooLong := func(field string, max int) string {
			return "The " + field + " may not be greater than " + fmt.Sprint(max) + " characters."
		}
		notAllowed := func(field string) string { return "The " + field + " contains characters that are not allowed." }

		// Countries and categories: create and rename.
		for _, c := range []struct{ path, table string }{{"/api/countries", "countries"}, {"/api/categories", "categories"}} {
			n := a.rowCount(c.table)
			a.refused(a.do("POST", c.path, a.admin, map[string]string{"name": aMegabyte}), c.table, n, "name", tooLong("name", 200))
			a.refused(a.do("POST", c.path, a.admin, map[string]string{"name": "Crna\x00Gora"}), c.table, n, "name", notAllowed("name"))
			a.refused(a.do("POST", c.path, a.admin, map[string]string{"name": "Crna\u001bGora"}), c.table, n, "name", notAllowed("name"))
			first := a.create(c.path, map[string]string{"name": strings.Repeat("Ž", 200)})
			a.refused(a.do("PUT", fmt.Sprintf("%s/%d", c.path, first.ID), a.admin, map[string]any{"name": "Ime\x00", "version": 1}),
				c.table, n+1, "name", notAllowed("name"))
			var one []named
			a.expect(a.do("GET", fmt.Sprintf("%s/%d", c.path, first.ID), a.admin, nil), 200).json(t, &one)
			if len(one) != 1 || one[0].Name != strings.Repeat("Ž", 200) {
				t.Fatalf("a refused rename changed %s: %+v", c.path, one)
			}
		}

		// Cities.
		n := a.rowCount("cities")
		country := a.create("/api/countries", map[string]string{"name": "Srbija"})
		a.refused(a.do("POST", "/api/cities", a.admin, map[string]any{"name": aMegabyte, "country_id": country.ID}), "cities", n, "name", tooLong("name", 200))
		a.refused(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Bar\x00", "country_id": country.ID}), "cities", n, "name", notAllowed("name"))

		// Stores: address and contact.
		n = a.rowCount("stores")
		store := func(address, contact string) map[string]any {
			return map[string]any{"city_id": w.city, "address": address, "contact": contact, "lat": 42.0, "lng": 19.0}
		}
		a.refused(a.do("POST", "/api/stores", a.admin, store(aMegabyte, "+382 20 111")), "stores", n, "address", tooLong("address", 300))
		a.refused(a.do("POST", "/api/stores", a.admin, store("Obala\x00 1", "+382 20 111")), "stores", n, "address", notAllowed("address"))
		a.refused(a.do("POST", "/api/stores", a.admin, store("Obala 1", aMegabyte)), "stores", n, "contact", tooLong("contact", 300))
		a.refused(a.do("POST", "/api/stores", a.admin, store("Obala 1", "+382\n20 111")), "stores", n, "contact", notAllowed("contact"))
		a.expect(a.do("POST", "/api/stores", a.admin, store(strings.Repeat("ć", 300), strings.Repeat("đ", 300))), 201)

		// Products: a multipart form, where invalid UTF-8 arrives as it was sent.
		n = a.rowCount("products")
		jpg := testJPEG(t, 40, 30)
		product := func(name, description string) map[string]string {
			return map[string]string{"name": name, "description": description, "price": "10"}
		}
		a.refused(a.upload("/api/products", product(aMegabyte, "Opis"), "a.jpg", jpg), "products", n, "name", tooLong("name", 200))
		a.refused(a.upload("/api/products", product("Bušilica\x00", "Opis"), "a.jpg", jpg), "products", n, "name", notAllowed("name"))
		a.refused(a.upload("/api/products", product("Bušilica", "Opis \xff\xfe"), "a.jpg", jpg), "products", n, "description", notAllowed("description"))
		a.refused(a.upload("/api/products", product("Bušilica", strings.Repeat("ž", 2001)), "a.jpg", jpg), "products", n, "description", tooLong("description", 2000))
		if files := storedImages(t, a); len(files) != 0 {
			t.Fatalf("refused products left images: %v", files)
		}
		a.expect(a.upload("/api/products", product("Bušilica", "Prvi red\nDrugi red\t"+strings.Repeat("ž", 1900)), "a.jpg", jpg), 201)

		// Partners: every text field of the form.
		n = a.rowCount("partners")
		for _, c := range []struct {
			field, value, want string
		}{
			{"name", aMegabyte, tooLong("name", 200)},
			{"name", "Gradnja\x00", notAllowed("name")},
			{"address", aMegabyte, tooLong("address", 300)},
			{"pib", strings.Repeat("1", 51), tooLong("pib", 50)},
			{"pdv", "30\x00", notAllowed("pdv")},
			{"phone", strings.Repeat("1", 301), tooLong("phone", 300)},
			{"password", strings.Repeat("p", 129), tooLong("password", 128)},
		} {
			body := partnerBody("601", "Gradnja", w.city, "1", w.alati)
			body[c.field] = c.value
			if c.field == "password" {
				body["confirmPassword"] = c.value
			}
			a.refused(a.do("POST", "/api/partners", a.admin, body), "partners", n, c.field, c.want)
		}

		// Contacts of a partner.
		a.createPartner(partnerBody(7, "Kontakt d.o.o.", w.city, "0", w.alati))
		n = a.rowCount("contacts")
		a.refused(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": aMegabyte, "contact_type_id": 1, "partner_id": 7}),
			"contacts", n, "contact", tooLong("contact", 300))
		a.refused(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "info@\x00kontakt.me", "contact_type_id": 1, "partner_id": 7}),
			"contacts", n, "contact", notAllowed("contact"))

		// Users: name, username and password.
		n = a.rowCount("users")
		for _, c := range []struct{ field, value, want string }{
			{"name", aMegabyte, tooLong("name", 200)},
			{"name", "Ana\x00", notAllowed("name")},
			{"username", "ana\x00", notAllowed("username")},
			{"username", strings.Repeat("u", 101), tooLong("username", 100)},
			{"password", strings.Repeat("p", 129), tooLong("password", 128)},
		} {
			body := userBody("Ana Marković", "ana", "manager")
			body[c.field] = c.value
			if c.field == "password" {
				body["confirmPassword"] = c.value
			}
			a.refused(a.do("POST", "/api/users", a.admin, body), "users", n, c.field, c.want)
		}
	})
}

func TestSignInNameWithNULIsNot500(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		for _, username := range []string{"admin\x00", "\x00", aMegabyte} {
			r := a.do("POST", "/api/login", "", map[string]string{"username": username, "password": "admin-pass"})
			if r.status != 422 {
				t.Fatalf("%.20q: status %d, want 422; body %.300s", username, r.status, r.body)
			}
			if f := r.fieldErrors(t)["username"]; len(f) == 0 {
				t.Fatalf("%.20q: no username message: %s", username, r.body)
			}
		}
		a.login("admin", "admin-pass") // the real account still signs in
	})
}

func TestPartnerIDsStayWithinJavaScriptIntegers(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		for _, id := range []any{9007199254740992, "9007199254740992", "9223372036854775807", "99999999999999999999"} {
			a.refused(a.do("POST", "/api/partners", a.admin, partnerBody(id, "Prevelik", w.city, "1", w.alati)),
				"partners", 0, "id", "The id may not be greater than 9007199254740991.")
		}
		p := a.createPartner(partnerBody(9007199254740991, "Najveći", w.city, "1", w.alati))
		if p.ID != 9007199254740991 {
			t.Fatalf("id %d", p.ID)
		}

		// The import's rows follow the same rules: each wrong cell is a problem of its column.
		header := []string{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash", "annualPlan", "moneyCirculation", "categories", "partner_type"}
		row := func(id, name, address string) []string {
			return []string{id, name, address, "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati", ""}
		}
		rows := [][]string{header,
			row("9007199254740992", "Prevelik", ""),
			row("12", strings.Repeat("n", 201), ""),
			row("13", "Dobar", strings.Repeat("a", 301)),
			row("14", "Kon\ttrola", ""),   // a tab is valid XML, and no part of a one-line name
			row("15", "Nul_x0000_ti", ""), // an escaped NUL neither splits the row nor vanishes
		}
		r := a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", workbook(t, rows)), 422)
		var out importOut
		r.json(t, &out)
		var problems []string
		for _, p := range out.Problems {
			problems = append(problems, fmt.Sprintf("%d:%s:%s", p.Row, p.Column, p.Message))
		}
		want := []string{"2:id:The id may not be greater than 9007199254740991.", "3:name:The name may not be greater than 200 characters.",
			"4:address:The address may not be greater than 300 characters.", "5:name:The name contains characters that are not allowed.",
			"6:name:The name contains characters that are not allowed."}
		if strings.Join(problems, "\n") != strings.Join(want, "\n") {
			t.Fatalf("problems:\n%s", strings.Join(problems, "\n"))
		}
		if n := a.rowCount("partners"); n != 1 {
			t.Fatalf("a refused file saved partners: %d", n)
		}
	})
}
