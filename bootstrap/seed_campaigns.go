package bootstrap

import (
	"context"
	"fmt"

	"vitrina/adapters/persistence"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

// demoOrder is a partner's order in a demo campaign, placed through the app's rules.
type demoOrder struct {
	partner   int64
	product   string
	quantity  int64
	delivered bool
}

// demoCampaign is one demo campaign: its categories, partners with cash, products and orders.
type demoCampaign struct {
	name, description string
	categories        []string
	cash              map[int64]string
	products          []string
	orders            []demoOrder
}

var demoCampaigns = []demoCampaign{
	{name: "Zimska akcija alata", description: "Akumulatorski i ručni alat po akcijskim cijenama za veleprodaju i majstore.",
		categories: []string{"Električni alati", "Ručni alati"},
		cash:       map[int64]string{1001: "2000", 1005: "1500", 1009: "1000"},
		products:   []string{"Udarna bušilica 800 W", "Akumulatorski odvijač 18 V", "Ugaona brusilica 125 mm", "Stolarski čekić 500 g", "Set odvijača 6 kom"},
		orders: []demoOrder{{1001, "Akumulatorski odvijač 18 V", 5, true}, {1001, "Udarna bušilica 800 W", 3, false},
			{1005, "Set odvijača 6 kom", 10, true}, {1009, "Ugaona brusilica 125 mm", 2, false}}},
	{name: "Fasade i gradnja", description: "Fasadne boje, ljepila i mjerni alat za sezonu radova.",
		categories: []string{"Boje i lakovi", "Građevinski materijal"},
		cash:       map[int64]string{1003: "3000", 1007: "1200", 1008: "800.5"},
		products:   []string{"Fasadna boja 15 l", "Ljepilo za pločice 25 kg", "Libela 60 cm"},
		orders: []demoOrder{{1003, "Fasadna boja 15 l", 20, true}, {1008, "Fasadna boja 15 l", 5, false},
			{1007, "Ljepilo za pločice 25 kg", 40, false}}},
	{name: "Instalacije 2027", description: "Kablovi, rasvjeta i vodoinstalacije za izvođače radova.",
		categories: []string{"Elektroinstalacije", "Vodoinstalacije", "Rasvjeta"},
		cash:       map[int64]string{1002: "1500", 1007: "600", 1010: "2500"},
		products:   []string{"Kabl PP-Y 3x2.5", "LED sijalica E27 10 W", "PPR cijev 20 mm"},
		orders: []demoOrder{{1002, "Kabl PP-Y 3x2.5", 4, false}, {1002, "LED sijalica E27 10 W", 50, true},
			{1010, "PPR cijev 20 mm", 100, false}}},
}

// seedCampaigns adds the demo campaigns through the campaign use cases: drawn images stored
// by the image pipeline, the composition saved as the stepper saves it, orders placed under
// the app's cart rules and some of them delivered. It adds nothing when campaigns exist.
func seedCampaigns(ctx context.Context, app *App) (string, error) {
	svc := app.Campaign
	existing, err := svc.Lists().Campaigns.List(ctx, ports.ListQuery{Page: 1, PerPage: 1})
	if err != nil {
		return "", err
	}
	if existing.Total > 0 {
		return "campaigns already there", nil
	}
	categories, err := persistence.NewPartnerCatalog(app.DB).CategoriesByName(ctx)
	if err != nil {
		return "", err
	}
	products := map[string]kernel.ID{}
	if err := app.Catalog.Lists().Products.Stream(ctx, ports.ListQuery{}, func(p catalogports.ProductView) error {
		products[p.Name] = kernel.ID(p.ID)
		return nil
	}); err != nil {
		return "", err
	}
	items, delivered := 0, 0
	for i, d := range demoCampaigns {
		v, err := svc.Create(ctx, appcampaign.Form{Input: campaign.Input{Name: d.name, Description: d.description},
			Image: sliderPicture(i+7, d.name, 1600, 900)})
		if err != nil {
			return "", fmt.Errorf("campaign %q: %w", d.name, err)
		}
		id := kernel.ID(v.ID)
		var c campaign.Selection
		for _, name := range d.categories {
			c.Categories = append(c.Categories, categories[kernel.NameKey(name)])
		}
		for _, name := range d.products {
			c.Products = append(c.Products, products[name])
		}
		for _, p := range []int64{1001, 1002, 1003, 1005, 1007, 1008, 1009, 1010} {
			if s, ok := d.cash[p]; ok {
				amount, err := campaign.ParseCash("cash", s)
				if err != nil {
					return "", err
				}
				pc, err := campaign.NewPartnerCash(kernel.ID(p), amount)
				if err != nil {
					return "", err
				}
				c.Partners = append(c.Partners, pc)
			}
		}
		if err := svc.Compose(ctx, id, kernel.AnyVersion, c); err != nil {
			return "", fmt.Errorf("composition of %q: %w", d.name, err)
		}
		for _, o := range d.orders {
			it, err := svc.Order(ctx, kernel.ID(o.partner), id, products[o.product], o.quantity)
			if err != nil {
				return "", fmt.Errorf("order of %d in %q: %w", o.partner, d.name, err)
			}
			items++
			if o.delivered {
				if _, err := svc.ToggleDelivery(ctx, it.ID()); err != nil {
					return "", err
				}
				delivered++
			}
		}
	}
	return fmt.Sprintf("%d campaigns with drawn images, partners with cash and %d cart items (%d delivered)",
		len(demoCampaigns), items, delivered), nil
}
