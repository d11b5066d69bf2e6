// Package persistence stores the domain in PostgreSQL or SQLite through bun: one set of
// repositories, migrations per engine with the same names, one list-query mechanism.
package persistence

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Engine names the database engine behind a URL.
type Engine string

const (
	EnginePostgres Engine = "postgres"
	EngineSQLite   Engine = "sqlite"
)

// ParseURL tells the engine of a VITRINA_DATABASE_URL and the driver's data source name.
// sqlite://data/vitrina.db is a path relative to the working directory; sqlite:///abs/x.db
// is absolute.
func ParseURL(raw string) (Engine, string, error) {
	switch {
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		return EnginePostgres, raw, nil
	case strings.HasPrefix(raw, "sqlite://"):
		path := strings.TrimPrefix(raw, "sqlite://")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if path == "" {
			return "", "", errors.New("database url: sqlite:// needs a file path")
		}
		return EngineSQLite, path, nil
	default:
		return "", "", fmt.Errorf("database url: unsupported scheme in %q (use postgres:// or sqlite://)", redact(raw))
	}
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "<unparsable>"
	}
	return u.Redacted()
}

// Open connects to the database named by the URL and checks that it answers.
func Open(ctx context.Context, rawURL string) (*bun.DB, error) {
	engine, dsn, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	var db *bun.DB
	switch engine {
	case EnginePostgres:
		sqldb, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, err
		}
		sqldb.SetMaxOpenConns(20)
		sqldb.SetMaxIdleConns(10)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db = bun.NewDB(sqldb, pgdialect.New())
	case EngineSQLite:
		if dir := filepath.Dir(dsn); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("sqlite: create %s: %w", dir, err)
			}
		}
		// WAL lets readers run beside the writer; IMMEDIATE transactions with a busy
		// timeout queue writers instead of failing with "database is locked". A 32 MiB page
		// cache and memory-mapped reads keep list pages over 100,000 rows off the disk path.
		q := "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=synchronous(NORMAL)&_pragma=cache_size(" + sqliteCacheSize + ")&_pragma=mmap_size(" + sqliteMmapSize + ")" +
			"&_pragma=temp_store(MEMORY)&_txlock=immediate&_time_format=sqlite"
		sqldb, err := sql.Open("sqlite", "file:"+dsn+q)
		if err != nil {
			return nil, err
		}
		sqldb.SetMaxOpenConns(8)
		sqldb.SetMaxIdleConns(8)
		db = bun.NewDB(sqldb, sqlitedialect.New())
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("database unreachable: %w", err)
	}
	return db, nil
}

// A SQLite connection's page cache (KiB, negative) and memory map (bytes), as the pool opens
// them, and what a connection reading a whole table takes instead (sqliteScanConn).
const (
	sqliteCacheSize     = "-32768"
	sqliteMmapSize      = "268435456"
	sqliteScanCacheSize = "-2048"
)

// sqliteScanConn is a connection of db's pool set up for reading a whole table: through a
// small page cache and no memory map, so that the scan leaves neither the table mapped in the
// process nor a full page cache behind it. done puts the pool's settings back (or drops the
// connection when that fails) and returns it.
func sqliteScanConn(ctx context.Context, db *bun.DB) (c bun.Conn, done func(), err error) {
	c, err = db.Conn(ctx)
	if err != nil {
		return c, nil, err
	}
	set := func(ctx context.Context, cache, mmap string) error {
		_, err := c.ExecContext(ctx, "PRAGMA cache_size = "+cache+"; PRAGMA mmap_size = "+mmap)
		return err
	}
	done = func() {
		if set(context.Background(), sqliteCacheSize, sqliteMmapSize) != nil {
			_ = c.Raw(func(any) error { return driver.ErrBadConn })
		}
		_ = c.Close()
	}
	if err := set(ctx, sqliteScanCacheSize, "0"); err != nil {
		done()
		return c, nil, err
	}
	return c, done, nil
}

// IsSQLite tells whether db runs on SQLite.
func IsSQLite(db bun.IDB) bool { return db.Dialect().Name() == dialect.SQLite }

type txKey struct{}

// TxManager runs functions in one transaction carried by the context.
type TxManager struct{ db *bun.DB }

// NewTxManager returns the transaction manager of db.
func NewTxManager(db *bun.DB) *TxManager { return &TxManager{db: db} }

// WithinTx runs fn in a transaction, or in the caller's one when already inside. The audit
// events recorded in the transaction are appended to the chain last, just before it commits
// (ADR 0031), so that the chain's lock is held only for the append and the commit.
func (m *TxManager) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return fn(ctx)
	}
	var head chainHead
	var appended bool
	run, raw := m.db.RunInTx, (*sql.Conn)(nil)
	if !IsSQLite(m.db) && Recording() {
		// PostgreSQL: the transaction on a connection of its own, so that a long append can
		// reach the driver for COPY (audit_append.go) inside it.
		c, err := m.db.Conn(ctx)
		if err != nil {
			return err
		}
		defer c.Close()
		run, raw = c.RunInTx, c.Conn
	}
	err := run(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if !Recording() {
			return fn(context.WithValue(ctx, txKey{}, tx))
		}
		pending := new(pendingEvents)
		ctx = context.WithValue(context.WithValue(ctx, txKey{}, tx), pendingKey{}, pending)
		if err := fn(ctx); err != nil {
			return err
		}
		var err error
		head, appended, err = appendEvents(ctx, m.db, tx, raw, pending)
		return err
	})
	if err == nil && appended {
		// Committed: the next append may guess the head is still there, and on SQLite
		// finds its statements prepared (here, holding no connection).
		a := appenderOf(m.db)
		a.committed(head)
		a.prepare(ctx, m.db)
	}
	return err
}

// connKey carries a connection the reads of a request go through (PartnerIndex.whileLoading),
// outside any transaction.
type connKey struct{}

// conn is the transaction of ctx when there is one, else the connection it carries, else
// the database.
func conn(ctx context.Context, db *bun.DB) bun.IDB {
	if tx, ok := ctx.Value(txKey{}).(bun.Tx); ok {
		return tx
	}
	if c, ok := ctx.Value(connKey{}).(bun.Conn); ok {
		return c
	}
	return db
}

// Pinger checks that the database answers.
type Pinger struct{ db *bun.DB }

// NewPinger returns the readiness check of db.
func NewPinger(db *bun.DB) *Pinger { return &Pinger{db: db} }

// Schema is where the database's schema stands against this binary's migrations.
func (p *Pinger) Schema(ctx context.Context) (SchemaVersion, error) { return Schema(ctx, p.db) }

// Ping answers nil when a trivial query succeeds.
func (p *Pinger) Ping(ctx context.Context) error {
	var one int
	return p.db.NewRaw("SELECT 1").Scan(ctx, &one)
}

// isForeignKeyViolation recognises a foreign-key failure on either engine: a row another
// transaction committed a reference to, or took away the one referenced, meanwhile.
func isForeignKeyViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	var sqlErr *sqlite.Error
	if errors.As(err, &sqlErr) {
		return sqlErr.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	return false
}

// isUniqueViolation recognises a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqlErr *sqlite.Error
	if errors.As(err, &sqlErr) {
		return sqlErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqlErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}
