package persistence

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
)

// ChangesChannel is the PostgreSQL notification channel on which a write tells the other
// replicas which of their in-process copies to forget (ADR 0040). A payload names a topic.
const ChangesChannel = "vitrina_changes"

// Topics of ChangesChannel.
const (
	// TopicSettings: the panel's settings (the two-factor policy) changed.
	TopicSettings = "settings"
)

// notifyChange tells every replica listening that topic changed, when the writing
// transaction commits (PostgreSQL delivers a notification at commit, and drops it on a
// rollback). SQLite has one process, which forgets its own copies itself.
func notifyChange(ctx context.Context, db bun.IDB, topic string) error {
	if IsSQLite(db) {
		return nil
	}
	_, err := db.ExecContext(ctx, "SELECT pg_notify(?, ?)", ChangesChannel, topic)
	return err
}

// ListenChanges calls fn with the topic of every change notified on ChangesChannel, on a
// connection of its own, until ctx ends or the connection fails (its error). listening is
// called once the LISTEN holds: what changed before it was not heard, so the caller forgets
// everything then. On SQLite it returns at once with nil.
func ListenChanges(ctx context.Context, db *bun.DB, listening func(), fn func(topic string)) error {
	if IsSQLite(db) {
		return nil
	}
	c, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer discard(c) // a listening session is not pooled
	return c.Raw(func(driverConn any) error {
		sc, ok := driverConn.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("changes: LISTEN needs pgx, not %T", driverConn)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+ChangesChannel); err != nil {
			return err
		}
		listening()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
			fn(n.Payload)
		}
	})
}
