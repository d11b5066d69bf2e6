package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	campaignports "vitrina/ports/campaign"
)

type campaignRow struct {
	bun.BaseModel   `bun:"table:campaigns,alias:cm"`
	ID              int64     `bun:"id,pk,autoincrement"`
	Name            string    `bun:"name"`
	NameFold        string    `bun:"name_fold"`
	Description     string    `bun:"description"`
	DescriptionFold string    `bun:"description_fold"`
	Image           string    `bun:"image"`
	IsVisible       bool      `bun:"is_visible"`
	IsActive        bool      `bun:"is_active"`
	CreatedAt       time.Time `bun:"created_at"`
	UpdatedAt       time.Time `bun:"updated_at"`
	versionCol
}

type campaignCategoryRow struct {
	bun.BaseModel `bun:"table:campaign_categories"`
	CampaignID    int64 `bun:"campaign_id,pk"`
	CategoryID    int64 `bun:"category_id,pk"`
}

type campaignProductRow struct {
	bun.BaseModel `bun:"table:campaign_products"`
	CampaignID    int64 `bun:"campaign_id,pk"`
	ProductID     int64 `bun:"product_id,pk"`
}

type campaignPartnerRow struct {
	bun.BaseModel `bun:"table:campaign_partners"`
	CampaignID    int64 `bun:"campaign_id,pk"`
	PartnerID     int64 `bun:"partner_id,pk"`
	CashMilli     int64 `bun:"cash_milli"`
	SpentMilli    int64 `bun:"spent_milli"`
}

type cartItemRow struct {
	bun.BaseModel `bun:"table:cart_items,alias:ci"`
	ID            int64     `bun:"id,pk,autoincrement"`
	CampaignID    int64     `bun:"campaign_id"`
	PartnerID     int64     `bun:"partner_id"`
	ProductID     int64     `bun:"product_id"`
	PriceMilli    int64     `bun:"price_milli"`
	Quantity      int64     `bun:"quantity"`
	Delivered     bool      `bun:"delivered"`
	CreatedAt     time.Time `bun:"created_at"`
}

func toCampaignRow(st campaign.State) *campaignRow {
	at := st.UpdatedAt.UTC()
	return &campaignRow{ID: int64(st.ID), Name: st.Name, NameFold: fold(st.Name), Description: st.Description,
		DescriptionFold: fold(st.Description), Image: st.Image, IsVisible: st.Visible, IsActive: st.Active, CreatedAt: at, UpdatedAt: at}
}

func (r *campaignRow) campaign() *campaign.Campaign {
	return campaign.Rehydrate(campaign.State{ID: kernel.ID(r.ID), Name: r.Name, Description: r.Description, Image: r.Image,
		Visible: r.IsVisible, Active: r.IsActive, UpdatedAt: r.UpdatedAt})
}

// CampaignStore keeps the campaign context: campaigns, their composition and their carts.
// What it asks other contexts is answered in narrow_ports.go.
type CampaignStore struct{ db *bun.DB }

// NewCampaignStore returns the campaign store of db.
func NewCampaignStore(db *bun.DB) *CampaignStore { return &CampaignStore{db: db} }

var _ campaignports.Repository = (*CampaignStore)(nil)

// chunk is how many ids one statement binds: under SQLite's 32,766 variables.
const chunk = 5000

// inChunks calls fn with ids a chunk at a time.
func inChunks[T any](ids []T, fn func([]T) error) error {
	for len(ids) > 0 {
		n := min(len(ids), chunk)
		if err := fn(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// Add inserts a campaign.
func (s *CampaignStore) Add(ctx context.Context, c *campaign.Campaign) error {
	row := toCampaignRow(c.State())
	if _, err := conn(ctx, s.db).NewInsert().Model(row).ExcludeColumn("id", "version").Returning("id").Exec(ctx, &row.ID); err != nil {
		return err
	}
	c.AssignID(kernel.ID(row.ID))
	return nil
}

func (s *CampaignStore) load(ctx context.Context, c bun.IDB, id kernel.ID, lock bool) (*campaignRow, error) {
	row := new(campaignRow)
	q := c.NewSelect().Model(row).Where("cm.id = ?", int64(id))
	if lock && !IsSQLite(s.db) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, kernel.NotFound("campaign")
	} else if err != nil {
		return nil, err
	}
	return row, nil
}

// Get reads a campaign.
func (s *CampaignStore) Get(ctx context.Context, id kernel.ID) (*campaign.Campaign, error) {
	row, err := s.load(ctx, conn(ctx, s.db), id, false)
	if err != nil {
		return nil, err
	}
	return row.campaign(), nil
}

// Lock holds the campaign's row (PostgreSQL) until the transaction ends.
func (s *CampaignStore) Lock(ctx context.Context, id kernel.ID) error {
	_, err := s.load(ctx, conn(ctx, s.db), id, true)
	return err
}

// Update loads the campaign under its lock, lets fn change it and saves it at the next version.
func (s *CampaignStore) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*campaign.Campaign) error) (*campaign.Campaign, error) {
	var out *campaign.Campaign
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row, err := s.load(ctx, c, id, true)
		if err != nil {
			return err
		}
		if expected != kernel.AnyVersion && kernel.Version(row.Version) != expected {
			return kernel.ErrStale
		}
		cm := row.campaign()
		if err := fn(cm); err != nil {
			return err
		}
		up := c.NewUpdate().Model(toCampaignRow(cm.State())).WherePK().ExcludeColumn("id", "created_at").Value("version", "version + 1")
		if expected != kernel.AnyVersion {
			up = up.Where("version = ?", int64(expected))
		}
		res, err := up.Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return kernel.ErrStale
		}
		out = cm
		return nil
	})
	return out, err
}

// linkedIDs reads one id column of a link table for the campaign.
func linkedIDs(ctx context.Context, c bun.IDB, table, column string, id kernel.ID) ([]kernel.ID, error) {
	var raw []int64
	if err := c.NewSelect().TableExpr(table).Column(column).Where("campaign_id = ?", int64(id)).OrderExpr(column).
		Scan(ctx, &raw); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]kernel.ID, len(raw))
	for i, r := range raw {
		out[i] = kernel.ID(r)
	}
	return out, nil
}

// Categories reads the campaign's categories.
func (s *CampaignStore) Categories(ctx context.Context, id kernel.ID) ([]kernel.ID, error) {
	return linkedIDs(ctx, conn(ctx, s.db), "campaign_categories", "category_id", id)
}

// Products reads the campaign's products.
func (s *CampaignStore) Products(ctx context.Context, id kernel.ID) ([]kernel.ID, error) {
	return linkedIDs(ctx, conn(ctx, s.db), "campaign_products", "product_id", id)
}

// Partners reads the campaign's partners with their cash.
func (s *CampaignStore) Partners(ctx context.Context, id kernel.ID) ([]campaign.PartnerCash, error) {
	var rows []campaignPartnerRow
	if err := conn(ctx, s.db).NewSelect().Model(&rows).Where("campaign_id = ?", int64(id)).OrderExpr("partner_id").
		Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]campaign.PartnerCash, len(rows))
	for i, r := range rows {
		out[i] = campaign.PartnerCash{PartnerID: kernel.ID(r.PartnerID), Cash: kernel.AmountOfThousandths(r.CashMilli)}
	}
	return out, nil
}

// AddCategories links categories; those linked already stay.
func (s *CampaignStore) AddCategories(ctx context.Context, id kernel.ID, ids []kernel.ID) error {
	return inChunks(ids, func(part []kernel.ID) error {
		rows := make([]campaignCategoryRow, len(part))
		for i, c := range part {
			rows[i] = campaignCategoryRow{CampaignID: int64(id), CategoryID: int64(c)}
		}
		_, err := conn(ctx, s.db).NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Exec(ctx)
		return err
	})
}

// AddProducts links products; those linked already stay.
func (s *CampaignStore) AddProducts(ctx context.Context, id kernel.ID, ids []kernel.ID) error {
	return inChunks(ids, func(part []kernel.ID) error {
		rows := make([]campaignProductRow, len(part))
		for i, p := range part {
			rows[i] = campaignProductRow{CampaignID: int64(id), ProductID: int64(p)}
		}
		_, err := conn(ctx, s.db).NewInsert().Model(&rows).On("CONFLICT DO NOTHING").Exec(ctx)
		return err
	})
}

// PutPartners links partners with their cash, setting the cash of those linked already.
func (s *CampaignStore) PutPartners(ctx context.Context, id kernel.ID, partners []campaign.PartnerCash) error {
	return inChunks(partners, func(part []campaign.PartnerCash) error {
		rows := make([]campaignPartnerRow, len(part))
		for i, p := range part {
			rows[i] = campaignPartnerRow{CampaignID: int64(id), PartnerID: int64(p.PartnerID), CashMilli: p.Cash.Thousandths()}
		}
		_, err := conn(ctx, s.db).NewInsert().Model(&rows).ExcludeColumn("spent_milli").
			On("CONFLICT (campaign_id, partner_id) DO UPDATE").Set("cash_milli = EXCLUDED.cash_milli").Exec(ctx)
		return err
	})
}

func (s *CampaignStore) unlink(ctx context.Context, table, column string, id kernel.ID, ids []kernel.ID) error {
	return inChunks(ids, func(part []kernel.ID) error {
		_, err := conn(ctx, s.db).NewDelete().TableExpr(table).Where("campaign_id = ?", int64(id)).
			Where(column+" IN (?)", bun.List(rawIDs(part))).Exec(ctx)
		return err
	})
}

// RemoveCategories unlinks categories.
func (s *CampaignStore) RemoveCategories(ctx context.Context, id kernel.ID, ids []kernel.ID) error {
	return s.unlink(ctx, "campaign_categories", "category_id", id, ids)
}

// RemoveProducts unlinks products. A product that got cart items after the use case checked
// (an order committed meanwhile, PostgreSQL) is the use case's own refusal: 435.
func (s *CampaignStore) RemoveProducts(ctx context.Context, id kernel.ID, ids []kernel.ID) error {
	return cartRefusal(s.unlink(ctx, "campaign_products", "product_id", id, ids))
}

// RemovePartners unlinks partners. A partner whose first order committed after the use case
// checked (a prune racing it on PostgreSQL, ADR 0019) is 435, never a bare constraint failure.
func (s *CampaignStore) RemovePartners(ctx context.Context, id kernel.ID, ids []kernel.ID) error {
	return cartRefusal(s.unlink(ctx, "campaign_partners", "partner_id", id, ids))
}

// cartRefusal is campaign.ErrHasCart for a link a cart item references.
func cartRefusal(err error) error {
	if isForeignKeyViolation(err) {
		return campaign.ErrHasCart
	}
	return err
}

// withCart tells which of ids (every one with items when ids is nil) have cart items.
func (s *CampaignStore) withCart(ctx context.Context, column string, id kernel.ID, ids []kernel.ID) (map[kernel.ID]bool, error) {
	out := map[kernel.ID]bool{}
	read := func(part []kernel.ID) error {
		q := conn(ctx, s.db).NewSelect().TableExpr("cart_items").ColumnExpr("DISTINCT "+column).Where("campaign_id = ?", int64(id))
		if part != nil {
			q = q.Where(column+" IN (?)", bun.List(rawIDs(part)))
		}
		var found []int64
		if err := q.Scan(ctx, &found); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for _, f := range found {
			out[kernel.ID(f)] = true
		}
		return nil
	}
	if ids == nil {
		return out, read(nil)
	}
	return out, inChunks(ids, read)
}

// ProductsWithCart tells which of ids have cart items in the campaign.
func (s *CampaignStore) ProductsWithCart(ctx context.Context, id kernel.ID, ids []kernel.ID) (map[kernel.ID]bool, error) {
	return s.withCart(ctx, "product_id", id, ids)
}

// PartnersWithCart tells which of ids have cart items in the campaign.
func (s *CampaignStore) PartnersWithCart(ctx context.Context, id kernel.ID, ids []kernel.ID) (map[kernel.ID]bool, error) {
	return s.withCart(ctx, "partner_id", id, ids)
}

// Standing reads the partner's cash and spent under the row's lock.
func (s *CampaignStore) Standing(ctx context.Context, id, partnerID kernel.ID) (campaign.Standing, bool, error) {
	row := new(campaignPartnerRow)
	q := conn(ctx, s.db).NewSelect().Model(row).Where("campaign_id = ?", int64(id)).Where("partner_id = ?", int64(partnerID))
	if !IsSQLite(s.db) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return campaign.Standing{}, false, nil
	} else if err != nil {
		return campaign.Standing{}, false, err
	}
	return campaign.Standing{Cash: kernel.AmountOfThousandths(row.CashMilli), Spent: kernel.AmountOfThousandths(row.SpentMilli)}, true, nil
}

// SetCash sets a partner's cash in the campaign.
func (s *CampaignStore) SetCash(ctx context.Context, id, partnerID kernel.ID, cash kernel.Amount) error {
	_, err := conn(ctx, s.db).NewUpdate().TableExpr("campaign_partners").Set("cash_milli = ?", cash.Thousandths()).
		Where("campaign_id = ?", int64(id)).Where("partner_id = ?", int64(partnerID)).Exec(ctx)
	return err
}

// spend adds delta thousandths to the partner's spent.
func (s *CampaignStore) spend(ctx context.Context, it campaign.Item, sign int64) error {
	v, err := it.Value()
	if err != nil {
		return err
	}
	_, err = conn(ctx, s.db).NewUpdate().TableExpr("campaign_partners").Set("spent_milli = spent_milli + ?", sign*v.Thousandths()).
		Where("campaign_id = ?", int64(it.CampaignID)).Where("partner_id = ?", int64(it.PartnerID)).Exec(ctx)
	return err
}

// AddItem inserts a cart item and adds its worth to the partner's spent.
func (s *CampaignStore) AddItem(ctx context.Context, it *campaign.Item) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		row := &cartItemRow{CampaignID: int64(it.CampaignID), PartnerID: int64(it.PartnerID), ProductID: int64(it.ProductID),
			PriceMilli: it.Price.Thousandths(), Quantity: it.Quantity, Delivered: it.Delivered, CreatedAt: it.CreatedAt.UTC()}
		if _, err := conn(ctx, s.db).NewInsert().Model(row).ExcludeColumn("id").Returning("id").Exec(ctx, &row.ID); err != nil {
			if isForeignKeyViolation(err) {
				// The product left the campaign while the order was placed (PostgreSQL).
				return campaign.ErrProductOutside
			}
			return err
		}
		it.ID = kernel.ID(row.ID)
		return s.spend(ctx, *it, 1)
	})
}

// Item reads a cart item.
func (s *CampaignStore) Item(ctx context.Context, itemID kernel.ID) (campaign.Item, error) {
	row := new(cartItemRow)
	if err := conn(ctx, s.db).NewSelect().Model(row).Where("ci.id = ?", int64(itemID)).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return campaign.Item{}, kernel.NotFound("cart item")
	} else if err != nil {
		return campaign.Item{}, err
	}
	return campaign.Item{ID: kernel.ID(row.ID), CampaignID: kernel.ID(row.CampaignID), PartnerID: kernel.ID(row.PartnerID),
		ProductID: kernel.ID(row.ProductID), Price: kernel.AmountOfThousandths(row.PriceMilli), Quantity: row.Quantity,
		Delivered: row.Delivered, CreatedAt: row.CreatedAt}, nil
}

// RemoveItem deletes a cart item and takes its worth off the partner's spent.
func (s *CampaignStore) RemoveItem(ctx context.Context, it campaign.Item) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		res, err := conn(ctx, s.db).NewDelete().TableExpr("cart_items").Where("id = ?", int64(it.ID)).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return kernel.NotFound("cart item")
		}
		return s.spend(ctx, it, -1)
	})
}

// SetDelivered marks a cart item delivered or not.
func (s *CampaignStore) SetDelivered(ctx context.Context, itemID kernel.ID, delivered bool) error {
	res, err := conn(ctx, s.db).NewUpdate().TableExpr("cart_items").Set("delivered = ?", delivered).Where("id = ?", int64(itemID)).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return kernel.NotFound("cart item")
	}
	return nil
}
