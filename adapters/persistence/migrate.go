package persistence

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
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

// Migrate applies every pending migration and returns the names it applied. On PostgreSQL
// it holds the "migrations" lock (Locks.Wait) from before the migrations' own tables are
// made: replicas started together migrate once, the others wait and then find nothing to
// do, and a process killed mid-migration leaves no lock behind (ADR 0040). On SQLite, one
// process's database, bun's lock row refuses a second migrator.
func Migrate(ctx context.Context, db *bun.DB) ([]string, error) {
	if IsSQLite(db) {
		return migrateNow(ctx, db, true)
	}
	var applied []string
	err := NewLocks(db).Wait(ctx, "migrations", func(ctx context.Context) (err error) {
		applied, err = migrateNow(ctx, db, false)
		return err
	})
	return applied, err
}

// migrateNow applies the pending migrations, under bun's lock row when lockRow.
func migrateNow(ctx context.Context, db *bun.DB, lockRow bool) ([]string, error) {
	ms, err := Migrations(db)
	if err != nil {
		return nil, err
	}
	migrator := migrate.NewMigrator(db, ms, migrate.WithMarkAppliedOnSuccess(true))
	if err := migrator.Init(ctx); err != nil {
		return nil, fmt.Errorf("migrations: init: %w", err)
	}
	if lockRow {
		if err := migrator.Lock(ctx); err != nil {
			return nil, fmt.Errorf("migrations: lock: %w", err)
		}
		defer migrator.Unlock(ctx) //nolint:errcheck // the lock row is removed on success; a failure here changes nothing applied
	}
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

// SchemaVersion is where the database's schema stands against this binary: each version is a
// migration's name, a number (20261128000002). Behind is how many of the binary's migrations
// the database has not applied.
type SchemaVersion struct {
	Current, Expected int64
	Behind            int
}

// Schema reads which of the binary's migrations db has applied, without changing anything;
// a database never migrated is behind by all of them.
func Schema(ctx context.Context, db *bun.DB) (SchemaVersion, error) {
	ms, err := Migrations(db)
	if err != nil {
		return SchemaVersion{}, err
	}
	var out SchemaVersion
	known := map[string]bool{}
	for _, m := range ms.Sorted() {
		known[m.Name] = true
		if v, err := strconv.ParseInt(m.Name, 10, 64); err == nil && v > out.Expected {
			out.Expected = v
		}
	}
	var applied []string
	if err := db.NewRaw("SELECT name FROM bun_migrations").Scan(ctx, &applied); err != nil && !isMissingTable(err) {
		return SchemaVersion{}, err
	}
	done := map[string]bool{}
	for _, name := range applied {
		done[name] = true
		if v, err := strconv.ParseInt(name, 10, 64); err == nil && v > out.Current {
			out.Current = v
		}
	}
	for name := range known {
		if !done[name] {
			out.Behind++
		}
	}
	return out, nil
}

// isMissingTable tells a query on a table that does not exist (PostgreSQL 42P01, SQLite's
// "no such table"): the migrations' own table before the first migration.
func isMissingTable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "42P01"
	}
	return strings.Contains(err.Error(), "no such table")
}
