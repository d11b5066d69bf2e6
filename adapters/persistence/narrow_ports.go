package persistence

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	campaignports "vitrina/ports/campaign"
	catalogports "vitrina/ports/catalog"
	contentports "vitrina/ports/content"
	identityports "vitrina/ports/identity"
	partnerports "vitrina/ports/partner"
)

// The adapters below answer the narrow ports through which one context asks another
// (ADR 0014). Each is its own small type over the other context's tables, so that no
// context's store serves another context's port.
var (
	_ identityports.PartnerDirectory = (*PartnerDirectory)(nil)
	_ catalogports.CategoryUsage     = (*PartnerCategoryUsage)(nil)
	_ partnerports.Catalog           = (*PartnerCatalog)(nil)
	_ partnerports.AppSessions       = (*PartnerAppSessions)(nil)
	_ contentports.Partners          = (*ContentPartners)(nil)
	_ contentports.Catalog           = (*ContentCatalog)(nil)
	_ catalogports.CategoryUsage     = (*SliderCategoryUsage)(nil)
	_ catalogports.CategoryUsage     = (*CampaignUsage)(nil)
	_ catalogports.ProductUsage      = (*CampaignUsage)(nil)
	_ campaignports.Partners         = (*CampaignPartners)(nil)
	_ campaignports.Catalog          = (*CampaignCatalog)(nil)
)

// PartnerDirectory answers identity: does a partner exist, and may it sign in to the app.
type PartnerDirectory struct{ db *bun.DB }

// NewPartnerDirectory returns identity's partner directory over db.
func NewPartnerDirectory(db *bun.DB) *PartnerDirectory { return &PartnerDirectory{db: db} }

// PartnerExists tells whether a partner with the id exists, active or not.
func (d *PartnerDirectory) PartnerExists(ctx context.Context, id int64) (bool, error) {
	return rowExists(ctx, d.db, "partners", kernel.ID(id))
}

// AppAccount reads whether the partner is active and its app password's hash.
func (d *PartnerDirectory) AppAccount(ctx context.Context, id int64) (identityports.PartnerAccount, error) {
	var row struct {
		IsActive     bool   `bun:"is_active"`
		PasswordHash string `bun:"password_hash"`
	}
	err := conn(ctx, d.db).NewSelect().TableExpr("partners").Column("is_active", "password_hash").Where("id = ?", id).
		Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return identityports.PartnerAccount{}, kernel.NotFound("partner")
	}
	if err != nil {
		return identityports.PartnerAccount{}, err
	}
	return identityports.PartnerAccount{Active: row.IsActive, PasswordHash: row.PasswordHash}, nil
}

// PartnerAppSessions answers the partner context: end a partner's app sessions, which
// identity keeps in its sessions table.
type PartnerAppSessions struct{ db *bun.DB }

// NewPartnerAppSessions returns the partner context's view of the app sessions over db.
func NewPartnerAppSessions(db *bun.DB) *PartnerAppSessions { return &PartnerAppSessions{db: db} }

// EndAll deletes every app session of the partner: its own and its linked users'.
func (a *PartnerAppSessions) EndAll(ctx context.Context, partnerID kernel.ID) error {
	_, err := conn(ctx, a.db).NewDelete().TableExpr("sessions").Where("kind = ?", string(kernel.AppSession)).
		Where("partner_id = ?", int64(partnerID)).Exec(ctx)
	return err
}

// EndAllOf deletes every app session of each of the partners.
func (a *PartnerAppSessions) EndAllOf(ctx context.Context, partnerIDs []kernel.ID) error {
	c := conn(ctx, a.db)
	ids := make([]int64, len(partnerIDs))
	for i, id := range partnerIDs {
		ids[i] = int64(id)
	}
	for start := 0; start < len(ids); start += batchRows {
		where, arg := idsIn(c, "partner_id", ids[start:min(start+batchRows, len(ids))])
		if _, err := c.NewDelete().TableExpr("sessions").Where("kind = ?", string(kernel.AppSession)).Where(where, arg).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// EndOwn deletes the app sessions the partner opened with its own id and app password.
func (a *PartnerAppSessions) EndOwn(ctx context.Context, partnerID kernel.ID) error {
	_, err := conn(ctx, a.db).NewDelete().TableExpr("sessions").Where("kind = ?", string(kernel.AppSession)).
		Where("partner_id = ?", int64(partnerID)).Where("user_id IS NULL").Exec(ctx)
	return err
}

// PartnerCategoryUsage answers the catalog: how many active partners are in a category.
type PartnerCategoryUsage struct{ db *bun.DB }

// NewPartnerCategoryUsage returns the partners' use of categories over db.
func NewPartnerCategoryUsage(db *bun.DB) *PartnerCategoryUsage { return &PartnerCategoryUsage{db: db} }

// ActiveUses counts the active partners in the category.
func (u *PartnerCategoryUsage) ActiveUses(ctx context.Context, categoryID kernel.ID) (int, error) {
	n, err := conn(ctx, u.db).NewSelect().TableExpr("partner_categories AS pc").Join("JOIN partners AS p ON p.id = pc.partner_id").
		Where("pc.category_id = ?", int64(categoryID)).Where("p.is_active = ?", true).Count(ctx)
	return int(n), err
}

// PartnerCatalog answers the partner context about the catalog's cities and categories.
type PartnerCatalog struct{ db *bun.DB }

// NewPartnerCatalog returns the partner context's view of the catalog over db.
func NewPartnerCatalog(db *bun.DB) *PartnerCatalog { return &PartnerCatalog{db: db} }

// CityExists tells whether a city with the id exists, active or not.
func (c *PartnerCatalog) CityExists(ctx context.Context, id kernel.ID) (bool, error) {
	return rowExists(ctx, c.db, "cities", id)
}

// MissingCategories returns the ids among ids that name no category.
func (c *PartnerCatalog) MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error) {
	return missingCategories(ctx, c.db, ids)
}

// missingCategories returns the ids among ids that name no category.
func missingCategories(ctx context.Context, db *bun.DB, ids []kernel.ID) ([]kernel.ID, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	raw := make([]int64, len(ids))
	for i, id := range ids {
		raw[i] = int64(id)
	}
	var found []int64
	if err := conn(ctx, db).NewSelect().TableExpr("categories").Column("id").Where("id IN (?)", bun.List(raw)).
		Scan(ctx, &found); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	have := map[int64]bool{}
	for _, id := range found {
		have[id] = true
	}
	var missing []kernel.ID
	for _, id := range ids {
		if !have[int64(id)] {
			missing = append(missing, id)
		}
	}
	return missing, nil
}

// CitiesByName maps folded city names to ids; a name that two countries share maps to the
// city added first.
func (c *PartnerCatalog) CitiesByName(ctx context.Context) (map[string]kernel.ID, error) {
	return idsByName(ctx, c.db, "cities")
}

// CategoriesByName maps folded category names to ids.
func (c *PartnerCatalog) CategoriesByName(ctx context.Context) (map[string]kernel.ID, error) {
	return idsByName(ctx, c.db, "categories")
}

// ContentPartners answers the content context: the categories of an active partner, whose
// app shows it the sliders of those categories.
type ContentPartners struct{ db *bun.DB }

// NewContentPartners returns the content context's view of partners over db.
func NewContentPartners(db *bun.DB) *ContentPartners { return &ContentPartners{db: db} }

// PartnerCategories lists the categories of the partner; none when it is unknown or inactive.
func (p *ContentPartners) PartnerCategories(ctx context.Context, partnerID kernel.ID) ([]kernel.ID, error) {
	var ids []int64
	if err := conn(ctx, p.db).NewSelect().TableExpr("partner_categories AS pc").Join("JOIN partners AS p ON p.id = pc.partner_id").
		Column("pc.category_id").Where("pc.partner_id = ?", int64(partnerID)).Where("p.is_active = ?", true).
		OrderExpr("pc.category_id").Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]kernel.ID, len(ids))
	for i, id := range ids {
		out[i] = kernel.ID(id)
	}
	return out, nil
}

// ContentCatalog answers the content context about the catalog's categories.
type ContentCatalog struct{ db *bun.DB }

// NewContentCatalog returns the content context's view of the catalog over db.
func NewContentCatalog(db *bun.DB) *ContentCatalog { return &ContentCatalog{db: db} }

// MissingCategories returns the ids among ids that name no category.
func (c *ContentCatalog) MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error) {
	return missingCategories(ctx, c.db, ids)
}

// SliderCategoryUsage answers the catalog: how many active sliders are in a category.
type SliderCategoryUsage struct{ db *bun.DB }

// NewSliderCategoryUsage returns the sliders' use of categories over db.
func NewSliderCategoryUsage(db *bun.DB) *SliderCategoryUsage { return &SliderCategoryUsage{db: db} }

// ActiveUses counts the active sliders in the category.
func (u *SliderCategoryUsage) ActiveUses(ctx context.Context, categoryID kernel.ID) (int, error) {
	n, err := conn(ctx, u.db).NewSelect().TableExpr("slider_categories AS sc").Join("JOIN sliders AS s ON s.id = sc.slider_id").
		Where("sc.category_id = ?", int64(categoryID)).Where("s.is_active = ?", true).Count(ctx)
	return int(n), err
}

// rowExists tells whether table has a row with the id.
func rowExists(ctx context.Context, db *bun.DB, table string, id kernel.ID) (bool, error) {
	return conn(ctx, db).NewSelect().TableExpr(table).Where("id = ?", int64(id)).Exists(ctx)
}

// idsByName maps kernel.NameKey of each name in table to its id, the lowest id winning.
func idsByName(ctx context.Context, db *bun.DB, table string) (map[string]kernel.ID, error) {
	var rows []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := conn(ctx, db).NewSelect().TableExpr(table).Column("id", "name").OrderExpr("id").Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make(map[string]kernel.ID, len(rows))
	for _, r := range rows {
		key := kernel.NameKey(r.Name)
		if _, dup := out[key]; !dup {
			out[key] = kernel.ID(r.ID)
		}
	}
	return out, nil
}

// CampaignPartners answers the campaign context: the partners' own categories.
type CampaignPartners struct{ db *bun.DB }

// NewCampaignPartners returns the campaign context's view of partners over db.
func NewCampaignPartners(db *bun.DB) *CampaignPartners { return &CampaignPartners{db: db} }

// categoriesBy groups (partner, category) pairs; every partner of the query is a key, even
// one without categories.
func categoriesBy(ctx context.Context, sel *bun.SelectQuery) (map[kernel.ID][]kernel.ID, error) {
	var rows []struct {
		PartnerID  int64         `bun:"partner_id"`
		CategoryID sql.NullInt64 `bun:"category_id"`
	}
	if err := sel.Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make(map[kernel.ID][]kernel.ID, len(rows))
	for _, r := range rows {
		p := kernel.ID(r.PartnerID)
		if _, ok := out[p]; !ok {
			out[p] = nil
		}
		if r.CategoryID.Valid {
			out[p] = append(out[p], kernel.ID(r.CategoryID.Int64))
		}
	}
	return out, nil
}

// CategoriesOf maps each of ids that names a partner to its categories.
func (p *CampaignPartners) CategoriesOf(ctx context.Context, ids []kernel.ID) (map[kernel.ID][]kernel.ID, error) {
	out := map[kernel.ID][]kernel.ID{}
	for len(ids) > 0 {
		n := min(len(ids), 5000)
		part, err := categoriesBy(ctx, conn(ctx, p.db).NewSelect().TableExpr("partners AS p").
			Join("LEFT JOIN partner_categories AS pc ON pc.partner_id = p.id").ColumnExpr("p.id AS partner_id, pc.category_id").
			Where("p.id IN (?)", bun.List(rawIDs(ids[:n]))))
		if err != nil {
			return nil, err
		}
		for k, v := range part {
			out[k] = v
		}
		ids = ids[n:]
	}
	return out, nil
}

// CategoriesOfCampaign maps every partner the campaign holds to its categories.
func (p *CampaignPartners) CategoriesOfCampaign(ctx context.Context, campaignID kernel.ID) (map[kernel.ID][]kernel.ID, error) {
	return categoriesBy(ctx, conn(ctx, p.db).NewSelect().TableExpr("campaign_partners AS cp").
		Join("LEFT JOIN partner_categories AS pc ON pc.partner_id = cp.partner_id").
		ColumnExpr("cp.partner_id, pc.category_id").Where("cp.campaign_id = ?", int64(campaignID)))
}

// CampaignCatalog answers the campaign context about products and categories.
type CampaignCatalog struct{ db *bun.DB }

// NewCampaignCatalog returns the campaign context's view of the catalog over db.
func NewCampaignCatalog(db *bun.DB) *CampaignCatalog { return &CampaignCatalog{db: db} }

// Offers maps each of ids that names a product to its price and state.
func (c *CampaignCatalog) Offers(ctx context.Context, ids []kernel.ID) (map[kernel.ID]campaignports.Offer, error) {
	out := map[kernel.ID]campaignports.Offer{}
	for len(ids) > 0 {
		n := min(len(ids), 5000)
		var rows []struct {
			ID         int64 `bun:"id"`
			PriceMilli int64 `bun:"price_milli"`
			IsActive   bool  `bun:"is_active"`
		}
		if err := conn(ctx, c.db).NewSelect().TableExpr("products").ColumnExpr("id, price_milli, is_active").
			Where("id IN (?)", bun.List(rawIDs(ids[:n]))).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		for _, r := range rows {
			out[kernel.ID(r.ID)] = campaignports.Offer{Price: kernel.AmountOfThousandths(r.PriceMilli), Active: r.IsActive}
		}
		ids = ids[n:]
	}
	return out, nil
}

// MissingCategories returns the ids among ids that name no category.
func (c *CampaignCatalog) MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error) {
	return missingCategories(ctx, c.db, ids)
}

// CampaignUsage answers the catalog: how many active campaigns hold a category or a product.
type CampaignUsage struct{ db *bun.DB }

// NewCampaignUsage returns the campaigns' use of categories and products over db.
func NewCampaignUsage(db *bun.DB) *CampaignUsage { return &CampaignUsage{db: db} }

// ActiveUses counts the active campaigns holding the category.
func (u *CampaignUsage) ActiveUses(ctx context.Context, categoryID kernel.ID) (int, error) {
	n, err := conn(ctx, u.db).NewSelect().TableExpr("campaign_categories AS cc").Join("JOIN campaigns AS cm ON cm.id = cc.campaign_id").
		Where("cc.category_id = ?", int64(categoryID)).Where("cm.is_active = ?", true).Count(ctx)
	return int(n), err
}

// ActiveProductUses counts the active campaigns holding the product.
func (u *CampaignUsage) ActiveProductUses(ctx context.Context, productID kernel.ID) (int, error) {
	n, err := conn(ctx, u.db).NewSelect().TableExpr("campaign_products AS cpr").Join("JOIN campaigns AS cm ON cm.id = cpr.campaign_id").
		Where("cpr.product_id = ?", int64(productID)).Where("cm.is_active = ?", true).Count(ctx)
	return int(n), err
}
