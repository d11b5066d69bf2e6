package partner

import (
	"context"
	"strconv"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
)

// figureFields are the figures' names in the audit's snapshots (their columns: tool_cash).
var figureFields = [partner.NumFigures]string{
	partner.Bonus: "bonus", partner.Debt: "debt", partner.Payment: "payment",
	partner.ToolCash: "tool_cash", partner.AnnualPlan: "annual_plan", partner.MoneyCirculation: "money_circulation",
}

// Revert sets partner id back as r says (issue 21, ADR 0032), through the edit's own rules
// at the version read (a value no longer valid is 422, a save in between 409) and the
// partner's toggle; the activity use case runs it in its transaction.
func (s *Service) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	edit := func(v audit.Snapshot) error {
		in := partner.Input{ID: strconv.FormatInt(int64(id), 10), Name: v["name"], Address: v["address"], PIB: v["pib"],
			PDV: v["pdv"], Phone: v["phone"], CityID: audit.IDOf(v["city_id"]), TypeID: audit.IDOf(v["partner_type_id"])}
		for _, part := range strings.Split(v["category_ids"], ",") {
			if n := audit.IDOf(part); n > 0 {
				in.CategoryIDs = append(in.CategoryIDs, n)
			}
		}
		for _, f := range partner.AllFigures {
			in.Figures[f] = v[figureFields[f]]
		}
		_, err := s.Update(ctx, id, version, in)
		return err
	}
	return r.Carry(current, edit, func() (bool, error) { return s.Toggle(ctx, id) })
}

// ContactReverter sets a partner's contact back from the activity log (issue 21, ADR 0032).
type ContactReverter struct{ s *Service }

// ContactReverter is the contacts' reverter: the partners' write right covers it.
func (s *Service) ContactReverter() ContactReverter { return ContactReverter{s: s} }

// Revert sets contact id back as r says: its text and type through the contact's edit
// (UpdateContact: the type must exist, the text is judged again: 422) at the
// version read (a save in between is 409); a creation's revert, or an activation the change
// named, through the contact's toggle.
func (rv ContactReverter) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	edit := func(v audit.Snapshot) error {
		_, err := rv.s.UpdateContact(ctx, id, version, partner.ContactInput{Contact: v["contact"], TypeID: audit.IDOf(v["contact_type_id"])})
		return err
	}
	return r.Carry(current, edit, func() (bool, error) { return rv.s.ToggleContact(ctx, id) })
}
