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
	return r.Carry(current, edit, func() error { _, err := s.Toggle(ctx, id); return err })
}
