package campaign

import (
	"context"
	"errors"

	"vitrina/domain/audit"
	"vitrina/domain/bulk"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Bulk actions of a campaign's partners and cart (issue 25).
var (
	PartnerBulkActions = []bulk.Action{bulk.Cash}
	CartBulkActions    = []bulk.Action{bulk.Deliver, bulk.Undeliver}
)

// BulkCash sets the cash of a batch of the campaign's partners, each in its turn inside the
// caller's transaction: one amount, or each partner's cash changed by percent (thousandths
// of a percent). A partner's rule holds for each (never below what its cart is worth); a
// partner not in the campaign is skipped.
func (s *Service) BulkCash(ctx context.Context, id kernel.ID, ids []kernel.ID, cash *kernel.Amount, percent *int64, out *bulk.Outcome) error {
	for _, pid := range ids {
		same := false
		_, err := s.repo.WithPartnerTurn(ctx, id, pid, func(st *campaign.Standing) error {
			next := kernel.Amount{}
			if cash != nil {
				next = *cash
			} else {
				var err error
				if next, err = bulk.ChangeBy(st.Money().Cash, *percent); err != nil {
					return err
				}
			}
			if same = next.Cmp(st.Money().Cash) == 0; same {
				return nil
			}
			return st.SetCash(next)
		})
		if errors.Is(err, campaign.ErrNotHeld) {
			err = errPartner
		}
		if err := out.Count(pid, !same, err); err != nil {
			return err
		}
	}
	return nil
}

// BulkDelivery marks a batch of the campaign's cart items delivered (or not), each in its
// partner's turn inside the caller's transaction; an item of another campaign is skipped as
// not found.
func (s *Service) BulkDelivery(ctx context.Context, id kernel.ID, ids []kernel.ID, delivered bool, out *bulk.Outcome) error {
	for _, itemID := range ids {
		changed, err := s.setDelivery(ctx, id, itemID, delivered, nil)
		if err := out.Count(itemID, changed, err); err != nil {
			return err
		}
	}
	return nil
}

// BulkDeliveryRestore puts back a batch of a bulk delivery's item events: each item still as
// its event left it gets the other state; one changed since is left and listed.
func (s *Service) BulkDeliveryRestore(ctx context.Context, events []audit.Event, out *bulk.Outcome) error {
	for _, e := range events {
		left := e.Action == audit.ActionDeliver
		src := ports.AuditSourceOf(ctx)
		src.Reverts = e.ID
		scope := kernel.ID(0)
		if e.Parent != nil {
			scope = e.Parent.ID
		}
		changed, err := s.setDelivery(ports.WithAuditSource(ctx, src), scope, e.RecordID, !left, &left)
		if err == nil && !changed {
			err = audit.ErrChangedSince // no longer as the action left it
		}
		if err := out.Count(e.RecordID, changed, err); err != nil {
			return err
		}
	}
	return nil
}

// setDelivery sets an item of campaign id delivered or not, when it is not so already and,
// with expected, only while it is still expected; it answers whether it changed.
func (s *Service) setDelivery(ctx context.Context, id, itemID kernel.ID, delivered bool, expected *bool) (bool, error) {
	it, err := s.repo.Item(ctx, itemID)
	if err != nil {
		return false, err
	}
	if it.CampaignID() != id {
		return false, errNoItem
	}
	changed := false
	_, err = s.repo.WithPartnerTurn(ctx, id, it.PartnerID(), func(st *campaign.Standing) error {
		cur, ok := st.Item(itemID)
		if !ok {
			return errNoItem
		}
		if expected != nil && cur.Delivered() != *expected {
			return nil
		}
		if cur.Delivered() == delivered {
			return nil
		}
		changed = true
		_, err := st.ToggleDelivery(itemID)
		return err
	})
	if errors.Is(err, campaign.ErrNotHeld) {
		return false, errNoItem
	}
	return changed, err
}
