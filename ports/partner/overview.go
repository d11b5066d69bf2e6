package partnerports

import (
	"context"
	"time"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

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

// The home page's partner figures (issue 25, ADR 0042).

// DebtRiseView is one partner whose debt rose past the threshold since a date: its debt
// then (the debt its first change after the date started from) and now, and the rise in
// percent (nil for a debt that rose from zero, which no percentage measures).
type DebtRiseView struct {
	ID      int64
	Name    string
	Then    kernel.Amount
	Now     kernel.Amount
	Percent *kernel.Amount
}

// SupportTypeView is one type of support message and how many of its messages are open
// (active: not deleted).
type SupportTypeView struct {
	ID   int64
	Name string
	Open int
}

// OverviewFigures are the partner context's figures of the home page and the setting they
// depend on.
type OverviewFigures interface {
	// DebtRise is the page of the partners (active or not: a debt is owed either way) whose
	// debt rose by more than threshold since since, largest rise first (then by id), with
	// their count.
	DebtRise(ctx context.Context, since time.Time, threshold partner.DebtRiseThreshold, page, perPage int) (ports.Page[DebtRiseView], error)
	// OpenSupportByType counts the open support messages of every type, by type name.
	OpenSupportByType(ctx context.Context) ([]SupportTypeView, error)
	// DebtRiseThreshold is the stored threshold and its version, or
	// partner.DefaultDebtRiseThreshold at version 1 when none is stored.
	DebtRiseThreshold(ctx context.Context) (partner.DebtRiseThreshold, kernel.Version, error)
	// SetDebtRiseThreshold stores the threshold over the version the user loaded
	// (kernel.ErrStale when another save came first) and answers the one it replaced and
	// the next version.
	SetDebtRiseThreshold(ctx context.Context, t partner.DebtRiseThreshold, expected kernel.Version, now time.Time) (partner.DebtRiseThreshold, kernel.Version, error)
}
