package campaign

import (
	"context"

	"vitrina/domain/audit"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
)

// errNotCash is a revert of a campaign partner's event that is not a change of its cash (a
// link or an unlink is undone in the campaign's composition, not from the log).
var errNotCash = kernel.FieldError("fields", "This change cannot be reverted.")

// CampaignReverter sets a campaign back from the activity log (issue 21, ADR 0032).
type CampaignReverter struct{ s *Service }

// CampaignReverter is the reverter of the campaigns' own fields.
func (s *Service) CampaignReverter() CampaignReverter { return CampaignReverter{s: s} }

// Revert sets campaign id back as r says, in one save at the version read (a save in between
// is 409): its name and description through the campaign's edit (its rules judge them again:
// 422), its activation through the toggle (a creation's revert deactivates it) and its
// visibility through the visibility toggle. The image cannot go back (422).
func (rv CampaignReverter) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	if err := r.GuardFiles("image"); err != nil {
		return err
	}
	if r.Deactivate && current[audit.ActiveField] != "true" {
		return nil // already inactive: nothing to do, nothing recorded
	}
	a := r.Apply(current)
	visible, fields := r.Flag(audit.VisibleField), a.FieldsBesides(audit.VisibleField)
	now := rv.s.clock.Now()
	_, err := rv.s.repo.Update(ctx, id, version, func(c *campaign.Composition) error {
		cm := c.Campaign()
		if r.Deactivate {
			cm.ToggleActive(now)
			return nil
		}
		if fields {
			// No image: the campaign keeps the one it has.
			if _, err := cm.Edit(campaign.Input{Name: a.Values["name"], Description: a.Values["description"]}, now); err != nil {
				return err
			}
		}
		if a.Active != nil && *a.Active != cm.IsActive() {
			cm.ToggleActive(now)
		}
		if visible != nil && *visible != cm.IsVisible() {
			cm.ToggleVisible(now)
		}
		return nil
	})
	return err
}

// CashReverter sets a partner's cash in a campaign back from the activity log (issue 21, ADR
// 0032): the event's record is the partner, its parent the campaign (the snapshot's
// campaign_id).
type CashReverter struct{ s *Service }

// CashReverter is the reverter of the campaigns' partners' cash (resource campaign_partners).
func (s *Service) CashReverter() CashReverter { return CashReverter{s: s} }

// Revert sets partner id's cash in the snapshot's campaign back to what it was before the
// event, through the cash's own use case in the partner's turn: never below what its cart is
// worth (422), and only while the cash is still what the event left (409; the cash has no
// version of its own). A link or an unlink is not reverted (422).
func (rv CashReverter) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, _ kernel.Version, r audit.Reversal) error {
	v, ok := r.Values["cash"]
	if !ok || v == nil || r.Deactivate || len(r.Values) != 1 {
		return errNotCash
	}
	cash, err := kernel.ParseAmount("cash", *v)
	if err != nil {
		return err
	}
	expected, err := kernel.ParseAmount("cash", current["cash"])
	if err != nil {
		return err
	}
	return rv.s.setCash(ctx, audit.IDOf(current["campaign_id"]), id, &expected, cash)
}
