package partnerhttp

import (
	"vitrina/adapters/http/kit"
	partnerports "vitrina/ports/partner"
)

// partnerGroupJSON is one city or category of the overview page; the sums are exact decimal
// strings, like the partners' own figures.
type partnerGroupJSON struct {
	ID               int64   `json:"id"`
	Name             *string `json:"name"`
	Partners         int     `json:"partners"`
	Debt             string  `json:"debt"`
	MoneyCirculation string  `json:"moneyCirculation"`
}

func partnerGroup(v partnerports.PartnerGroupView) partnerGroupJSON {
	return partnerGroupJSON{ID: v.ID, Name: v.Name, Partners: v.Partners, Debt: v.Debt, MoneyCirculation: v.MoneyCirculation}
}

type supportWeekJSON struct {
	Week     string `json:"week"`
	Messages int    `json:"messages"`
	Partners int    `json:"partners"`
}

func supportWeek(v partnerports.SupportWeekView) supportWeekJSON {
	return supportWeekJSON{Week: v.Week, Messages: v.Messages, Partners: v.Partners}
}

// OverviewRoutes are the overview page's lists (/table-list): reading them needs what reading
// the partners (or the support messages) needs, so no role learns a figure it could not read.
func OverviewRoutes(lists partnerports.OverviewLists) []kit.Route {
	read := kit.Access{Resource: "partners", Action: "read"}
	readSupport := kit.Access{Resource: "customerSupport", Action: "read"}
	return []kit.Route{
		kit.ListRoute("/api/overview/partnersByCity", read, lists.PartnersByCity, partnerGroup, nil),
		kit.ListRoute("/api/overview/partnersByCategory", read, lists.PartnersByCategory, partnerGroup, nil),
		kit.ListRoute("/api/overview/supportByWeek", readSupport, lists.SupportByWeek, supportWeek, nil),
	}
}
