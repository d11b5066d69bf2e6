package campaignports

import (
	"context"

	"vitrina/domain/kernel"
)

// The home page's campaign figures (issue 25, ADR 0042).

// CampaignFigures is one campaign's money: the cash granted to its partners, what their carts
// hold (spent) and the difference (remaining), exact.
type CampaignFigures struct {
	ID        int64
	Name      string
	Partners  int
	Granted   kernel.Amount
	Spent     kernel.Amount
	Remaining kernel.Amount
}

// BurndownDay is one calendar day of a campaign (in the business's zone): what was ordered
// that day and the cash remaining at its end.
type BurndownDay struct {
	Day       string // YYYY-MM-DD
	Spent     kernel.Amount
	Remaining kernel.Amount
}

// Burndown is a campaign's figures and its days, from the day it was created to today.
type Burndown struct {
	CampaignFigures
	Days []BurndownDay
}

// Figures reads the campaigns' figures from kept totals and the cart.
type Figures interface {
	// Active lists the active campaigns' figures by name.
	Active(ctx context.Context) ([]CampaignFigures, error)
	// Burndown is one campaign's days; a missing campaign is kernel.KindNotFound.
	Burndown(ctx context.Context, id kernel.ID) (Burndown, error)
}
