package persistence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// AuditRetention is the retention side of the audit log (ADR 0031): it reads the oldest
// events for the archive and deletes them, moving the chain's anchor.
type AuditRetention struct{ db *bun.DB }

var _ ports.AuditRetention = (*AuditRetention)(nil)

// NewAuditRetention is the retention side of db's audit log.
func NewAuditRetention(db *bun.DB) *AuditRetention { return &AuditRetention{db: db} }

// auditPruneBatch is how many events one transaction of Prune deletes.
const auditPruneBatch = 1000

// Oldest calls fn with the events after the anchor in id order until the first one at or
// after before, in batches of auditBatch.
func (r *AuditRetention) Oldest(ctx context.Context, before time.Time, fn func(audit.Event) error) error {
	var head auditChainRow
	if err := r.db.NewSelect().Model(&head).Where("one = 1").Scan(ctx); err != nil {
		return fmt.Errorf("audit: chain head: %w", err)
	}
	after := head.AnchorID
	for {
		var rows []auditEventRow
		if err := r.db.NewSelect().Model(&rows).Where("id > ?", after).OrderExpr("id").Limit(auditBatch).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for i := range rows {
			if !rows[i].At.Before(before) {
				return nil
			}
			e, err := rows[i].event()
			if err != nil {
				return err
			}
			if err := fn(e); err != nil {
				return err
			}
			after = rows[i].ID
		}
		if len(rows) < auditBatch {
			return nil
		}
	}
}

// Prune deletes the events after the anchor through id, auditPruneBatch per transaction;
// each transaction moves the anchor to the last event it deleted, and only when the anchor
// is still where it read it (another pruner's batch makes it stop with an error, not
// delete twice).
func (r *AuditRetention) Prune(ctx context.Context, through kernel.ID) (int, error) {
	total := 0
	for {
		n := 0
		err := NewTxManager(r.db).WithinTx(ctx, func(ctx context.Context) error {
			c := conn(ctx, r.db)
			// The head's row first, as an append takes it before it counts its events
			// (audit_counts): the delete's counting trigger after the head, never before.
			var head auditChainRow
			q := c.NewSelect().Model(&head).Where("one = 1")
			if !IsSQLite(c) {
				q = q.For("UPDATE")
			}
			if err := q.Scan(ctx); err != nil {
				return fmt.Errorf("audit: chain head: %w", err)
			}
			var rows []auditEventRow
			if err := c.NewSelect().Model(&rows).Column("id", "hash").Where("id > ?", head.AnchorID).
				Where("id <= ?", int64(through)).OrderExpr("id").Limit(auditPruneBatch).Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if len(rows) == 0 {
				return nil
			}
			last := rows[len(rows)-1]
			res, err := c.NewDelete().Model((*auditEventRow)(nil)).Where("id > ?", head.AnchorID).Where("id <= ?", last.ID).Exec(ctx)
			if err != nil {
				return fmt.Errorf("audit: prune: %w", err)
			}
			deleted, _ := res.RowsAffected()
			res, err = c.NewUpdate().Model((*auditChainRow)(nil)).Set("anchor_id = ?", last.ID).Set("anchor_hash = ?", last.Hash).
				Where("one = 1").Where("anchor_id = ?", head.AnchorID).Exec(ctx)
			if err != nil {
				return fmt.Errorf("audit: chain anchor: %w", err)
			}
			if moved, err := res.RowsAffected(); err == nil && moved != 1 {
				return errors.New("audit: the chain anchor moved during a prune")
			}
			n = int(deleted)
			return nil
		})
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}
