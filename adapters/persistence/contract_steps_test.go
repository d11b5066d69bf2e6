package persistence_test

import "testing"

// steps runs a contract's behaviours in order as named subtests of t, so that a failure
// names the behaviour ("TestCatalogRepositoryContract/sqlite/the_largest_price_survives_exactly").
// The behaviours build on one database and on each other, so the first that fails stops the
// rest instead of burying its cause under theirs.
func steps(t *testing.T) func(name string, fn func(t *testing.T)) {
	return func(name string, fn func(t *testing.T)) {
		t.Helper()
		if !t.Run(name, fn) {
			t.FailNow()
		}
	}
}
