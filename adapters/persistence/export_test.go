package persistence

import (
	"github.com/uptrace/bun"

	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
	partnerports "vitrina/ports/partner"
)

// NewPartnersByCity is the partners list with a scope by city: the partners table keeps its
// total in row_counts, so the tests can show that a scoped list never reads it there.
func NewPartnersByCity(db *bun.DB) ports.Lister[partnerports.PartnerView] {
	s := partnerSpec(IsSQLite(db))
	s.Scopes = map[string]string{"city_id": "p.city_id"}
	return NewLister(db, s, "partner", (*partnerViewRow).view)
}

// NewCampaignListsMatchingInSQL is NewCampaignLists without a partner index: the linked
// partners' filters are matched in SQL, as inside a transaction or past maxMatchIDs matches.
func NewCampaignListsMatchingInSQL(db *bun.DB) campaignports.Lists {
	return NewCampaignLists(db, nil)
}
