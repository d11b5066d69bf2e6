package persistence

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"github.com/uptrace/bun"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	campaignports "vitrina/ports/campaign"
)

// CampaignSheets is the storage side of a campaign's partner Excel round trip: the download's
// stream of partners and the upload's facts about the partners a file names.
type CampaignSheets struct{ db *bun.DB }

// NewCampaignSheets returns the campaign Excel store of db.
func NewCampaignSheets(db *bun.DB) *CampaignSheets { return &CampaignSheets{db: db} }

var _ campaignports.SheetStore = (*CampaignSheets)(nil)

type sheetPartnerRow struct {
	ID            int64         `bun:"id"`
	Name          string        `bun:"name"`
	Phone         string        `bun:"phone"`
	City          *string       `bun:"city"`
	CategoryNames *string       `bun:"category_names"`
	CashMilli     sql.NullInt64 `bun:"cash_milli"`
}

// StreamPartners walks the active partners by their primary key, keeping those in any of
// categories, with the campaign's cash joined; one row at a time goes to fn.
func (s *CampaignSheets) StreamPartners(ctx context.Context, campaignID kernel.ID, categories []kernel.ID,
	fn func(campaignports.SheetPartner) error) error {
	if len(categories) == 0 {
		return nil
	}
	names, _ := partnerCategoryNames(IsSQLite(s.db), "p.id")
	rows, err := conn(ctx, s.db).NewSelect().TableExpr("partners AS p").
		Join("LEFT JOIN campaign_partners AS cp ON cp.campaign_id = ? AND cp.partner_id = p.id", int64(campaignID)).
		ColumnExpr("p.id, p.name, p.phone, (SELECT ct.name FROM cities AS ct WHERE ct.id = p.city_id) AS city, "+
			names+" AS category_names, cp.cash_milli").
		Where("p.is_active = TRUE").
		Where("EXISTS (SELECT 1 FROM partner_categories AS pc WHERE pc.partner_id = p.id AND pc.category_id IN (?))",
			bun.List(rawIDs(categories))).
		OrderExpr("p.id").Rows(ctx)
	if err != nil {
		return err
	}
	defer rows.Close() //nolint:errcheck // read-only; rows.Err reports the read's failure
	for rows.Next() {
		var r sheetPartnerRow
		if err := s.db.ScanRow(ctx, rows, &r); err != nil {
			return err
		}
		v := campaignports.SheetPartner{ID: r.ID, Name: r.Name, Phone: r.Phone}
		if r.City != nil {
			v.City = *r.City
		}
		if r.CategoryNames != nil {
			v.CategoryNames = *r.CategoryNames
		}
		if r.CashMilli.Valid {
			cash := kernel.AmountOfThousandths(r.CashMilli.Int64)
			v.Cash = &cash
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Facts reads, a chunk of ids at a time in ascending order, the active partners' categories
// and the money in the campaign of those it holds. A chunk of ids that lie close together (a file made from the download) is read as
// one range of the primary keys, kept to the ids asked for; a sparse one by its list.
func (s *CampaignSheets) Facts(ctx context.Context, campaignID kernel.ID, ids []kernel.ID) (map[kernel.ID]campaignports.SheetFacts, error) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make(map[kernel.ID]campaignports.SheetFacts, len(ids))
	err := inChunks(ids, func(part []kernel.ID) error {
		lo, hi := int64(part[0]), int64(part[len(part)-1])
		dense := hi-lo < 2*int64(len(part))
		wanted := func(id int64) bool {
			_, found := slices.BinarySearch(part, kernel.ID(id))
			return found
		}
		among := func(q *bun.SelectQuery, column string) *bun.SelectQuery {
			if dense {
				return q.Where(column+" BETWEEN ? AND ?", lo, hi)
			}
			return q.Where(column+" IN (?)", bun.List(rawIDs(part)))
		}
		cats, err := categoriesBy(ctx, among(conn(ctx, s.db).NewSelect().TableExpr("partners AS p").
			Join("LEFT JOIN partner_categories AS pc ON pc.partner_id = p.id").ColumnExpr("p.id AS partner_id, pc.category_id").
			Where("p.is_active = TRUE"), "p.id"))
		if err != nil {
			return err
		}
		for id, c := range cats {
			if wanted(int64(id)) {
				out[id] = campaignports.SheetFacts{Categories: c}
			}
		}
		var linked []campaignPartnerRow
		q := among(conn(ctx, s.db).NewSelect().Model(&linked).Where("campaign_id = ?", int64(campaignID)), "partner_id")
		if err := q.Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for _, r := range linked {
			id := kernel.ID(r.PartnerID)
			f, ok := out[id]
			if !ok {
				continue // not asked for, or an inactive partner still in the campaign: the file may not name it
			}
			f.Linked = true
			f.Money = campaign.Money{Cash: kernel.AmountOfThousandths(r.CashMilli), Spent: kernel.AmountOfThousandths(r.SpentMilli)}
			out[id] = f
		}
		return nil
	})
	return out, err
}
