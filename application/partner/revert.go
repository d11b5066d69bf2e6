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

// Revert sets partner id back as r says (issue 21, ADR 0032): its audited fields, current at
// version, with r's values put over them, saved through the edit's own rules, so a value that
// is no longer valid is 422 and a save in between is 409; a creation's revert deactivates the
// partner. The context's audit source names the reverted event.
func (s *Service) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	if r.Deactivate {
		if current[audit.ActiveField] == "false" {
			return nil
		}
		_, err := s.Toggle(ctx, id)
		return err
	}
	a := r.Apply(current)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if a.Fields {
			v := a.Values
			in := partner.Input{ID: strconv.FormatInt(int64(id), 10), Name: v["name"], Address: v["address"], PIB: v["pib"],
				PDV: v["pdv"], Phone: v["phone"], CityID: idOf(v["city_id"]), TypeID: idOf(v["partner_type_id"]),
				CategoryIDs: idsOf(v["category_ids"])}
			for _, f := range partner.AllFigures {
				in.Figures[f] = v[figureFields[f]]
			}
			if _, err := s.Update(ctx, id, version, in); err != nil {
				return err
			}
		}
		if a.Active != nil && (current[audit.ActiveField] == "true") != *a.Active {
			if _, err := s.Toggle(ctx, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// idOf reads an id a snapshot holds; none is 0.
func idOf(s string) kernel.ID {
	n, _ := strconv.ParseInt(s, 10, 64)
	return kernel.ID(n)
}

func idsOf(s string) []kernel.ID {
	var out []kernel.ID
	for _, part := range strings.Split(s, ",") {
		if n := idOf(part); n > 0 {
			out = append(out, n)
		}
	}
	return out
}
