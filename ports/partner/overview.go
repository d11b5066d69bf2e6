package partnerports

import "vitrina/ports"

// PartnerGroupView is one group of partners on the overview page (/table-list): a city or a
// category, how many partners it holds and the exact sums of two of their figures. A figure
// entered as a percentage is not an amount, so the sums leave it out. A partner with several
// categories counts in each of them.
type PartnerGroupView struct {
	// ID is the city's or the category's; 0 groups the partners without a city.
	ID       int64
	Name     *string // nil for the partners without a city
	Partners int
	// Debt and MoneyCirculation are exact decimals (e.g. "162500.125"), never floats.
	Debt             string
	MoneyCirculation string
}

// SupportWeekView is one week of customer-support messages: the week's Monday (UTC,
// YYYY-MM-DD), how many messages came in and from how many partners.
type SupportWeekView struct {
	Week     string
	Messages int
	Partners int
}

// OverviewLists are the overview page's read models, paged, sorted and filtered like every
// list. Their is_active filter narrows the partners (or messages) counted, not the groups.
type OverviewLists struct {
	PartnersByCity     ports.Lister[PartnerGroupView]
	PartnersByCategory ports.Lister[PartnerGroupView]
	SupportByWeek      ports.Lister[SupportWeekView]
}
