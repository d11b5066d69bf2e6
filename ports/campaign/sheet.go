package campaignports

import (
	"context"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
)

// SheetPartner is a row of a campaign's partner file: an active partner with its cash in the
// campaign, nil when it is not in it.
type SheetPartner struct {
	ID            int64
	Name          string
	Phone         string
	City          string
	CategoryNames string
	Cash          *kernel.Amount
}

// SheetFacts is what the upload of a campaign's partner file checks about one partner: its own
// categories and, when it is in the campaign (Linked), its money there.
type SheetFacts struct {
	Categories []kernel.ID
	Linked     bool
	Money      campaign.Money
}

// SheetStore is the storage side of a campaign's partner Excel round trip (ADR 0019, Excel).
type SheetStore interface {
	// StreamPartners calls fn with every active partner that belongs to any of categories,
	// once each, by ascending id, with its cash in the campaign; the rows are read as a
	// stream, never held.
	StreamPartners(ctx context.Context, campaignID kernel.ID, categories []kernel.ID, fn func(SheetPartner) error) error
	// Facts maps each of ids that names an active partner to its categories and its money in
	// the campaign (unknown and inactive ids are left out).
	Facts(ctx context.Context, campaignID kernel.ID, ids []kernel.ID) (map[kernel.ID]SheetFacts, error)
}
