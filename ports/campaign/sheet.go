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
// categories and, when it is in the campaign (Linked), its standing there.
type SheetFacts struct {
	Categories []kernel.ID
	Linked     bool
	Standing   campaign.Standing
}

// SheetStore is the storage side of a campaign's partner Excel round trip (ADR 0019, Excel).
type SheetStore interface {
	// StreamPartners calls fn with every active partner that belongs to any of categories,
	// once each, by ascending id, with its cash in the campaign; the rows are read as a
	// stream, never held.
	StreamPartners(ctx context.Context, campaignID kernel.ID, categories []kernel.ID, fn func(SheetPartner) error) error
	// Facts maps each of ids that names an active partner to its categories and its standing
	// in the campaign (unknown and inactive ids are left out). With lock, the rows of those in
	// the campaign are held until the transaction ends (FOR UPDATE on PostgreSQL): the turn
	// Repository.Standing takes, for many partners at once.
	Facts(ctx context.Context, campaignID kernel.ID, ids []kernel.ID, lock bool) (map[kernel.ID]SheetFacts, error)
}
