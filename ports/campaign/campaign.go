// Package campaignports declares what the campaign context needs from the outside world: its
// repository, its list screens, the partners' app's reads and the narrow ports through which
// it asks the partner context and the catalog. Import it as campaignports.
package campaignports

import (
	"context"
	"time"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Repository loads and saves the campaign context's two aggregates whole (ADR 0027): a
// campaign with its composition, and a partner's standing in a campaign. Every method takes
// part in the transaction of ctx (ports.TxManager) and opens one when there is none.
type Repository interface {
	// Add stores a new campaign, holding nothing yet, and assigns its id.
	Add(ctx context.Context, c *campaign.Campaign) error
	// Get reads a campaign record; a missing one is kernel.KindNotFound.
	Get(ctx context.Context, id kernel.ID) (*campaign.Campaign, error)
	// Update loads the campaign with its whole composition under the campaign's lock (so
	// that changes of one campaign take turns), applies fn and saves what fn changed: the
	// record at its next version when it changed, and the links that came, went or changed.
	// The rows of partners whose cash fn lowered are taken in turn (as WithPartnerTurn) and
	// the composition's Recheck runs with what their carts are worth then. A campaign no
	// longer at expected (kernel.AnyVersion skips the check) is kernel.ErrStale, a missing
	// one kernel.KindNotFound; an error of fn saves nothing.
	Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*campaign.Composition) error) (*campaign.Composition, error)
	// WithPartnerTurn holds the partner's row of the campaign until the transaction ends
	// (FOR UPDATE on PostgreSQL; SQLite's writers take turns anyway), loads its standing
	// (the campaign record, its cash, spent and cart), applies fn and saves what fn changed:
	// the cash, items ordered (their ids assigned), withdrawn and toggled. A missing campaign
	// is kernel.KindNotFound ("campaign"); a partner the campaign does not hold is
	// campaign.ErrNotHeld.
	WithPartnerTurn(ctx context.Context, campaignID, partnerID kernel.ID, fn func(*campaign.Standing) error) (*campaign.Standing, error)
	// Item reads a cart item (to find whose turn a change of it takes); a missing one is
	// kernel.KindNotFound.
	Item(ctx context.Context, itemID kernel.ID) (campaign.Item, error)
}

// Ref is an id and a name.
type Ref struct {
	ID   int64
	Name string
}

// CampaignView is a campaign as the panel's list shows it.
type CampaignView struct {
	ID          int64
	Name        string
	Description string
	Image       string
	IsVisible   bool
	IsActive    bool
	UpdatedAt   time.Time
	Version     kernel.Version
}

// PartnerView is a partner of a campaign with its cash there.
type PartnerView struct {
	PartnerID     int64
	Name          string
	Phone         string
	CategoryNames string
	City          string
	Cash          kernel.Amount
	Spent         kernel.Amount
	// InCategories is false for a partner whose own categories changed since it was added
	// and share none with the campaign's any more (ADR 0019): it stays until staff act.
	InCategories bool
}

// CartItemView is a cart item as the Cart tab shows it; Delivered is the spec's is_active.
type CartItemView struct {
	ID        int64
	CreatedAt time.Time
	PartnerID int64
	Name      string
	Phone     string
	ProductID int64
	Product   string
	Price     kernel.Amount
	Quantity  int64
	Delivered bool
}

// ProductView is a product of a campaign.
type ProductView struct {
	ProductID int64
	Name      string
	Image     string
	Price     kernel.Amount
	IsActive  bool
}

// PartnerLister is the partners of campaigns (scope "campaign_id"); ListWithCash answers a
// page with the total cash of every row the query matches.
type PartnerLister interface {
	ports.Lister[PartnerView]
	ListWithCash(ctx context.Context, q ports.ListQuery) (ports.Page[PartnerView], kernel.Amount, error)
}

// CartTotals are the worth of the cart items a query matches: all of them, and the delivered.
type CartTotals struct {
	Ordered   kernel.Amount
	Delivered kernel.Amount
}

// CartLister is the cart items of campaigns (scope "campaign_id"); ListWithTotals answers a
// page with the totals of every row the query matches.
type CartLister interface {
	ports.Lister[CartItemView]
	ListWithTotals(ctx context.Context, q ports.ListQuery) (ports.Page[CartItemView], CartTotals, error)
}

// Lists are the campaign context's list screens; all but Campaigns must be scoped to one
// campaign ("campaign_id").
type Lists struct {
	Campaigns  ports.Lister[CampaignView]
	Partners   PartnerLister
	Cart       CartLister
	Products   ports.Lister[ProductView]
	Categories ports.Lister[Ref]
}

// PartnerCampaignView is a campaign as a partner's app shows it, with the partner's cash, the
// worth of its cart and what remains.
type PartnerCampaignView struct {
	ID          int64
	Name        string
	Description string
	Image       string
	Cash        kernel.Amount
	Spent       kernel.Amount
	Remaining   kernel.Amount
}

// AppReads are the partner app's reads of campaigns.
type AppReads interface {
	// Campaigns lists the open (active, visible) campaigns that hold the partner, newest
	// first; with campaignID not 0, only that one.
	Campaigns(ctx context.Context, partnerID, campaignID kernel.ID) ([]PartnerCampaignView, error)
	// Products lists the campaign's active products by name.
	Products(ctx context.Context, campaignID kernel.ID) ([]ProductView, error)
	// Cart lists the partner's cart items in the campaign, newest first.
	Cart(ctx context.Context, campaignID, partnerID kernel.ID) ([]CartItemView, error)
	// Offer is a product as an order in the campaign sees it: whether the campaign holds it,
	// whether it is active and its price now.
	Offer(ctx context.Context, campaignID, productID kernel.ID) (campaign.Offer, error)
}

// Partners is what the campaign context asks the partner context: partners' own categories.
type Partners interface {
	// CategoriesOf maps each of ids that names a partner to its categories (unknown ids are
	// left out).
	CategoriesOf(ctx context.Context, ids []kernel.ID) (map[kernel.ID][]kernel.ID, error)
	// CategoriesOfCampaign is CategoriesOf for every partner the campaign holds.
	CategoriesOfCampaign(ctx context.Context, campaignID kernel.ID) (map[kernel.ID][]kernel.ID, error)
}

// Offer is a product's state as an order or a link sees it.
type Offer struct {
	Price  kernel.Amount
	Active bool
}

// Catalog is what the campaign context asks the catalog: products' prices and state, and
// which categories exist.
type Catalog interface {
	// Offers maps each of ids that names a product to its price and state.
	Offers(ctx context.Context, ids []kernel.ID) (map[kernel.ID]Offer, error)
	// MissingCategories returns the ids among ids that name no category.
	MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error)
}
