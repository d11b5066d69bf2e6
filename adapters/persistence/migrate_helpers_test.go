package persistence_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"

	"vitrina/adapters/persistence"
)

// openBefore opens the database at url with the migrations whose names sort before name
// applied, as a database that an earlier version left: a migration's test then writes that
// version's rows and runs the rest. The database is closed when the test ends.
func openBefore(t *testing.T, url, name string) *bun.DB {
	t.Helper()
	ctx := context.Background()
	db, err := persistence.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	all, err := persistence.Migrations(db)
	if err != nil {
		t.Fatal(err)
	}
	before := migrate.NewMigrations()
	for _, m := range all.Sorted() {
		if m.Name < name {
			before.Add(m)
		}
	}
	migrator := migrate.NewMigrator(db, before, migrate.WithMarkAppliedOnSuccess(true))
	if err := migrator.Init(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := migrator.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return db
}
