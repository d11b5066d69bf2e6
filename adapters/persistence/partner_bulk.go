package persistence

import (
	"context"
	"strconv"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	partnerports "vitrina/ports/partner"
)

// BulkFields reads the active flag and categories of the partners among ids, locking their
// rows on PostgreSQL until the caller's transaction ends (SQLite's write transaction holds
// the database already), so that nothing changes them between the read and SaveBulk.
func (s *PartnerStore) BulkFields(ctx context.Context, ids []kernel.ID) (map[kernel.ID]partnerports.BulkFields, error) {
	c := conn(ctx, s.db)
	raw := make([]int64, len(ids))
	for i, id := range ids {
		raw[i] = int64(id)
	}
	out := make(map[kernel.ID]partnerports.BulkFields, len(ids))
	for start := 0; start < len(raw); start += batchRows {
		chunk := raw[start:min(start+batchRows, len(raw))]
		where, arg := idsIn(c, "id", chunk)
		q := c.NewSelect().TableExpr("partners").Column("id", "is_active").Where(where, arg).OrderExpr("id")
		if !IsSQLite(c) {
			q = q.For("UPDATE")
		}
		rows, err := q.Rows(ctx)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var active bool
			if err := rows.Scan(&id, &active); err != nil {
				rows.Close()
				return nil, err
			}
			out[kernel.ID(id)] = partnerports.BulkFields{Active: active}
		}
		if err := closeRows(rows); err != nil {
			return nil, err
		}
		where, arg = idsIn(c, "partner_id", chunk)
		links, err := c.NewSelect().TableExpr("partner_categories").Column("partner_id", "category_id").Where(where, arg).
			OrderExpr("partner_id, category_id").Rows(ctx)
		if err != nil {
			return nil, err
		}
		for links.Next() {
			var pid, cat int64
			if err := links.Scan(&pid, &cat); err != nil {
				links.Close()
				return nil, err
			}
			if f, ok := out[kernel.ID(pid)]; ok {
				f.Categories = append(f.Categories, kernel.ID(cat))
				out[kernel.ID(pid)] = f
			}
		}
		if err := closeRows(links); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// bulkSnapshot is what a partner's bulk event compares: the fields a bulk action changes, as
// every partner event writes them.
func bulkSnapshot(f partnerports.BulkFields) audit.Snapshot {
	return audit.Snapshot{}.Bool("is_active", f.Active).Text("category_ids", audit.IDList(f.Categories))
}

// SaveBulk writes a batch of bulk changes in a few statements (one update per new active
// state, the links taken out and put in) and records each partner's event as the store's
// own save would: deactivate, activate, edit, or the revert of the event it puts back.
func (s *PartnerStore) SaveBulk(ctx context.Context, changes []partnerports.BulkChange, now time.Time) error {
	if len(changes) == 0 {
		return nil
	}
	c := conn(ctx, s.db)
	byActive := map[bool][]int64{}
	removed := map[kernel.ID][]int64{} // category → partners
	added := map[int64][]kernel.ID{}
	for _, ch := range changes {
		byActive[ch.After.Active] = append(byActive[ch.After.Active], int64(ch.ID))
		for _, cat := range ch.Before.Categories {
			if !containsID(ch.After.Categories, cat) {
				removed[cat] = append(removed[cat], int64(ch.ID))
			}
		}
		for _, cat := range ch.After.Categories {
			if !containsID(ch.Before.Categories, cat) {
				added[int64(ch.ID)] = append(added[int64(ch.ID)], cat)
			}
		}
	}
	for active, ids := range byActive {
		for start := 0; start < len(ids); start += batchRows {
			where, arg := idsIn(c, "id", ids[start:min(start+batchRows, len(ids))])
			if _, err := c.NewUpdate().TableExpr("partners").Set("is_active = ?", active).Set("updated_at = ?", now.UTC()).
				Set("version = version + 1").Where(where, arg).Exec(ctx); err != nil {
				return err
			}
		}
	}
	for cat, ids := range removed {
		for start := 0; start < len(ids); start += batchRows {
			where, arg := idsIn(c, "partner_id", ids[start:min(start+batchRows, len(ids))])
			if _, err := c.NewDelete().TableExpr("partner_categories").Where("category_id = ?", int64(cat)).Where(where, arg).Exec(ctx); err != nil {
				return err
			}
		}
	}
	if err := insertCategories(ctx, c, added); err != nil {
		return err
	}
	for _, ch := range changes {
		changes := audit.Diff(bulkSnapshot(ch.Before), bulkSnapshot(ch.After))
		if len(changes) == 0 {
			continue
		}
		e := audit.Event{Resource: audit.PartnersResource, RecordID: ch.ID, Action: audit.EditAction(changes), Changes: changes}
		if ch.Reverts != 0 {
			e.Action, e.Reverts = audit.ActionRevert, ch.Reverts
		}
		recordEvent(ctx, e)
	}
	return nil
}

func containsID(ids []kernel.ID, id kernel.ID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// closeRows closes rows read to their end and answers any error the reading met.
func closeRows(rows interface {
	Close() error
	Err() error
}) error {
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	return rows.Close()
}

// SetActive sets the active flag of the partners among ids that do not have it yet, in one
// statement per chunk inside the caller's transaction, and records each one's event (a
// revert of reverts[id] when there is one); it answers the partners it changed and those
// that already had the flag. The condition is the update's own, so a partner another
// transaction changed meanwhile is judged on its committed state (PostgreSQL re-checks it
// after the row's lock; SQLite's writer is alone).
func (s *PartnerStore) SetActive(ctx context.Context, ids []kernel.ID, active bool, reverts map[kernel.ID]kernel.ID, now time.Time) (changed, already []kernel.ID, err error) {
	c := conn(ctx, s.db)
	raw := make([]int64, len(ids))
	for i, id := range ids {
		raw[i] = int64(id)
	}
	for start := 0; start < len(raw); start += batchRows {
		chunk := raw[start:min(start+batchRows, len(raw))]
		where, arg := idsIn(c, "id", chunk)
		var had, set []int64
		if err := c.NewSelect().TableExpr("partners").Column("id").Where(where, arg).Where("is_active = ?", active).Scan(ctx, &had); err != nil {
			return nil, nil, err
		}
		if _, err := c.NewUpdate().TableExpr("partners").Set("is_active = ?", active).Set("updated_at = ?", now.UTC()).
			Set("version = version + 1").Where(where, arg).Where("is_active <> ?", active).Returning("id").Exec(ctx, &set); err != nil {
			return nil, nil, err
		}
		for _, id := range had {
			already = append(already, kernel.ID(id))
		}
		for _, id := range set {
			changed = append(changed, kernel.ID(id))
		}
	}
	from, to := strconv.FormatBool(!active), strconv.FormatBool(active)
	action := audit.ActionDeactivate
	if active {
		action = audit.ActionActivate
	}
	for _, id := range changed {
		e := audit.Event{Resource: audit.PartnersResource, RecordID: id, Action: action,
			Changes: []audit.Change{{Field: audit.ActiveField, From: &from, To: &to}}}
		if r := reverts[id]; r != 0 {
			e.Action, e.Reverts = audit.ActionRevert, r
		}
		recordEvent(ctx, e)
	}
	return changed, already, nil
}
