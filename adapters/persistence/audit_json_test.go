package persistence

import (
	"encoding/json"
	"testing"

	"vitrina/domain/audit"
)

// marshalChanges is what changesJSON replaced: encoding/json over []changeJSON.
func marshalChanges(t testing.TB, changes []audit.Change) string {
	cs := make([]changeJSON, len(changes))
	for i, c := range changes {
		cs[i] = changeJSON{Field: c.Field, From: c.From, To: c.To, Changed: c.Secret}
	}
	b, err := json.Marshal(cs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestChangesJSONWritesWhatEncodingJSONWrites(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, changes := range [][]audit.Change{
		nil,
		{},
		{{Field: "name", To: s("Marković & <Sinovi> \"d.o.o.\"")}},
		{{Field: "address", From: s("a\nb\tc\r\\"), To: nil}, {Field: "password_hash", Secret: true}},
		{{Field: "x\x00\x1f\x7f", From: s("bad \xff\xc3 utf8 \u2028\u2029 ok ✓"), To: s("")}},
	} {
		if got, want := string(changesJSON(changes)), marshalChanges(t, changes); got != want {
			t.Errorf("changesJSON = %s\nwant          %s", got, want)
		}
	}
}

func FuzzChangesJSON(f *testing.F) {
	f.Add("name", "Marković", "<b>&", false)
	f.Add("\xff", "\u2028", "\x00", true)
	f.Fuzz(func(t *testing.T, field, from, to string, secret bool) {
		changes := []audit.Change{{Field: field, From: &from, To: &to, Secret: secret}, {Field: to, From: nil, To: &field}}
		if got, want := string(changesJSON(changes)), marshalChanges(t, changes); got != want {
			t.Fatalf("changesJSON = %s\nwant          %s", got, want)
		}
	})
}
