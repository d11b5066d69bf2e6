package persistence

import (
	"reflect"
	"testing"

	"vitrina/domain/audit"
)

// A pending event's changes come back from their packed form as they went in: no value, an
// empty one, values holding the packing's own characters, a secret.
func TestPackedChangesRoundTrip(t *testing.T) {
	v := func(s string) *string { return &s }
	cs := []audit.Change{
		{Field: "debt", From: v("12000"), To: v("120000.505")},
		{Field: "name", From: nil, To: v("")},
		{Field: "address", From: v("3:ab:c"), To: nil},
		{Field: "password_hash", Secret: true},
		{Field: "page", From: v("čćž v5:x n"), To: v("12:")},
	}
	if got := unpackChanges(packChanges(cs)); !reflect.DeepEqual(got, cs) {
		t.Fatalf("round trip: %+v", got)
	}
	if got := unpackChanges(packChanges(nil)); got != nil {
		t.Fatalf("no changes: %+v", got)
	}
}
