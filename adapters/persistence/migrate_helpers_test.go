package persistence_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"

	"vitrina/adapters/persistence"
)

// migrateBefore applies the migrations whose names sort before name, as a database that an
// earlier version left: a migration's test then writes that version's rows and runs the rest.
func migrateBefore(t *testing.T, db *bun.DB, name string) {
	t.Helper()
	ctx := context.Background()
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
}
