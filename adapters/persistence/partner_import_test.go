package persistence

import "testing"

// The import's values and its columns are one list in two places: they must stay aligned.
func TestImportValuesFollowImportColumns(t *testing.T) {
	if got, want := len(importValues(nil, &partnerRow{})), len(importColumns); got != want {
		t.Fatalf("importValues gives %d values for %d importColumns", got, want)
	}
	if got := len(pgPartnerArrays([]partnerRow{{ID: 1}, {ID: 2}})); got != len(importColumns) {
		t.Fatalf("pgPartnerArrays gives %d arrays for %d importColumns", got, len(importColumns))
	}
}
