package persistence

import (
	"context"
	"database/sql/driver"
	"fmt"
	"hash/fnv"
	"sync"

	"github.com/uptrace/bun"

	"vitrina/ports"
)

// Locks are the named locks of the processes over one database (ADR 0040). On PostgreSQL a
// lock is a session advisory lock taken on a connection of its own and held while the work
// runs: every replica over the database takes turns, and a replica that dies (SIGKILL, a
// lost network) lets go with its connection, so no lease needs to run out. SQLite is served
// by one process, so there a lock is the process's own.
type Locks struct{ db *bun.DB }

// heldHere are the SQLite locks held in this process, by database and name: every Locks
// over one *bun.DB agrees.
var heldHere sync.Map // heldLock → struct{}

type heldLock struct {
	db   *bun.DB
	name string
}

var _ ports.Locks = (*Locks)(nil)

// NewLocks are db's named locks.
func NewLocks(db *bun.DB) *Locks { return &Locks{db: db} }

// LockKey is name's advisory lock key, as pg_locks shows it (classid and objid, its
// high and low 32 bits): the FNV-1a hash of "vitrina:" and the name.
func LockKey(name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("vitrina:" + name))
	return int64(h.Sum64()) //nolint:gosec // a key, its sign does not matter
}

// Try runs fn under name's lock unless it is held elsewhere now (ran false).
func (l *Locks) Try(ctx context.Context, name string, fn func(ctx context.Context) error) (bool, error) {
	return l.run(ctx, name, false, fn)
}

// Wait runs fn under name's lock, waiting for it as long as ctx lets: the migrations of
// replicas started together run once, the later ones waiting and then finding nothing to do.
func (l *Locks) Wait(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	_, err := l.run(ctx, name, true, fn)
	return err
}

func (l *Locks) run(ctx context.Context, name string, wait bool, fn func(ctx context.Context) error) (bool, error) {
	if IsSQLite(l.db) {
		k := heldLock{l.db, name}
		if _, taken := heldHere.LoadOrStore(k, struct{}{}); taken {
			if wait {
				return false, fmt.Errorf("lock %q: already held by this process", name)
			}
			return false, nil
		}
		defer heldHere.Delete(k)
		return true, fn(ctx)
	}
	c, err := l.db.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("lock %q: %w", name, err)
	}
	// The lock's connection is closed after, never pooled: a session lock that failed to
	// unlock cannot stay with a connection some later request takes.
	defer discard(c)
	key := LockKey(name)
	ok := true
	if wait {
		_, err = c.ExecContext(ctx, "SELECT pg_advisory_lock(?)", key)
	} else {
		err = c.NewRaw("SELECT pg_try_advisory_lock(?)", key).Scan(ctx, &ok)
	}
	if err != nil {
		return false, fmt.Errorf("lock %q: %w", name, err)
	}
	if !ok {
		return false, nil
	}
	defer func() {
		// Let go at once (closing the connection lets go too, but a moment later).
		_, _ = c.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(?)", key)
	}()
	return true, fn(ctx)
}

// discard closes c rather than return it to the pool: its session held a lock or listened.
func discard(c bun.Conn) {
	_ = c.Raw(func(any) error { return driver.ErrBadConn }) // database/sql closes a conn that answers ErrBadConn
	_ = c.Close()
}
