package persistence

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"
)

//go:embed migrations
var migrationFiles embed.FS

// Migrations returns the migrations of db's engine. Both engines have the same migration
// names; only the SQL dialect differs.
func Migrations(db *bun.DB) (*migrate.Migrations, error) {
	dir := "migrations/postgres"
	if IsSQLite(db) {
		dir = "migrations/sqlite"
	}
	sub, err := fs.Sub(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	m := migrate.NewMigrations()
	if err := m.Discover(sub); err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return m, nil
}

// Migrate applies every pending migration under the migrator's lock and returns the
// names it applied.
func Migrate(ctx context.Context, db *bun.DB) ([]string, error) {
	ms, err := Migrations(db)
	if err != nil {
		return nil, err
	}
	migrator := migrate.NewMigrator(db, ms, migrate.WithMarkAppliedOnSuccess(true))
	if err := migrator.Init(ctx); err != nil {
		return nil, fmt.Errorf("migrations: init: %w", err)
	}
	if err := migrator.Lock(ctx); err != nil {
		return nil, fmt.Errorf("migrations: lock: %w", err)
	}
	defer migrator.Unlock(ctx) //nolint:errcheck // the lock row is removed on success; a failure here changes nothing applied
	group, err := migrator.Migrate(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	var applied []string
	for _, m := range group.Migrations {
		applied = append(applied, m.Name+"_"+m.Comment)
	}
	return applied, nil
}
