package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

type campaignViewRow struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	Description string    `bun:"description"`
	Image       string    `bun:"image"`
	IsVisible   bool      `bun:"is_visible"`
	IsActive    bool      `bun:"is_active"`
	UpdatedAt   time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

func (r *campaignViewRow) view() campaignports.CampaignView {
	return campaignports.CampaignView{ID: r.ID, Name: r.Name, Description: r.Description, Image: r.Image, IsVisible: r.IsVisible,
		IsActive: r.IsActive, UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version)}
}

// campaignSpec is the campaigns screen: text filters on the name and the description
// (trigram), exact filter on the visibility.
func campaignSpec() ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":          number("cm.id", 1),
			"name":        text("cm.name_fold").trigram("name_fold"),
			"description": text("cm.description_fold").trigram("description_fold"),
			"is_visible":  flag("cm.is_visible", "cm.is_visible = TRUE"),
			"is_active":   sortOnly("cm.is_active"),
			"updated_at":  sortOnly("cm.updated_at"),
		},
		DefaultSort: "updated_at",
		IDExpr:      "cm.id",
		ActiveExpr:  "cm.is_active",
		FTSTable:    "campaigns_fts",
		From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("campaigns AS cm") },
		Columns:     "cm.id, cm.name, cm.description, cm.image, cm.is_visible, cm.is_active, cm.updated_at, cm.version",
	}
}

type campaignPartnerViewRow struct {
	ID            int64   `bun:"id"`
	Name          string  `bun:"name"`
	Phone         string  `bun:"phone"`
	CategoryNames *string `bun:"category_names"`
	City          *string `bun:"city"`
	CashMilli     int64   `bun:"cash_milli"`
	SpentMilli    int64   `bun:"spent_milli"`
	InCategories  bool    `bun:"in_categories"`
	totalRow
}

func (r *campaignPartnerViewRow) view() campaignports.PartnerView {
	v := campaignports.PartnerView{PartnerID: r.ID, Name: r.Name, Phone: r.Phone, Cash: kernel.AmountOfThousandths(r.CashMilli),
		Spent: kernel.AmountOfThousandths(r.SpentMilli), InCategories: r.InCategories}
	if r.CategoryNames != nil {
		v.CategoryNames = *r.CategoryNames
	}
	if r.City != nil {
		v.City = *r.City
	}
	return v
}

// partnerCategoryNames are a partner's category names (and their folded form for sorting) in
// each engine's aggregate, for the partner column given.
func partnerCategoryNames(sqlite bool, partner string) (names, sortKey string) {
	if sqlite {
		return `(SELECT group_concat(name, ', ') FROM (SELECT c.name FROM partner_categories AS pc
			JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = ` + partner + ` ORDER BY c.name_fold) AS c)`,
			`(SELECT group_concat(name_fold, ', ') FROM (SELECT c.name_fold FROM partner_categories AS pc
			JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = ` + partner + ` ORDER BY c.name_fold) AS c)`
	}
	return `(SELECT string_agg(c.name, ', ' ORDER BY c.name_fold) FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = ` + partner + `)`,
		`(SELECT string_agg(c.name_fold, ', ' ORDER BY c.name_fold) FROM partner_categories AS pc
		JOIN categories AS c ON c.id = pc.category_id WHERE pc.partner_id = ` + partner + `)`
}

// campaignPartnerSpec is the partners of a campaign (scope "campaign_id"): its key pages by
// partner id and counts from the index alone; names, phones, cities and categories are read
// for the page's rows, and the name and phone filters look the partners up by their own
// columns.
func campaignPartnerSpec(sqlite bool) ListSpec {
	names, sortKey := partnerCategoryNames(sqlite, "cp.partner_id")
	return ListSpec{
		Fields: map[string]Field{
			"id":    number("cp.partner_id", 1),
			"name":  linkedPartner("cp.partner_id", "name"),
			"phone": linkedPartner("cp.partner_id", "phone"),
			"city": linked("", "ct.name_fold",
				"cp.partner_id IN (SELECT pn.id FROM partners AS pn JOIN cities AS ct ON ct.id = pn.city_id WHERE %s)"),
			"category_names": linked(sortKey, "c.name_fold",
				"cp.partner_id IN (SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id IN (SELECT c.id FROM categories AS c WHERE %s))").nullable(),
			"cash": number("cp.cash_milli", 1000),
		},
		DefaultSort: "id",
		IDExpr:      "cp.partner_id",
		ActiveExpr:  "(SELECT pa.is_active FROM partners AS pa WHERE pa.id = cp.partner_id)",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("campaign_partners AS cp").Join("JOIN partners AS p ON p.id = cp.partner_id")
		},
		CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("campaign_partners AS cp") },
		Columns: "cp.partner_id AS id, p.name, p.phone, " + names + " AS category_names, " +
			"(SELECT ct.name FROM cities AS ct WHERE ct.id = p.city_id) AS city, cp.cash_milli, cp.spent_milli, " +
			"EXISTS (SELECT 1 FROM partner_categories AS pc JOIN campaign_categories AS cc ON cc.category_id = pc.category_id " +
			"AND cc.campaign_id = cp.campaign_id WHERE pc.partner_id = cp.partner_id) AS in_categories",
		Scopes: map[string]string{"campaign_id": "cp.campaign_id"},
		ScopeTotals: &ScopeTotals{Scope: "campaign_id", Table: "campaign_totals", Key: "campaign_id", Count: "partners",
			Sums: map[string]string{cashSum: "cash_milli"}},
	}
}

// The sums of the tabs' totals, as campaign_totals keeps them for a whole campaign.
const (
	cashSum      = "cp.cash_milli"
	orderedSum   = "ci.price_milli * ci.quantity"
	deliveredSum = "CASE WHEN ci.delivered THEN ci.price_milli * ci.quantity ELSE 0 END"
)

type campaignPartners struct {
	*Lister[campaignPartnerViewRow, campaignports.PartnerView]
}

// ListWithCash answers a page of a campaign's partners and the cash of every row q matches.
func (l campaignPartners) ListWithCash(ctx context.Context, q ports.ListQuery) (ports.Page[campaignports.PartnerView], kernel.Amount, error) {
	page, sums, err := l.ListWithSums(ctx, q, cashSum)
	if err != nil {
		return page, kernel.Amount{}, err
	}
	return page, kernel.AmountOfThousandths(sums[0]), nil
}

type cartItemViewRow struct {
	ID         int64     `bun:"id"`
	CreatedAt  time.Time `bun:"created_at"`
	PartnerID  int64     `bun:"partner_id"`
	Name       string    `bun:"name"`
	Phone      string    `bun:"phone"`
	ProductID  int64     `bun:"product_id"`
	Product    string    `bun:"product"`
	PriceMilli int64     `bun:"price_milli"`
	Quantity   int64     `bun:"quantity"`
	Delivered  bool      `bun:"delivered"`
	totalRow
}

func (r *cartItemViewRow) view() campaignports.CartItemView {
	return campaignports.CartItemView{ID: r.ID, CreatedAt: r.CreatedAt, PartnerID: r.PartnerID, Name: r.Name, Phone: r.Phone,
		ProductID: r.ProductID, Product: r.Product, Price: kernel.AmountOfThousandths(r.PriceMilli), Quantity: r.Quantity,
		Delivered: r.Delivered}
}

// cartSpec is the cart of a campaign (scope "campaign_id"), newest first unless asked
// otherwise; the partner's and the product's names are read for the page's rows. The
// product is looked up, not joined, so that a page narrowed by a partner filter sorts and
// sums its matches from the cart_items_partner index and the partners alone.
func cartSpec(sqlite bool) ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":         number("ci.id", 1),
			"created_at": sortOnly("ci.created_at"),
			"partner_id": {Number: "ci.partner_id", Scale: 1},
			"name":       linkedPartner("ci.partner_id", "name"),
			"phone":      linkedPartner("ci.partner_id", "phone"),
			"product": linked("(SELECT pr.name_fold FROM products AS pr WHERE pr.id = ci.product_id)", "prd.name_fold",
				"ci.product_id IN (SELECT prd.id FROM products AS prd WHERE %s)"),
			"price":     number("ci.price_milli", 1000),
			"quantity":  number("ci.quantity", 1),
			"is_active": flag("ci.delivered", "ci.delivered = TRUE"),
		},
		DefaultSort: "id",
		IDExpr:      "ci.id",
		ActiveExpr:  "ci.delivered",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("cart_items AS ci").Join("JOIN partners AS p ON p.id = ci.partner_id")
		},
		CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("cart_items AS ci") },
		Columns: "ci.id, ci.created_at, ci.partner_id, p.name, p.phone, ci.product_id, " +
			"(SELECT pr.name FROM products AS pr WHERE pr.id = ci.product_id) AS product, ci.price_milli, " +
			"ci.quantity, ci.delivered",
		Scopes: map[string]string{"campaign_id": "ci.campaign_id"},
		ScopeTotals: &ScopeTotals{Scope: "campaign_id", Table: "campaign_totals", Key: "campaign_id", Count: "items",
			Sums: map[string]string{orderedSum: "ordered_milli", deliveredSum: "delivered_milli"}},
	}
}

type cartItems struct {
	*Lister[cartItemViewRow, campaignports.CartItemView]
}

// ListWithTotals answers a page of a campaign's cart and the worth of every row q matches,
// and of the delivered among them.
func (l cartItems) ListWithTotals(ctx context.Context, q ports.ListQuery) (ports.Page[campaignports.CartItemView], campaignports.CartTotals, error) {
	page, sums, err := l.ListWithSums(ctx, q, orderedSum, deliveredSum)
	if err != nil {
		return page, campaignports.CartTotals{}, err
	}
	return page, campaignports.CartTotals{Ordered: kernel.AmountOfThousandths(sums[0]), Delivered: kernel.AmountOfThousandths(sums[1])}, nil
}

type campaignProductViewRow struct {
	ID         int64  `bun:"id"`
	Name       string `bun:"name"`
	Image      string `bun:"image"`
	PriceMilli int64  `bun:"price_milli"`
	IsActive   bool   `bun:"is_active"`
	totalRow
}

func (r *campaignProductViewRow) view() campaignports.ProductView {
	return campaignports.ProductView{ProductID: r.ID, Name: r.Name, Image: r.Image, Price: kernel.AmountOfThousandths(r.PriceMilli), IsActive: r.IsActive}
}

// campaignProductSpec is the products of a campaign (scope "campaign_id").
func campaignProductSpec() ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":    number("cpr.product_id", 1),
			"name":  text("pr.name_fold").joined(),
			"price": number("pr.price_milli", 1000),
		},
		DefaultSort: "name",
		IDExpr:      "cpr.product_id",
		ActiveExpr:  "pr.is_active",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("campaign_products AS cpr").Join("JOIN products AS pr ON pr.id = cpr.product_id")
		},
		Columns: "cpr.product_id AS id, pr.name, pr.image, pr.price_milli, pr.is_active",
		Scopes:  map[string]string{"campaign_id": "cpr.campaign_id"},
	}
}

type campaignCategoryViewRow struct {
	ID   int64  `bun:"id"`
	Name string `bun:"name"`
	totalRow
}

// campaignCategorySpec is the categories of a campaign (scope "campaign_id").
func campaignCategorySpec() ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":   number("cc.category_id", 1),
			"name": text("c.name_fold").joined(),
		},
		DefaultSort: "name",
		IDExpr:      "cc.category_id",
		ActiveExpr:  "c.is_active",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("campaign_categories AS cc").Join("JOIN categories AS c ON c.id = cc.category_id")
		},
		Columns: "cc.category_id AS id, c.name",
		Scopes:  map[string]string{"campaign_id": "cc.campaign_id"},
	}
}

// NewCampaignLists returns the campaign context's list screens; partners, the process's
// partner index, finds the partners their name and phone filters match.
func NewCampaignLists(db *bun.DB, partners *PartnerIndex) campaignports.Lists {
	sqlite := IsSQLite(db)
	return campaignports.Lists{
		Campaigns: NewLister(db, campaignSpec(), "campaigns", "campaign", (*campaignViewRow).view),
		Partners:  campaignPartners{NewLister(db, campaignPartnerSpec(sqlite), "campaign_partners", "partner", (*campaignPartnerViewRow).view).withPartners(partners)},
		Cart:      cartItems{NewLister(db, cartSpec(sqlite), "cart_items", "cart item", (*cartItemViewRow).view).withPartners(partners)},
		Products:  NewLister(db, campaignProductSpec(), "campaign_products", "product", (*campaignProductViewRow).view),
		Categories: NewLister(db, campaignCategorySpec(), "campaign_categories", "category", func(r *campaignCategoryViewRow) campaignports.Ref {
			return campaignports.Ref{ID: r.ID, Name: r.Name}
		}),
	}
}

// CampaignApp reads campaigns as a partner's app shows them.
type CampaignApp struct{ db *bun.DB }

// NewCampaignApp returns the app's read of campaigns over db.
func NewCampaignApp(db *bun.DB) *CampaignApp { return &CampaignApp{db: db} }

var _ campaignports.AppReads = (*CampaignApp)(nil)

// Campaigns lists the open campaigns that hold the partner, from the partner's index.
func (a *CampaignApp) Campaigns(ctx context.Context, partnerID, campaignID kernel.ID) ([]campaignports.PartnerCampaignView, error) {
	var rows []struct {
		ID          int64  `bun:"id"`
		Name        string `bun:"name"`
		Description string `bun:"description"`
		Image       string `bun:"image"`
		CashMilli   int64  `bun:"cash_milli"`
		SpentMilli  int64  `bun:"spent_milli"`
	}
	q := conn(ctx, a.db).NewSelect().TableExpr("campaign_partners AS cp").Join("JOIN campaigns AS cm ON cm.id = cp.campaign_id").
		ColumnExpr("cm.id, cm.name, cm.description, cm.image, cp.cash_milli, cp.spent_milli").
		Where("cp.partner_id = ?", int64(partnerID)).Where("cm.is_active = ?", true).Where("cm.is_visible = ?", true).
		OrderExpr("cm.id DESC")
	if campaignID != 0 {
		q = q.Where("cm.id = ?", int64(campaignID))
	}
	if err := q.Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]campaignports.PartnerCampaignView, 0, len(rows))
	for _, r := range rows {
		out = append(out, campaignports.PartnerCampaignView{ID: r.ID, Name: r.Name, Description: r.Description, Image: r.Image,
			Cash: kernel.AmountOfThousandths(r.CashMilli), Spent: kernel.AmountOfThousandths(r.SpentMilli),
			Remaining: kernel.AmountOfThousandths(max(r.CashMilli-r.SpentMilli, 0))})
	}
	return out, nil
}

// Products lists the campaign's active products by name.
func (a *CampaignApp) Products(ctx context.Context, campaignID kernel.ID) ([]campaignports.ProductView, error) {
	var rows []campaignProductViewRow
	if err := conn(ctx, a.db).NewSelect().TableExpr("campaign_products AS cpr").Join("JOIN products AS pr ON pr.id = cpr.product_id").
		ColumnExpr("cpr.product_id AS id, pr.name, pr.image, pr.price_milli, pr.is_active").
		Where("cpr.campaign_id = ?", int64(campaignID)).Where("pr.is_active = ?", true).OrderExpr("pr.name_fold, pr.id").
		Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]campaignports.ProductView, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].view())
	}
	return out, nil
}

// Cart lists the partner's items in the campaign, newest first.
func (a *CampaignApp) Cart(ctx context.Context, campaignID, partnerID kernel.ID) ([]campaignports.CartItemView, error) {
	var rows []cartItemViewRow
	if err := cartSpec(IsSQLite(a.db)).From(conn(ctx, a.db)).ColumnExpr(cartSpec(IsSQLite(a.db)).Columns).Where("ci.campaign_id = ?", int64(campaignID)).
		Where("ci.partner_id = ?", int64(partnerID)).OrderExpr("ci.id DESC").Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	out := make([]campaignports.CartItemView, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].view())
	}
	return out, nil
}

// Offer reads whether the campaign holds the product, and the product's state and price.
func (a *CampaignApp) Offer(ctx context.Context, campaignID, productID kernel.ID) (campaign.Offer, error) {
	var row struct {
		PriceMilli int64 `bun:"price_milli"`
		IsActive   bool  `bun:"is_active"`
	}
	err := conn(ctx, a.db).NewSelect().TableExpr("campaign_products AS cpr").Join("JOIN products AS pr ON pr.id = cpr.product_id").
		ColumnExpr("pr.price_milli, pr.is_active").Where("cpr.campaign_id = ?", int64(campaignID)).Where("cpr.product_id = ?", int64(productID)).
		Scan(ctx, &row.PriceMilli, &row.IsActive)
	if errors.Is(err, sql.ErrNoRows) {
		return campaign.Offer{}, nil
	}
	if err != nil {
		return campaign.Offer{}, err
	}
	return campaign.Offer{InCampaign: true, Active: row.IsActive, Price: kernel.AmountOfThousandths(row.PriceMilli)}, nil
}
