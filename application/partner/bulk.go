package partner

import (
	"context"

	"vitrina/domain/audit"
	"vitrina/domain/bulk"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	partnerports "vitrina/ports/partner"
)

// BulkActions are the partners list's bulk actions (issue 25).
var BulkActions = []bulk.Action{bulk.Deactivate, bulk.Activate, bulk.AddCategory, bulk.RemoveCategory}

// BulkCheck refuses, before anything changes, an action whose own values are wrong: a
// category to add that does not exist.
func (s *Service) BulkCheck(ctx context.Context, r bulk.Request) error {
	if r.Action != bulk.AddCategory {
		return nil
	}
	missing, err := s.catalog.MissingCategories(ctx, []kernel.ID{r.CategoryID})
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return bulk.ErrUnknownCategory
	}
	return nil
}

// BulkApply does r to one batch of partners inside the caller's transaction: the rules of
// one partner apply to each (a partner keeps at least one category), a partner already as
// the action leaves it is unchanged, an unknown id is skipped; deactivated partners lose
// their app sessions, as Toggle does.
func (s *Service) BulkApply(ctx context.Context, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
	if r.Action == bulk.Activate || r.Action == bulk.Deactivate {
		// A partner's activation has no rule of its own: one conditional update a chunk.
		return s.setActive(ctx, ids, r.Action == bulk.Activate, nil, out, nil)
	}
	current, err := s.repo.BulkFields(ctx, ids)
	if err != nil {
		return err
	}
	changes := make([]partnerports.BulkChange, 0, len(ids))
	var ended []kernel.ID
	for _, id := range ids {
		before, ok := current[id]
		if !ok {
			out.Skip(id, kernel.NotFound("partner"))
			continue
		}
		after := before
		switch r.Action {
		case bulk.Activate, bulk.Deactivate:
			after.Active = r.Action == bulk.Activate
			if after.Active == before.Active {
				out.Unchanged++
				continue
			}
			if !after.Active {
				ended = append(ended, id)
			}
		case bulk.AddCategory, bulk.RemoveCategory:
			next, changed, err := partner.WithCategory(before.Categories, r.CategoryID, r.Action == bulk.AddCategory)
			if err != nil {
				out.Skip(id, err)
				continue
			}
			if !changed {
				out.Unchanged++
				continue
			}
			after.Categories = next
		}
		changes = append(changes, partnerports.BulkChange{ID: id, Before: before, After: after})
		out.Done++
	}
	if err := s.repo.SaveBulk(ctx, changes, s.clock.Now()); err != nil {
		return err
	}
	if len(ended) > 0 {
		return s.sessions.EndAllOf(ctx, ended)
	}
	return nil
}

// BulkRestore puts back one batch of a bulk action's partner events, inside the caller's
// transaction: each partner that still holds what its event left gets the values before it
// (the revert rules of the log, audit.PlanRevert); one changed since is left and listed.
func (s *Service) BulkRestore(ctx context.Context, events []audit.Event, out *bulk.Outcome) error {
	// An activation's event is put back by the same conditional update, the other way: a
	// partner whose flag is no longer what the event left is left, as PlanRevert would.
	flips := map[bool][]kernel.ID{}
	reverts := map[kernel.ID]kernel.ID{}
	rest := events[:0:0]
	for _, e := range events {
		if c := e.Changes; len(c) == 1 && c[0].Field == audit.ActiveField && c[0].From != nil && c[0].To != nil && *c[0].From != *c[0].To {
			back := *c[0].From == "true"
			flips[back] = append(flips[back], e.RecordID)
			reverts[e.RecordID] = e.ID
			continue
		}
		rest = append(rest, e)
	}
	for back, ids := range flips {
		if err := s.setActive(ctx, ids, back, reverts, out, audit.ErrChangedSince); err != nil {
			return err
		}
	}
	events = rest
	if len(events) == 0 {
		return nil
	}
	ids := make([]kernel.ID, len(events))
	for i, e := range events {
		ids[i] = e.RecordID
	}
	current, err := s.repo.BulkFields(ctx, ids)
	if err != nil {
		return err
	}
	changes := make([]partnerports.BulkChange, 0, len(events))
	var ended []kernel.ID
	for _, e := range events {
		before, ok := current[e.RecordID]
		if !ok {
			out.Skip(e.RecordID, kernel.NotFound("partner"))
			continue
		}
		snap := audit.Snapshot{}.Bool("is_active", before.Active).Text("category_ids", audit.IDList(before.Categories))
		plan, err := audit.PlanRevert(e, nil, snap)
		if err != nil {
			out.Skip(e.RecordID, err)
			continue
		}
		after, err := restored(before, plan.Values)
		if err != nil {
			out.Skip(e.RecordID, err)
			continue
		}
		if before.Active && !after.Active {
			ended = append(ended, e.RecordID)
		}
		changes = append(changes, partnerports.BulkChange{ID: e.RecordID, Before: before, After: after, Reverts: e.ID})
		current[e.RecordID] = after // a partner named twice in a batch is judged on what the first left
		out.Done++
	}
	if err := s.repo.SaveBulk(ctx, changes, s.clock.Now()); err != nil {
		return err
	}
	if len(ended) > 0 {
		return s.sessions.EndAllOf(ctx, ended)
	}
	return nil
}

// setActive sets the flag of ids: those changed are done (their app sessions end on a
// deactivation), those that had it already are unchanged, or skipped with already when given
// (an undo: the partner changed since), and an unknown id is skipped.
func (s *Service) setActive(ctx context.Context, ids []kernel.ID, active bool, reverts map[kernel.ID]kernel.ID, out *bulk.Outcome, already error) error {
	changed, had, err := s.repo.SetActive(ctx, ids, active, reverts, s.clock.Now())
	if err != nil {
		return err
	}
	seen := make(map[kernel.ID]bool, len(ids))
	for _, id := range changed {
		seen[id] = true
	}
	out.Done += len(changed)
	for _, id := range had {
		seen[id] = true
		if already != nil {
			out.Skip(id, already)
		} else {
			out.Unchanged++
		}
	}
	for _, id := range ids {
		if !seen[id] {
			out.Skip(id, kernel.NotFound("partner"))
		}
	}
	if !active && len(changed) > 0 {
		return s.sessions.EndAllOf(ctx, changed)
	}
	return nil
}

// errNotBulkField is a restore of a field a bulk action does not change.
var errNotBulkField = kernel.FieldError("fields", "This change cannot be reverted.")

// restored is before with a revert plan's values (is_active, category_ids) put back.
func restored(before partnerports.BulkFields, values map[string]*string) (partnerports.BulkFields, error) {
	after := before
	for field, v := range values {
		switch field {
		case audit.ActiveField:
			after.Active = v != nil && *v == "true"
		case "category_ids":
			var ids []kernel.ID
			if v != nil {
				var err error
				if ids, err = audit.ParseIDList(*v); err != nil {
					return before, err
				}
			}
			if len(ids) == 0 {
				return before, partner.ErrNoCategory
			}
			after.Categories = ids
		default:
			return before, errNotBulkField
		}
	}
	return after, nil
}
