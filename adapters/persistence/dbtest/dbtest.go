// Package dbtest gives tests fresh, migrated databases on every engine: a temporary SQLite
// file and a newly created PostgreSQL database taken from VITRINA_TEST_DATABASE_URL.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
)

// Engine is a database engine the tests run on.
type Engine struct {
	Name string
	// Open returns the URL of a fresh, empty database, dropped when the test ends.
	Open func(t testing.TB) string
}

// Engines lists SQLite and PostgreSQL. PostgreSQL is skipped when no server is configured,
// except under CI=true, where it must be there.
func Engines() []Engine {
	return []Engine{{Name: "sqlite", Open: SQLiteURL}, {Name: "postgres", Open: PostgresURL}}
}

// ForEach runs fn once per engine with a fresh migrated database.
func ForEach(t *testing.T, fn func(t *testing.T, db *bun.DB)) {
	for _, e := range Engines() {
		t.Run(e.Name, func(t *testing.T) {
			fn(t, Migrated(t, e.Open(t)))
		})
	}
}

// Migrated opens the database at url, applies the migrations and closes it at the end.
func Migrated(t testing.TB, rawURL string) *bun.DB {
	t.Helper()
	ctx := context.Background()
	db, err := persistence.Open(ctx, rawURL)
	if err != nil {
		t.Fatalf("open %s: %v", rawURL, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := persistence.Migrate(ctx, db); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return db
}

// SQLiteURL is a new database file in the test's temporary directory.
func SQLiteURL(t testing.TB) string {
	return "sqlite://" + filepath.Join(t.TempDir(), "test.db")
}

// PostgresURL creates a new database on the test server and drops it at the end.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("VITRINA_TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("VITRINA_TEST_DATABASE_URL must be set in CI: the PostgreSQL run is mandatory")
		}
		t.Skip("VITRINA_TEST_DATABASE_URL not set; skipping PostgreSQL")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL at VITRINA_TEST_DATABASE_URL unreachable in CI: %v", err)
		}
		t.Skipf("PostgreSQL unreachable: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "vitrina_test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
