package persistence

import (
	"fmt"
	"testing"
)

func TestNumberFilterSyntax(t *testing.T) {
	str := func(p *int64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	for text, want := range map[string]string{
		"100":        "100000 100000 false false",
		" >100 ":     "100000 - true false",
		">=12,5":     "12500 - false false",
		"<0.001":     "- 1 false true",
		"<= 7":       "- 7000 false false",
		"10..20":     "10000 20000 false false",
		"20-10":      "10000 20000 false false",
		"15%":        "15000 15000 false false",
		"1.5%..2.5%": "1500 2500 false false",
	} {
		r, ok := parseNumberFilter(text, 1000)
		got := str(r.lo) + " " + str(r.hi) + " " + fmt.Sprint(r.loStrict) + " " + fmt.Sprint(r.hiStrict)
		if !ok || got != want {
			t.Errorf("%q: %q %v, want %q", text, got, ok, want)
		}
	}
	for _, bad := range []string{"abc", "1.2345", ">", "1..", "--5", "1e5", "0x10"} {
		if _, ok := parseNumberFilter(bad, 1000); ok {
			t.Errorf("%q parsed", bad)
		}
	}
	// Ids take whole numbers only.
	if _, ok := parseNumberFilter("3.5", 1); ok {
		t.Error("a fractional id parsed")
	}
	if r, ok := parseNumberFilter("42", 1); !ok || *r.lo != 42 {
		t.Error("id 42")
	}
}
