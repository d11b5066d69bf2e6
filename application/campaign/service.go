// Package campaign is the use-case layer of campaigns: in the panel, the campaigns with their
// images and visibility, their composition (categories, partners with cash, products; one at
// a time or the stepper's save at once) with the pruning of partners, and the deliveries of
// their carts; in the partners' app, a partner's campaigns with its cash, their products, its
// cart, its orders and their withdrawal (ADR 0019).
package campaign

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"

	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// ImageKind is the folder of campaign images.
const ImageKind = "campaigns"

// CampaignImage is the size a campaign's image keeps: it fills a phone's or a monitor's width.
var CampaignImage = ports.ImageKind{Folder: ImageKind, MaxSide: 1920}

// ImageLink is the address of a campaign image.
func ImageLink(name string) string { return "/api/images/" + ImageKind + "/" + name }

// MaxCategories is the most categories one add or one save names.
const MaxCategories = 1000

// Errors of the use cases.
var (
	errCategories = kernel.FieldError("categories", "The selected categories is invalid.")
	errProducts   = kernel.FieldError("products", "The selected products is invalid.")
	errPartner    = kernel.FieldError("partner_id", "The selected partner id is invalid.")
	errNoCampaign = kernel.NotFound("campaign")
	errNoItem     = kernel.NotFound("cart item")
)

// Service is the campaign use cases.
type Service struct {
	repo     campaignports.Repository
	lists    campaignports.Lists
	app      campaignports.AppReads
	partners campaignports.Partners
	catalog  campaignports.Catalog
	images   ports.ImageStore
	tx       ports.TxManager
	clock    ports.Clock
}

// NewService wires the campaign use cases.
func NewService(repo campaignports.Repository, lists campaignports.Lists, app campaignports.AppReads, partners campaignports.Partners,
	catalog campaignports.Catalog, images ports.ImageStore, tx ports.TxManager, clock ports.Clock) *Service {
	return &Service{repo: repo, lists: lists, app: app, partners: partners, catalog: catalog, images: images, tx: tx, clock: clock}
}

// Lists are the campaign context's list screens.
func (s *Service) Lists() campaignports.Lists { return s.lists }

// Form is the add and edit form: the fields as typed and the image sent, nil for none.
type Form struct {
	Input campaign.Input
	Image io.Reader
}

func (s *Service) deleteImage(name string) {
	if name != "" {
		_ = s.images.Delete(ImageKind, name)
	}
}

// Create adds a campaign: the form is checked and the image stored before the campaign is
// saved; a failed save deletes the image again.
func (s *Service) Create(ctx context.Context, f Form) (campaignports.CampaignView, error) {
	if err := campaign.Check(f.Input, true, f.Image != nil); err != nil {
		return campaignports.CampaignView{}, err
	}
	name, err := s.images.Save(ctx, CampaignImage, "image", f.Image)
	if err != nil {
		return campaignports.CampaignView{}, err
	}
	in := f.Input
	in.Image = name
	c, err := campaign.New(in, s.clock.Now())
	if err == nil {
		err = s.repo.Add(ctx, c)
	}
	if err != nil {
		s.deleteImage(name)
		return campaignports.CampaignView{}, err
	}
	return s.lists.Campaigns.Find(ctx, c.ID())
}

// Update edits a campaign loaded at version; a new image replaces the old one, which is
// then deleted.
func (s *Service) Update(ctx context.Context, id kernel.ID, version kernel.Version, f Form) (campaignports.CampaignView, error) {
	if err := campaign.Check(f.Input, false, true); err != nil {
		return campaignports.CampaignView{}, err
	}
	in := f.Input
	if f.Image != nil {
		name, err := s.images.Save(ctx, CampaignImage, "image", f.Image)
		if err != nil {
			return campaignports.CampaignView{}, err
		}
		in.Image = name
	}
	now := s.clock.Now()
	var replaced string
	_, err := s.repo.Update(ctx, id, version, func(c *campaign.Composition) error {
		var err error
		replaced, err = c.Campaign().Edit(in, now)
		return err
	})
	if err != nil {
		s.deleteImage(in.Image)
		return campaignports.CampaignView{}, err
	}
	s.deleteImage(replaced)
	return s.lists.Campaigns.Find(ctx, id)
}

// ToggleActive deactivates or reactivates a campaign and answers its new state.
func (s *Service) ToggleActive(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	c, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(c *campaign.Composition) error {
		c.Campaign().ToggleActive(now)
		return nil
	})
	if err != nil {
		return false, err
	}
	return c.Campaign().IsActive(), nil
}

// ToggleVisible shows or hides a campaign and answers whether it is visible.
func (s *Service) ToggleVisible(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	c, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(c *campaign.Composition) error {
		c.Campaign().ToggleVisible(now)
		return nil
	})
	if err != nil {
		return false, err
	}
	return c.Campaign().IsVisible(), nil
}

// checkCategories is 422 for more than MaxCategories or a category that does not exist.
func (s *Service) checkCategories(ctx context.Context, ids []kernel.ID) error {
	if len(ids) > MaxCategories {
		return kernel.FieldError("categories", "The categories may not have more than "+strconv.Itoa(MaxCategories)+" items.")
	}
	missing, err := s.catalog.MissingCategories(ctx, ids)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return errCategories
	}
	return nil
}

// checkProducts is 422 for a product that does not exist, or is inactive and not yet in the
// campaign (have).
func (s *Service) checkProducts(ctx context.Context, ids, have []kernel.ID) error {
	if err := campaign.CheckSize("products", len(ids)); err != nil {
		return err
	}
	offers, err := s.catalog.Offers(ctx, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		o, ok := offers[id]
		if !ok || (!o.Active && !slices.Contains(have, id)) {
			return errProducts
		}
	}
	return nil
}

// compose runs fn on the campaign's composition, loaded whole under the campaign's lock and
// saved whole, in one transaction with what fn asks the other contexts (ADR 0027).
func (s *Service) compose(ctx context.Context, id kernel.ID, version kernel.Version, fn func(ctx context.Context, c *campaign.Composition) error) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		_, err := s.repo.Update(ctx, id, version, func(c *campaign.Composition) error { return fn(ctx, c) })
		return err
	})
}

// putPartners puts partners with their cash in the composition: their own categories come
// from the partner context.
func (s *Service) putPartners(ctx context.Context, c *campaign.Composition, partners []campaign.PartnerCash) error {
	if err := campaign.CheckSize("partners", len(partners)); err != nil {
		return err
	}
	held, err := s.partners.CategoriesOf(ctx, campaign.Selection{Partners: partners}.PartnerIDs())
	if err != nil {
		return err
	}
	return c.PutPartners(partners, held)
}

// AddProducts links products to a campaign (422 for one that does not exist or is inactive).
func (s *Service) AddProducts(ctx context.Context, id kernel.ID, products []kernel.ID) error {
	ids := campaign.Selection{Products: products}.Normalized().Products
	return s.compose(ctx, id, kernel.AnyVersion, func(ctx context.Context, c *campaign.Composition) error {
		if err := s.checkProducts(ctx, ids, c.Products()); err != nil {
			return err
		}
		c.AddProducts(ids)
		return nil
	})
}

// AddCategories links categories to a campaign (422 for one that does not exist).
func (s *Service) AddCategories(ctx context.Context, id kernel.ID, categories []kernel.ID) error {
	ids := campaign.Selection{Categories: categories}.Normalized().Categories
	return s.compose(ctx, id, kernel.AnyVersion, func(ctx context.Context, c *campaign.Composition) error {
		if err := s.checkCategories(ctx, ids); err != nil {
			return err
		}
		c.AddCategories(ids)
		return nil
	})
}

// AddPartners links partners with their cash (setting it for those linked already); a
// partner in none of the campaign's categories is 422.
func (s *Service) AddPartners(ctx context.Context, id kernel.ID, partners []campaign.PartnerCash) error {
	return s.compose(ctx, id, kernel.AnyVersion, func(ctx context.Context, c *campaign.Composition) error {
		return s.putPartners(ctx, c, partners)
	})
}

// SetCash sets one partner's cash in a campaign, in the partner's turn: never below what its
// cart is worth (422).
func (s *Service) SetCash(ctx context.Context, id, partnerID kernel.ID, cash kernel.Amount) error {
	return s.setCash(ctx, id, partnerID, nil, cash)
}

// setCash is SetCash; with expected, only while the partner's cash is still that (409
// otherwise: the cash has no version of its own, its value is the check).
func (s *Service) setCash(ctx context.Context, id, partnerID kernel.ID, expected *kernel.Amount, cash kernel.Amount) error {
	_, err := s.repo.WithPartnerTurn(ctx, id, partnerID, func(st *campaign.Standing) error {
		if expected != nil && st.Money().Cash.Cmp(*expected) != 0 {
			return kernel.ErrStale
		}
		return st.SetCash(cash)
	})
	if errors.Is(err, campaign.ErrNotHeld) {
		return errPartner
	}
	return err
}

// Compose saves the stepper: the campaign's categories, partners with cash and products
// become exactly those given, all in one transaction or nothing. A partner outside the
// categories or a missing product or category is 422; taking out a product or a partner
// with cart items is 435. The save is an edit of the campaign loaded at version (409 when it
// changed since; kernel.AnyVersion skips the check) and moves its version.
func (s *Service) Compose(ctx context.Context, id kernel.ID, version kernel.Version, sel campaign.Selection) error {
	sel = sel.Normalized()
	now := s.clock.Now()
	return s.compose(ctx, id, version, func(ctx context.Context, c *campaign.Composition) error {
		if err := s.checkCategories(ctx, sel.Categories); err != nil {
			return err
		}
		if err := s.checkProducts(ctx, sel.Products, c.Products()); err != nil {
			return err
		}
		if err := campaign.CheckSize("partners", len(sel.Partners)); err != nil {
			return err
		}
		held, err := s.partners.CategoriesOf(ctx, sel.PartnerIDs())
		if err != nil {
			return err
		}
		return c.Replace(sel, held, now)
	})
}

// RemoveProduct takes a product out of a campaign; one with cart items stays (435).
func (s *Service) RemoveProduct(ctx context.Context, id, productID kernel.ID) error {
	return s.compose(ctx, id, kernel.AnyVersion, func(_ context.Context, c *campaign.Composition) error {
		return c.RemoveProduct(productID)
	})
}

// RemoveCategory takes a category out of a campaign and prunes the partners in none of the
// remaining ones, answering them (ascending); when one of those has cart items nothing
// changes (435). A category the campaign does not hold is not found.
func (s *Service) RemoveCategory(ctx context.Context, id, categoryID kernel.ID) ([]kernel.ID, error) {
	var removed []kernel.ID
	err := s.compose(ctx, id, kernel.AnyVersion, func(ctx context.Context, c *campaign.Composition) error {
		held, err := s.partners.CategoriesOfCampaign(ctx, id)
		if err != nil {
			return err
		}
		removed, err = c.RemoveCategory(categoryID, held)
		return err
	})
	if err != nil {
		return nil, err
	}
	if removed == nil {
		removed = []kernel.ID{}
	}
	return removed, nil
}

// RemovePartner takes a partner out of a campaign; one with cart items stays (435).
func (s *Service) RemovePartner(ctx context.Context, id, partnerID kernel.ID) error {
	return s.compose(ctx, id, kernel.AnyVersion, func(_ context.Context, c *campaign.Composition) error {
		return c.RemovePartner(partnerID)
	})
}

// ToggleDelivery marks a cart item delivered or undelivered, in its partner's turn, and
// answers whether it is delivered now (the spec's is_active).
func (s *Service) ToggleDelivery(ctx context.Context, itemID kernel.ID) (bool, error) {
	var delivered bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		it, err := s.repo.Item(ctx, itemID)
		if err != nil {
			return err
		}
		_, err = s.repo.WithPartnerTurn(ctx, it.CampaignID(), it.PartnerID(), func(st *campaign.Standing) error {
			delivered, err = st.ToggleDelivery(itemID)
			return err
		})
		if errors.Is(err, campaign.ErrNotHeld) {
			return errNoItem
		}
		return err
	})
	return delivered, err
}

// PartnerCampaigns are the open campaigns that hold the partner, with its cash, spent and
// remaining amount in each.
func (s *Service) PartnerCampaigns(ctx context.Context, partnerID kernel.ID) ([]campaignports.PartnerCampaignView, error) {
	return s.app.Campaigns(ctx, partnerID, 0)
}

// shown is the campaign as the partner sees it, or not found when it may not see it.
func (s *Service) shown(ctx context.Context, partnerID, campaignID kernel.ID) (campaignports.PartnerCampaignView, error) {
	vs, err := s.app.Campaigns(ctx, partnerID, campaignID)
	if err != nil {
		return campaignports.PartnerCampaignView{}, err
	}
	if len(vs) == 0 {
		return campaignports.PartnerCampaignView{}, errNoCampaign
	}
	return vs[0], nil
}

// PartnerProducts are the active products of a campaign the partner sees.
func (s *Service) PartnerProducts(ctx context.Context, partnerID, campaignID kernel.ID) ([]campaignports.ProductView, error) {
	if _, err := s.shown(ctx, partnerID, campaignID); err != nil {
		return nil, err
	}
	return s.app.Products(ctx, campaignID)
}

// PartnerCart is the partner's cart in a campaign it sees.
func (s *Service) PartnerCart(ctx context.Context, partnerID, campaignID kernel.ID) ([]campaignports.CartItemView, error) {
	if _, err := s.shown(ctx, partnerID, campaignID); err != nil {
		return nil, err
	}
	return s.app.Cart(ctx, campaignID, partnerID)
}

// Order places a cart item for the partner in a campaign it sees, in the partner's turn in
// the campaign (the cash rule; ADR 0019, ADR 0027).
func (s *Service) Order(ctx context.Context, partnerID, campaignID, productID kernel.ID, quantity int64) (campaign.Item, error) {
	var it campaign.Item
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		st, err := s.repo.WithPartnerTurn(ctx, campaignID, partnerID, func(st *campaign.Standing) error {
			offer, err := s.app.Offer(ctx, campaignID, productID)
			if err != nil {
				return err
			}
			_, err = st.Order(productID, offer, quantity, s.clock.Now())
			return err
		})
		if errors.Is(err, campaign.ErrNotHeld) {
			return errNoCampaign
		}
		if err != nil {
			return err
		}
		it = st.Items()[0]
		return nil
	})
	return it, err
}

// Withdraw takes back the partner's undelivered item of a campaign it sees.
func (s *Service) Withdraw(ctx context.Context, partnerID, campaignID, itemID kernel.ID) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.shown(ctx, partnerID, campaignID); err != nil {
			return err
		}
		_, err := s.repo.WithPartnerTurn(ctx, campaignID, partnerID, func(st *campaign.Standing) error {
			if err := st.Withdraw(itemID); kernel.KindOf(err) == kernel.KindNotFound {
				return errNoItem
			} else if err != nil {
				return err
			}
			return nil
		})
		if errors.Is(err, campaign.ErrNotHeld) {
			return errNoCampaign
		}
		return err
	})
}

// Details is a campaign with its whole composition: products, categories, and partners with
// their cash (the panel's GET of one campaign).
type Details struct {
	Campaign   campaignports.CampaignView
	Products   []campaignports.ProductView
	Categories []campaignports.Ref
	Partners   []campaignports.PartnerView
	// PartnerCategories are each partner's own categories, ascending: the stepper prunes by
	// them as the user deselects a category (spec §4).
	PartnerCategories map[kernel.ID][]kernel.ID
}

// Details reads a campaign and its composition; a missing campaign is not found.
func (s *Service) Details(ctx context.Context, id kernel.ID) (Details, error) {
	v, err := s.lists.Campaigns.Find(ctx, id)
	if err != nil {
		return Details{}, err
	}
	d := Details{Campaign: v, Products: []campaignports.ProductView{}, Categories: []campaignports.Ref{}, Partners: []campaignports.PartnerView{}}
	q := ports.ListQuery{}.Within("campaign_id", id)
	if err := s.lists.Products.Stream(ctx, q, func(p campaignports.ProductView) error { d.Products = append(d.Products, p); return nil }); err != nil {
		return Details{}, err
	}
	if err := s.lists.Categories.Stream(ctx, q, func(c campaignports.Ref) error { d.Categories = append(d.Categories, c); return nil }); err != nil {
		return Details{}, err
	}
	if err := s.lists.Partners.Stream(ctx, q, func(p campaignports.PartnerView) error { d.Partners = append(d.Partners, p); return nil }); err != nil {
		return Details{}, err
	}
	if d.PartnerCategories, err = s.partners.CategoriesOfCampaign(ctx, id); err != nil {
		return Details{}, err
	}
	for _, cats := range d.PartnerCategories {
		slices.Sort(cats)
	}
	return d, nil
}

// PartnersPage is a page of a campaign's partners with the total cash of what the query
// matches.
type PartnersPage struct {
	ports.Page[campaignports.PartnerView]
	Cash kernel.Amount
}

// Partners lists a campaign's partners with their cash (the Partners tab).
func (s *Service) Partners(ctx context.Context, id kernel.ID, q ports.ListQuery) (PartnersPage, error) {
	if _, err := s.lists.Campaigns.Find(ctx, id); err != nil {
		return PartnersPage{}, err
	}
	q = q.Within("campaign_id", id)
	page, cash, err := s.lists.Partners.ListWithCash(ctx, q)
	if err != nil {
		return PartnersPage{}, err
	}
	return PartnersPage{Page: page, Cash: cash}, nil
}

// CartPage is a page of a campaign's cart with the worth of what the query matches, ordered
// and delivered.
type CartPage struct {
	ports.Page[campaignports.CartItemView]
	Totals campaignports.CartTotals
}

// Cart lists a campaign's cart items (the Cart tab).
func (s *Service) Cart(ctx context.Context, id kernel.ID, q ports.ListQuery) (CartPage, error) {
	if _, err := s.lists.Campaigns.Find(ctx, id); err != nil {
		return CartPage{}, err
	}
	q = q.Within("campaign_id", id)
	page, totals, err := s.lists.Cart.ListWithTotals(ctx, q)
	if err != nil {
		return CartPage{}, err
	}
	return CartPage{Page: page, Totals: totals}, nil
}

// Products lists a campaign's products (the Products tab).
func (s *Service) Products(ctx context.Context, id kernel.ID, q ports.ListQuery) (ports.Page[campaignports.ProductView], error) {
	if _, err := s.lists.Campaigns.Find(ctx, id); err != nil {
		return ports.Page[campaignports.ProductView]{}, err
	}
	return s.lists.Products.List(ctx, q.Within("campaign_id", id))
}

// Categories lists a campaign's categories (the Categories tab).
func (s *Service) Categories(ctx context.Context, id kernel.ID, q ports.ListQuery) (ports.Page[campaignports.Ref], error) {
	if _, err := s.lists.Campaigns.Find(ctx, id); err != nil {
		return ports.Page[campaignports.Ref]{}, err
	}
	return s.lists.Categories.List(ctx, q.Within("campaign_id", id))
}
