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

// NewCampaignListsWithCommonTrigrams is NewCampaignLists on whose partner filters no trigram
// counts as rare: a term is matched as a whole phrase, as on a table where all its trigrams
// are common.
func NewCampaignListsWithCommonTrigrams(db *bun.DB) campaignports.Lists {
	lists := NewCampaignLists(db)
	lists.Partners.(campaignPartners).spec.trigrams.rare = 1
	lists.Cart.(cartItems).spec.trigrams.rare = 1
	return lists
}
