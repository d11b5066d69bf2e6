package bootstrap

import (
	"testing"
)

// Text that is not UTF-8 is refused by the one JSON decoder (issue 20): encoding/json would
// store U+FFFD in place of a stray byte or an escaped half of a surrogate pair.
func TestJSONTextMustBeUTF8(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		const bad = "The request contains text that is not valid UTF-8."
		n := a.rowCount("countries")
		for _, body := range []string{
			"{\"name\":\"Ab\xff\xfecd\"}",
			`{"name":"Ab\ud800cd"}`,
			`{"name":"Ab\uDC00cd"}`,
			`{"name":"Ab\ud800\u0041cd"}`,
			`{"name":"Ab\ud800"}`,
			"{\"name\":\"Crna Gora\", \"x\": \"\xc0\xaf\"}",
		} {
			r := a.do("POST", "/api/countries", a.admin, body)
			a.refused(r, "countries", n, "_", bad)
			if r.message(t) != bad {
				t.Fatalf("%q: message %q", body, r.message(t))
			}
		}
		// An escaped backslash before "ud800" is text, not an escape; a whole pair is one character.
		var c named
		a.expect(a.do("POST", "/api/countries", a.admin, `{"name":"Ab\\ud800"}`), 201).json(t, &c)
		if c.Name != `Ab\ud800` {
			t.Fatalf("name %q", c.Name)
		}
		a.expect(a.do("POST", "/api/countries", a.admin, `{"name":"Smiješak \ud83d\ude00"}`), 201).json(t, &c)
		if c.Name != "Smiješak 😀" {
			t.Fatalf("name %q", c.Name)
		}
	})
}

// Names refuse the characters that change how they read without showing (issue 20).
func TestNamesRefuseInvisibleCharacters(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		const want = "The name contains invisible or direction-changing characters."
		n := a.rowCount("countries")
		for _, name := range []string{"Crna\u202EGora", "Crna\u2067Gora", "Crna\u200BGora", "\uFEFFCrna Gora", "Crna\u2060Gora"} {
			a.refused(a.do("POST", "/api/countries", a.admin, map[string]string{"name": name}), "countries", n, "name", want)
		}
		w := a.partnerWorld()
		p := partnerBody(5001, "Gradnja\u202E Vujović", w.city, "10", w.alati)
		n = a.rowCount("partners")
		a.refused(a.do("POST", "/api/partners", a.admin, p), "partners", n, "name", want)
	})
}
