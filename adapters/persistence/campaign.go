package persistence

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
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
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		db := conn(ctx, s.db)
		row := toCampaignRow(c.State())
		if _, err := db.NewInsert().Model(row).ExcludeColumn("id", "version").Returning("id").Exec(ctx, &row.ID); err != nil {
			return err
		}
		c.AssignID(kernel.ID(row.ID))
		return recordRowChange(ctx, "campaigns", kernel.ID(row.ID), nil, rowSnapshot(db, row), true)
	})
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

// memberRow is a partner of a campaign as the composition loads it.
type memberRow struct {
	PartnerID  int64 `bun:"partner_id"`
	CashMilli  int64 `bun:"cash_milli"`
	SpentMilli int64 `bun:"spent_milli"`
	HasCart    bool  `bun:"has_cart"`
}

// loadComposition reads the campaign's links and what of them its cart refers to.
func loadComposition(ctx context.Context, c bun.IDB, row *campaignRow) (campaign.CompositionState, error) {
	id := kernel.ID(row.ID)
	st := campaign.CompositionState{Campaign: row.campaign().State()}
	var err error
	if st.Categories, err = linkedIDs(ctx, c, "campaign_categories", "category_id", id); err != nil {
		return st, err
	}
	if st.Products, err = linkedIDs(ctx, c, "campaign_products", "product_id", id); err != nil {
		return st, err
	}
	var withCart []int64
	if err := c.NewSelect().TableExpr("campaign_products AS cpr").Column("cpr.product_id").Where("cpr.campaign_id = ?", row.ID).
		Where("EXISTS (SELECT 1 FROM cart_items AS ci WHERE ci.campaign_id = cpr.campaign_id AND ci.product_id = cpr.product_id)").
		OrderExpr("cpr.product_id").Scan(ctx, &withCart); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, err
	}
	for _, p := range withCart {
		st.ProductsWithCart = append(st.ProductsWithCart, kernel.ID(p))
	}
	// campaign_totals keeps the campaign's partner count (folded rows, summed): the state is
	// made once at its size.
	var n int64
	if err := c.NewSelect().TableExpr("campaign_totals").ColumnExpr("coalesce(sum(partners), 0)").Where("campaign_id = ?", row.ID).
		Scan(ctx, &n); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, err
	}
	st.Partners = make([]campaign.MemberState, 0, max(n, 0))
	// A partner whose cart is worth something has items; one worth nothing may still hold
	// items of free products, the only ones looked up in the cart.
	var free []int64
	if err := c.NewSelect().TableExpr("cart_items").ColumnExpr("DISTINCT partner_id").Where("campaign_id = ?", row.ID).
		Where("price_milli = 0").Scan(ctx, &free); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return st, err
	}
	withFree := make(map[int64]bool, len(free))
	for _, p := range free {
		withFree[p] = true
	}
	// The partners are read row by row straight into their state: a campaign may hold
	// 100,000 of them, and the composition keeps them once.
	rows, err := c.NewSelect().TableExpr("campaign_partners AS cp").Column("cp.partner_id", "cp.cash_milli", "cp.spent_milli").
		Where("cp.campaign_id = ?", row.ID).OrderExpr("cp.partner_id").Rows(ctx)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	for rows.Next() {
		var m memberRow
		if err := rows.Scan(&m.PartnerID, &m.CashMilli, &m.SpentMilli); err != nil {
			return st, err
		}
		m.HasCart = m.SpentMilli > 0 || withFree[m.PartnerID]
		st.Partners = append(st.Partners, campaign.MemberState{PartnerID: kernel.ID(m.PartnerID), Cash: kernel.AmountOfThousandths(m.CashMilli),
			Spent: kernel.AmountOfThousandths(m.SpentMilli), HasCart: m.HasCart})
	}
	if err := rows.Err(); err != nil {
		return st, err
	}
	return st, nil
}

// Update loads the campaign under its lock with its whole composition, lets fn change it,
// takes the turns of the partners whose cash went down (their spent read again and the cash
// rule checked with it) and saves what changed (ADR 0027).
func (s *CampaignStore) Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*campaign.Composition) error) (*campaign.Composition, error) {
	var out *campaign.Composition
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row, err := s.load(ctx, c, id, true)
		if err != nil {
			return err
		}
		check := versionCheck{expected}
		if err := check.loaded(row); err != nil {
			return err
		}
		loaded, err := loadComposition(ctx, c, row)
		if err != nil {
			return err
		}
		comp, before := campaign.RehydrateComposition(loaded), loaded.Campaign
		loaded = campaign.CompositionState{} // the composition holds what it needs
		if err := fn(comp); err != nil {
			return err
		}
		if lowered := comp.Lowered(); len(lowered) > 0 {
			spent, err := s.spentInTurn(ctx, c, id, lowered)
			if err != nil {
				return err
			}
			if err := comp.Recheck(spent); err != nil {
				return err
			}
		}
		if after := comp.Campaign().State(); after != before {
			if err := check.save(ctx, c.NewUpdate().Model(toCampaignRow(after)).WherePK().ExcludeColumn("id", "created_at")); err != nil {
				return err
			}
			// The campaign's own fields; its links and cash are recordComposition's.
			if err := recordRowChange(ctx, "campaigns", id, rowSnapshot(c, toCampaignRow(before)), rowSnapshot(c, toCampaignRow(after)), false); err != nil {
				return err
			}
		}
		changes := comp.Changes()
		if err := s.saveComposition(ctx, c, id, changes); err != nil {
			return err
		}
		recordComposition(ctx, id, changes)
		out = comp
		return nil
	})
	return out, err
}

// spentInTurn holds the rows of the campaign's partners ids until the transaction ends (FOR
// UPDATE on PostgreSQL) and reads what their carts are worth.
func (s *CampaignStore) spentInTurn(ctx context.Context, c bun.IDB, id kernel.ID, ids []kernel.ID) (map[kernel.ID]kernel.Amount, error) {
	out := make(map[kernel.ID]kernel.Amount, len(ids))
	err := inChunks(ids, func(part []kernel.ID) error {
		var rows []campaignPartnerRow
		q := c.NewSelect().Model(&rows).Where("campaign_id = ?", int64(id)).Where("partner_id IN (?)", bun.List(rawIDs(part))).OrderExpr("partner_id")
		if !IsSQLite(s.db) {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		for _, r := range rows {
			out[kernel.ID(r.PartnerID)] = kernel.AmountOfThousandths(r.SpentMilli)
		}
		return nil
	})
	return out, err
}

// saveComposition writes what the change did to the links (Composition.Changes).
func (s *CampaignStore) saveComposition(ctx context.Context, c bun.IDB, id kernel.ID, ch campaign.Changes) error {
	if err := cartRefusal(unlink(ctx, c, "campaign_partners", "partner_id", id, ch.Removed)); err != nil {
		return err
	}
	if err := cartRefusal(unlink(ctx, c, "campaign_products", "product_id", id, ch.RemovedProducts)); err != nil {
		return err
	}
	if err := unlink(ctx, c, "campaign_categories", "category_id", id, ch.RemovedCategories); err != nil {
		return err
	}
	if err := inChunks(ch.AddedCategories, func(part []kernel.ID) error {
		rows := make([]campaignCategoryRow, len(part))
		for i, cat := range part {
			rows[i] = campaignCategoryRow{CampaignID: int64(id), CategoryID: int64(cat)}
		}
		_, err := c.NewInsert().Model(&rows).Exec(ctx)
		return err
	}); err != nil {
		return err
	}
	if err := inChunks(ch.AddedProducts, func(part []kernel.ID) error {
		rows := make([]campaignProductRow, len(part))
		for i, p := range part {
			rows[i] = campaignProductRow{CampaignID: int64(id), ProductID: int64(p)}
		}
		_, err := c.NewInsert().Model(&rows).Exec(ctx)
		return err
	}); err != nil {
		return err
	}
	return inChunks(ch.Put, func(part []campaign.PartnerCash) error {
		rows := make([]campaignPartnerRow, len(part))
		for i, p := range part {
			rows[i] = campaignPartnerRow{CampaignID: int64(id), PartnerID: int64(p.PartnerID()), CashMilli: p.Cash().Thousandths()}
		}
		_, err := c.NewInsert().Model(&rows).ExcludeColumn("spent_milli").
			On("CONFLICT (campaign_id, partner_id) DO UPDATE").Set("cash_milli = EXCLUDED.cash_milli").Exec(ctx)
		return err
	})
}

// The audited resources of a campaign's links (ADR 0031): each event's record is the linked
// record, its parent the campaign.
const (
	campaignsResource          = "campaigns"
	campaignCategoriesResource = "campaign_categories"
	campaignProductsResource   = "campaign_products"
	campaignPartnersResource   = "campaign_partners"
	cartItemsResource          = "cart_items"
)

// recordComposition records what a change of a campaign's composition did to its links, one
// event per record: a category, product or partner linked or unlinked (link, unlink; a
// partner with its cash), a held partner's cash changed (cash, from → to). A partner's
// events carry it for its timeline.
func recordComposition(ctx context.Context, id kernel.ID, ch campaign.Changes) {
	parent := audit.Ref{Resource: campaignsResource, ID: id}
	ids := func(resource, field string, added, removed []kernel.ID) {
		for _, x := range removed {
			recordEvent(ctx, linkEvent(resource, x, parent, 0, audit.ActionUnlink, audit.Snapshot{}.ID(field, x), nil))
		}
		for _, x := range added {
			recordEvent(ctx, linkEvent(resource, x, parent, 0, audit.ActionLink, nil, audit.Snapshot{}.ID(field, x)))
		}
	}
	ids(campaignCategoriesResource, "category_id", ch.AddedCategories, ch.RemovedCategories)
	ids(campaignProductsResource, "product_id", ch.AddedProducts, ch.RemovedProducts)
	member := func(p kernel.ID, cash kernel.Amount) audit.Snapshot {
		return audit.Snapshot{}.ID("partner_id", p).Amount("cash", cash)
	}
	for _, p := range ch.Removed {
		if was, held := ch.Was[p]; held { // one put in and taken out by the same change was never linked
			recordEvent(ctx, linkEvent(campaignPartnersResource, p, parent, p, audit.ActionUnlink, member(p, was), nil))
		}
	}
	for _, p := range ch.Put {
		was, held := ch.Was[p.PartnerID()]
		switch {
		case !held:
			recordEvent(ctx, linkEvent(campaignPartnersResource, p.PartnerID(), parent, p.PartnerID(), audit.ActionLink, nil, member(p.PartnerID(), p.Cash())))
		case was != p.Cash():
			recordEvent(ctx, linkEvent(campaignPartnersResource, p.PartnerID(), parent, p.PartnerID(), audit.ActionCash,
				audit.Snapshot{}.Amount("cash", was), audit.Snapshot{}.Amount("cash", p.Cash())))
		}
	}
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

func unlink(ctx context.Context, c bun.IDB, table, column string, id kernel.ID, ids []kernel.ID) error {
	return inChunks(ids, func(part []kernel.ID) error {
		_, err := c.NewDelete().TableExpr(table).Where("campaign_id = ?", int64(id)).
			Where(column+" IN (?)", bun.List(rawIDs(part))).Exec(ctx)
		return err
	})
}

// cartRefusal is campaign.ErrHasCart for a link a cart item references: a product or a
// partner whose first order committed after the composition was loaded (PostgreSQL, ADR
// 0019) is 435, never a bare constraint failure.
func cartRefusal(err error) error {
	if isForeignKeyViolation(err) {
		return campaign.ErrHasCart
	}
	return err
}

func (r *cartItemRow) item() campaign.Item {
	return campaign.RehydrateItem(campaign.ItemState{ID: kernel.ID(r.ID), CampaignID: kernel.ID(r.CampaignID), PartnerID: kernel.ID(r.PartnerID),
		ProductID: kernel.ID(r.ProductID), Price: kernel.AmountOfThousandths(r.PriceMilli), Quantity: r.Quantity,
		Delivered: r.Delivered, CreatedAt: r.CreatedAt})
}

// WithPartnerTurn holds the partner's row of the campaign, loads its standing, lets fn change
// it and saves what changed.
func (s *CampaignStore) WithPartnerTurn(ctx context.Context, campaignID, partnerID kernel.ID, fn func(*campaign.Standing) error) (*campaign.Standing, error) {
	var out *campaign.Standing
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		row, err := s.load(ctx, c, campaignID, false)
		if err != nil {
			return err
		}
		pr := new(campaignPartnerRow)
		q := c.NewSelect().Model(pr).Where("campaign_id = ?", int64(campaignID)).Where("partner_id = ?", int64(partnerID))
		if !IsSQLite(s.db) {
			q = q.For("UPDATE")
		}
		if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return campaign.ErrNotHeld
		} else if err != nil {
			return err
		}
		var items []cartItemRow
		if err := c.NewSelect().Model(&items).Where("ci.campaign_id = ?", int64(campaignID)).Where("ci.partner_id = ?", int64(partnerID)).
			OrderExpr("ci.id DESC").Scan(ctx); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		before := campaign.StandingState{Campaign: row.campaign().State(), PartnerID: partnerID,
			Money: campaign.Money{Cash: kernel.AmountOfThousandths(pr.CashMilli), Spent: kernel.AmountOfThousandths(pr.SpentMilli)},
			Items: make([]campaign.ItemState, len(items))}
		for i := range items {
			before.Items[i] = items[i].item().State()
		}
		st := campaign.RehydrateStanding(before)
		if err := fn(st); err != nil {
			return err
		}
		if err := s.saveStanding(ctx, c, st, before); err != nil {
			return err
		}
		out = st
		return nil
	})
	return out, err
}

// saveStanding writes what changed of a standing: items withdrawn, toggled and ordered (their
// ids assigned), then the cash and spent.
func (s *CampaignStore) saveStanding(ctx context.Context, c bun.IDB, st *campaign.Standing, before campaign.StandingState) error {
	after := st.State()
	now := make(map[kernel.ID]campaign.ItemState, len(after.Items))
	for _, it := range after.Items {
		if it.ID != 0 {
			now[it.ID] = it
		}
	}
	for _, it := range before.Items {
		cur, ok := now[it.ID]
		switch {
		case !ok:
			res, err := c.NewDelete().TableExpr("cart_items").Where("id = ?", int64(it.ID)).Exec(ctx)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err == nil && n == 0 {
				return kernel.NotFound("cart item")
			}
		case cur.Delivered != it.Delivered:
			if _, err := c.NewUpdate().TableExpr("cart_items").Set("delivered = ?", cur.Delivered).Where("id = ?", int64(it.ID)).Exec(ctx); err != nil {
				return err
			}
		}
	}
	var ids []kernel.ID
	for i := len(after.Items) - 1; i >= 0; i-- { // oldest first, so ids follow the order
		it := after.Items[i]
		if it.ID != 0 {
			continue
		}
		row := &cartItemRow{CampaignID: int64(it.CampaignID), PartnerID: int64(it.PartnerID), ProductID: int64(it.ProductID),
			PriceMilli: it.Price.Thousandths(), Quantity: it.Quantity, Delivered: it.Delivered, CreatedAt: it.CreatedAt.UTC()}
		if _, err := c.NewInsert().Model(row).ExcludeColumn("id").Returning("id").Exec(ctx, &row.ID); err != nil {
			if isForeignKeyViolation(err) {
				// The product left the campaign while the order was placed (PostgreSQL).
				return campaign.ErrProductOutside
			}
			return err
		}
		ids = append(ids, kernel.ID(row.ID))
	}
	slices.Reverse(ids)
	st.AssignItemIDs(ids)
	recordStanding(ctx, before, st.State())
	if after.Money == before.Money {
		return nil
	}
	// spent moves by the difference, so a write that keeps it outside this turn stays counted.
	delta := after.Money.Spent.Thousandths() - before.Money.Spent.Thousandths()
	_, err := c.NewUpdate().TableExpr("campaign_partners").Set("cash_milli = ?", after.Money.Cash.Thousandths()).
		Set("spent_milli = spent_milli + ?", delta).
		Where("campaign_id = ?", int64(after.Campaign.ID)).Where("partner_id = ?", int64(after.PartnerID)).Exec(ctx)
	return err
}

// itemSnapshot is what a cart line's events show of it: the product, quantity, price and
// value (price × quantity), exact.
func itemSnapshot(it campaign.ItemState) audit.Snapshot {
	s := audit.Snapshot{}.ID("product_id", it.ProductID).Int("quantity", it.Quantity).Amount("price", it.Price)
	if v, err := campaign.RehydrateItem(it).Value(); err == nil {
		s.Amount("value", v)
	}
	return s
}

// recordStanding records what a turn of a partner in a campaign did, one event per line on
// the partner's timeline (record the cart item, parent the campaign): an item ordered
// (order), withdrawn (withdraw), delivered or undelivered (deliver, undeliver: the item's
// product, quantity, price and value beside the flag, unchanged), and the partner's cash set
// (cash, from → to).
func recordStanding(ctx context.Context, before, after campaign.StandingState) {
	parent := audit.Ref{Resource: campaignsResource, ID: after.Campaign.ID}
	partner := after.PartnerID
	now := make(map[kernel.ID]campaign.ItemState, len(after.Items))
	for _, it := range after.Items {
		now[it.ID] = it
	}
	for _, it := range before.Items {
		cur, ok := now[it.ID]
		switch {
		case !ok:
			recordEvent(ctx, linkEvent(cartItemsResource, it.ID, parent, partner, audit.ActionWithdraw, itemSnapshot(it), nil))
		case cur.Delivered != it.Delivered:
			action := audit.ActionDeliver
			if !cur.Delivered {
				action = audit.ActionUndeliver
			}
			e := linkEvent(cartItemsResource, it.ID, parent, partner, action,
				audit.Snapshot{}.Bool("delivered", it.Delivered), audit.Snapshot{}.Bool("delivered", cur.Delivered))
			for _, f := range []string{"price", "product_id", "quantity", "value"} {
				if v, ok := itemSnapshot(cur)[f]; ok {
					e.Changes = append(e.Changes, unchanged(f, v))
				}
			}
			recordEvent(ctx, e)
		}
	}
	held := make(map[kernel.ID]bool, len(before.Items))
	for _, it := range before.Items {
		held[it.ID] = true
	}
	for i := len(after.Items) - 1; i >= 0; i-- { // oldest first, as they were saved
		if it := after.Items[i]; !held[it.ID] {
			recordEvent(ctx, linkEvent(cartItemsResource, it.ID, parent, partner, audit.ActionOrder, nil, itemSnapshot(it)))
		}
	}
	if after.Money.Cash != before.Money.Cash {
		recordEvent(ctx, linkEvent(campaignPartnersResource, partner, parent, partner, audit.ActionCash,
			audit.Snapshot{}.Amount("cash", before.Money.Cash), audit.Snapshot{}.Amount("cash", after.Money.Cash)))
	}
}

// Item reads a cart item.
func (s *CampaignStore) Item(ctx context.Context, itemID kernel.ID) (campaign.Item, error) {
	row := new(cartItemRow)
	if err := conn(ctx, s.db).NewSelect().Model(row).Where("ci.id = ?", int64(itemID)).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return campaign.Item{}, kernel.NotFound("cart item")
	} else if err != nil {
		return campaign.Item{}, err
	}
	return row.item(), nil
}
