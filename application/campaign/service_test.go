package campaign_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	appcampaign "vitrina/application/campaign"
	"vitrina/domain/campaign"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

type clock struct{ now time.Time }

func (c clock) Now() time.Time { return c.now }

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

type fixture struct {
	svc        *appcampaign.Service
	db         *bun.DB
	repo       campaignports.Repository
	dataDir    string
	city       kernel.ID
	alati      kernel.ID
	boje       kernel.ID
	rasvjeta   kernel.ID
	p1, p2, p3 kernel.ID // 12.5, 100, inactive 1
}

// newFixture runs the use cases on the real stores and image store with three categories,
// partners 1001 (Alati), 1002 (Boje), 1003 (Alati, Boje), 1004 (Rasvjeta) and products
// P1 (12.5), P2 (100) and an inactive P3 (1).
func newFixture(t *testing.T, db *bun.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, dataDir: t.TempDir(), repo: persistence.NewCampaignStore(db)}
	f.svc = f.service(f.repo)
	ctx := context.Background()
	cat := persistence.NewCatalog(db)
	category := func(name string) kernel.ID {
		c, _ := catalog.NewCategory(name, start)
		if err := cat.AddCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		return c.ID()
	}
	f.alati, f.boje, f.rasvjeta = category("Alati"), category("Boje"), category("Rasvjeta")
	country, _ := catalog.NewCountry("Crna Gora", start)
	_ = cat.AddCountry(ctx, country)
	city, _ := catalog.NewCity(catalog.CityInput{Name: "Bar", CountryID: country.ID()}, start)
	_ = cat.AddCity(ctx, city)
	f.city = city.ID()
	f.addPartner(t, 1001, f.alati)
	f.addPartner(t, 1002, f.boje)
	f.addPartner(t, 1003, f.alati, f.boje)
	f.addPartner(t, 1004, f.rasvjeta)
	product := func(name, price string) kernel.ID {
		p, err := catalog.NewProduct(catalog.ProductInput{Name: name, Description: "Opis proizvoda", Price: price, Image: "p.jpg"}, start)
		if err != nil {
			t.Fatal(err)
		}
		if err := cat.AddProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
		return p.ID()
	}
	f.p1, f.p2, f.p3 = product("Bušilica", "12.5"), product("Brusilica", "100"), product("Stara boja", "1")
	if _, err := db.NewUpdate().TableExpr("products").Set("is_active = ?", false).Where("id = ?", int64(f.p3)).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) service(repo campaignports.Repository) *appcampaign.Service {
	return appcampaign.NewService(repo, persistence.NewCampaignLists(f.db, persistence.NewPartnerIndex(f.db)), persistence.NewCampaignApp(f.db),
		persistence.NewCampaignPartners(f.db), persistence.NewCampaignCatalog(f.db), storage.NewImages(f.dataDir),
		persistence.NewTxManager(f.db), clock{start})
}

func (f *fixture) addPartner(t *testing.T, id int, cats ...kernel.ID) {
	t.Helper()
	p, err := partner.New(partner.Input{ID: fmt.Sprint(id), Name: fmt.Sprintf("Partner %d", id), CityID: f.city, CategoryIDs: cats,
		Password: "tajna", Figures: partner.FigureTexts{"1", "1", "1", "1", "1", "1"}}, "hash", start)
	if err != nil {
		t.Fatal(err)
	}
	if err := persistence.NewPartnerStore(f.db).Add(context.Background(), p); err != nil {
		t.Fatal(err)
	}
}

func jpegOf(t *testing.T) *bytes.Reader {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 13)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

func (f *fixture) stored() []string {
	var out []string
	entries, _ := os.ReadDir(filepath.Join(f.dataDir, "images", appcampaign.ImageKind))
	for _, e := range entries {
		if !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out
}

func (f *fixture) campaign(t *testing.T, name string) kernel.ID {
	t.Helper()
	v, err := f.svc.Create(context.Background(), appcampaign.Form{Input: campaign.Input{Name: name, Description: "Opis akcije"}, Image: jpegOf(t)})
	if err != nil {
		t.Fatal(err)
	}
	return kernel.ID(v.ID)
}

func cash(t *testing.T, s string) kernel.Amount {
	t.Helper()
	a, err := kernel.ParseAmount("cash", s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func wantKind(t *testing.T, err error, kind kernel.Kind, what string) {
	t.Helper()
	if kernel.KindOf(err) != kind {
		t.Fatalf("%s: %v (kind %d), want kind %d", what, err, kernel.KindOf(err), kind)
	}
}

func wantField(t *testing.T, err error, field, message string) {
	t.Helper()
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid || len(e.Fields[field]) == 0 || e.Fields[field][0] != message {
		t.Fatalf("want %s: %q, got %v", field, message, err)
	}
}

func pcash(t *testing.T, id kernel.ID, cash kernel.Amount) campaign.PartnerCash {
	t.Helper()
	p, err := campaign.NewPartnerCash(id, cash)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// composition reads the campaign's composition whole, changing nothing.
func (f *fixture) composition(t *testing.T, id kernel.ID) *campaign.Composition {
	t.Helper()
	c, err := f.repo.Update(context.Background(), id, kernel.AnyVersion, func(*campaign.Composition) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// standing reads the partner's standing in the campaign, changing nothing.
func (f *fixture) standing(t *testing.T, id, partnerID kernel.ID) *campaign.Standing {
	t.Helper()
	st, err := f.repo.WithPartnerTurn(context.Background(), id, partnerID, func(*campaign.Standing) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func ids[T any](items []T, id func(T) int64) []int64 {
	out := []int64{}
	for _, it := range items {
		out = append(out, id(it))
	}
	return out
}

func TestCreateEditAndToggles(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		_, err := f.svc.Create(ctx, appcampaign.Form{Input: campaign.Input{Name: "Zima", Description: "Opis"}})
		wantField(t, err, "image", "The image field is required.")
		_, err = f.svc.Create(ctx, appcampaign.Form{Input: campaign.Input{Name: "Z", Description: "Opis"}, Image: jpegOf(t)})
		wantField(t, err, "name", "The name must be at least 2 characters.")
		if len(f.stored()) != 0 {
			t.Fatalf("a refused form left images: %v", f.stored())
		}
		_, err = f.svc.Create(ctx, appcampaign.Form{Input: campaign.Input{Name: "Zima", Description: "Opis"}, Image: strings.NewReader("not an image")})
		wantKind(t, err, kernel.KindInvalid, "a bad image")
		v, err := f.svc.Create(ctx, appcampaign.Form{Input: campaign.Input{Name: " Zimska akcija ", Description: "Popusti\nna alat"}, Image: jpegOf(t)})
		if err != nil {
			t.Fatal(err)
		}
		if v.Name != "Zimska akcija" || v.Description != "Popusti\nna alat" || !v.IsVisible || !v.IsActive || v.Version != 1 ||
			!slices.Contains(f.stored(), v.Image) {
			t.Fatalf("created %+v, images %v", v, f.stored())
		}
		id := kernel.ID(v.ID)
		e, err := f.svc.Update(ctx, id, 1, appcampaign.Form{Input: campaign.Input{Name: "Letnja akcija", Description: "Opis"}})
		if err != nil || e.Image != v.Image || e.Name != "Letnja akcija" || e.Version != 2 {
			t.Fatalf("edit without image: %+v %v", e, err)
		}
		_, err = f.svc.Update(ctx, id, 1, appcampaign.Form{Input: campaign.Input{Name: "Treća", Description: "Opis"}, Image: jpegOf(t)})
		wantKind(t, err, kernel.KindStale, "an edit of an old version")
		if len(f.stored()) != 1 {
			t.Fatalf("a stale edit left its image: %v", f.stored())
		}
		e, err = f.svc.Update(ctx, id, 2, appcampaign.Form{Input: campaign.Input{Name: "Treća", Description: "Opis"}, Image: jpegOf(t)})
		if err != nil || e.Image == v.Image || !slices.Equal(f.stored(), []string{e.Image}) {
			t.Fatalf("edit with image: %+v %v, images %v", e, err, f.stored())
		}
		_, err = f.svc.Update(ctx, 9999, kernel.AnyVersion, appcampaign.Form{Input: campaign.Input{Name: "Treća", Description: "Opis"}})
		wantKind(t, err, kernel.KindNotFound, "an edit of a missing campaign")
		if visible, err := f.svc.ToggleVisible(ctx, id); err != nil || visible {
			t.Fatalf("hide: %v %v", visible, err)
		}
		if active, err := f.svc.ToggleActive(ctx, id); err != nil || active {
			t.Fatalf("deactivate: %v %v", active, err)
		}
		page, err := f.svc.Lists().Campaigns.List(ctx, ports.ListQuery{Page: 1, PerPage: 20, Filters: map[string]string{"name": "treć"}})
		if err != nil || page.Total != 1 || page.Items[0].IsVisible || page.Items[0].IsActive {
			t.Fatalf("list %+v %v", page, err)
		}
	})
}

func TestCompositionOneByOne(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		wantField(t, f.svc.AddCategories(ctx, id, []kernel.ID{f.alati, 9999}), "categories", "The selected categories is invalid.")
		wantKind(t, f.svc.AddCategories(ctx, 9999, []kernel.ID{f.alati}), kernel.KindNotFound, "categories of a missing campaign")
		if err := f.svc.AddCategories(ctx, id, []kernel.ID{f.alati, f.boje, f.alati}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddCategories(ctx, id, []kernel.ID{f.boje}); err != nil {
			t.Fatal("adding a category again:", err)
		}
		wantField(t, f.svc.AddProducts(ctx, id, []kernel.ID{f.p1, f.p3}), "products", "The selected products is invalid.")
		wantField(t, f.svc.AddProducts(ctx, id, []kernel.ID{9999}), "products", "The selected products is invalid.")
		if err := f.svc.AddProducts(ctx, id, []kernel.ID{f.p1, f.p2}); err != nil {
			t.Fatal(err)
		}
		err := f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1001, cash(t, "1")), pcash(t, 1004, cash(t, "1"))})
		if !errors.Is(err, campaign.ErrPartnerOutside) {
			t.Fatalf("a partner outside the categories: %v", err)
		}
		wantKind(t, f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 77, cash(t, "1"))}), kernel.KindInvalid, "an unknown partner")
		if err := f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1001, cash(t, "100")),
			pcash(t, 1002, cash(t, "50.5")), pcash(t, 1003, cash(t, "10"))}); err != nil {
			t.Fatal(err)
		}
		q := ports.ListQuery{Page: 1, PerPage: 20}.Within("campaign_id", id)
		partners, err := f.svc.Lists().Partners.List(ctx, q)
		if err != nil || partners.Total != 3 || partners.Items[0].Name != "Partner 1001" || partners.Items[2].CategoryNames != "Alati, Boje" ||
			partners.Items[1].City != "Bar" || partners.Items[1].Cash.String() != "50.5" {
			t.Fatalf("partners %+v %v", partners, err)
		}
		_, total, err := f.svc.Lists().Partners.ListWithCash(ctx, q)
		if err != nil || total.String() != "160.5" {
			t.Fatalf("total cash %v %v", total, err)
		}
		named := q
		named.Filters = map[string]string{"name": "1002"}
		if _, total, _ := f.svc.Lists().Partners.ListWithCash(ctx, named); total.String() != "50.5" {
			t.Fatalf("total cash of the filter %v", total)
		}
		cats, _ := f.svc.Lists().Categories.List(ctx, q)
		prods, _ := f.svc.Lists().Products.List(ctx, q)
		if cats.Total != 2 || prods.Total != 2 || prods.Items[0].Name != "Brusilica" {
			t.Fatalf("categories %+v products %+v", cats, prods)
		}

		// Removing Boje prunes 1002 (Boje alone) and keeps 1003 (Alati too).
		removed, err := f.svc.RemoveCategory(ctx, id, f.boje)
		if err != nil || !slices.Equal(removed, []kernel.ID{1002}) {
			t.Fatalf("prune: %v %v", removed, err)
		}
		partners, _ = f.svc.Lists().Partners.List(ctx, q)
		if !slices.Equal(ids(partners.Items, func(p campaignports.PartnerView) int64 { return p.PartnerID }), []int64{1001, 1003}) {
			t.Fatalf("after the prune %+v", partners.Items)
		}
		wantKind(t, func() error { _, err := f.svc.RemoveCategory(ctx, id, f.boje); return err }(), kernel.KindNotFound, "a category not held")

		// A partner's own categories change (ADR 0019): it stays, shown outside the categories,
		// until staff act; the stepper's save refuses it and the next category removal prunes it.
		if _, err := db.NewDelete().TableExpr("partner_categories").Where("partner_id = 1003").Where("category_id = ?", int64(f.alati)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		partners, _ = f.svc.Lists().Partners.List(ctx, q)
		if len(partners.Items) != 2 || !partners.Items[0].InCategories || partners.Items[1].InCategories {
			t.Fatalf("a partner outside the categories is not shown so: %+v", partners.Items)
		}
		err = f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.alati}, Products: []kernel.ID{f.p1, f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "100")), pcash(t, 1003, cash(t, "10"))}})
		if !errors.Is(err, campaign.ErrPartnerOutside) {
			t.Fatalf("the stepper kept a partner outside the categories: %v", err)
		}
		if err := f.svc.AddCategories(ctx, id, []kernel.ID{f.rasvjeta}); err != nil {
			t.Fatal(err)
		}
		if removed, err := f.svc.RemoveCategory(ctx, id, f.rasvjeta); err != nil || !slices.Equal(removed, []kernel.ID{1003}) {
			t.Fatalf("the next removal prunes the stray partner: %v %v", removed, err)
		}
		if err := f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1003, cash(t, "10"))}); !errors.Is(err, campaign.ErrPartnerOutside) {
			t.Fatalf("the stray partner was added again: %v", err)
		}
		if _, err := db.NewRaw("INSERT INTO partner_categories (partner_id, category_id) VALUES (1003, ?)", int64(f.alati)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1003, cash(t, "10"))}); err != nil {
			t.Fatal(err)
		}

		// 1001 orders: its partner row, the product and the category holding it stay (435).
		if _, err := f.svc.Order(ctx, 1001, id, f.p1, 2); err != nil {
			t.Fatal(err)
		}
		wantKind(t, f.svc.RemoveProduct(ctx, id, f.p1), kernel.KindForbiddenInUse, "a product with cart items")
		wantKind(t, f.svc.RemovePartner(ctx, id, 1001), kernel.KindForbiddenInUse, "a partner with cart items")
		_, err = f.svc.RemoveCategory(ctx, id, f.alati)
		wantKind(t, err, kernel.KindForbiddenInUse, "a prune of a partner with cart items")
		if cats, _ := f.svc.Lists().Categories.List(ctx, q); cats.Total != 1 {
			t.Fatalf("a refused prune removed the category: %+v", cats)
		}
		if err := f.svc.RemoveProduct(ctx, id, f.p2); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.RemovePartner(ctx, id, 1003); err != nil {
			t.Fatal(err)
		}
		wantKind(t, f.svc.RemovePartner(ctx, id, 1003), kernel.KindNotFound, "a partner not held")
		partners, _ = f.svc.Lists().Partners.List(ctx, q)
		prods, _ = f.svc.Lists().Products.List(ctx, q)
		if partners.Total != 1 || prods.Total != 1 {
			t.Fatalf("after removals: partners %+v products %+v", partners, prods)
		}
	})
}

// failingRepo fails the stepper's last write, after every other part was written.
type failingRepo struct{ campaignports.Repository }

func (r failingRepo) Update(ctx context.Context, id kernel.ID, v kernel.Version, fn func(*campaign.Composition) error) (*campaign.Composition, error) {
	if _, err := r.Repository.Update(ctx, id, v, fn); err != nil {
		return nil, err
	}
	return nil, errors.New("disk full")
}

func TestComposeIsOneTransaction(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		first := campaign.Selection{Categories: []kernel.ID{f.alati}, Products: []kernel.ID{f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "100")), pcash(t, 1003, cash(t, "20"))}}
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, first); err != nil {
			t.Fatal(err)
		}
		snapshot := func() string {
			c := f.composition(t, id)
			return fmt.Sprint(c.Categories(), c.Products(), c.Partners())
		}
		before := snapshot()
		next := campaign.Selection{Categories: []kernel.ID{f.boje, f.rasvjeta}, Products: []kernel.ID{f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1002, cash(t, "5")), pcash(t, 1004, cash(t, "6"))}}
		if err := f.service(failingRepo{f.repo}).Compose(ctx, id, kernel.AnyVersion, next); err == nil || err.Error() != "disk full" {
			t.Fatalf("the failing save: %v", err)
		}
		if after := snapshot(); after != before {
			t.Fatalf("a save failing half-way changed the campaign: %s -> %s", before, after)
		}
		wantKind(t, f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.boje}, Products: []kernel.ID{f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "1"))}}), kernel.KindInvalid, "a partner outside the new categories")
		wantField(t, f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{9999}}), "categories", "The selected categories is invalid.")
		if after := snapshot(); after != before {
			t.Fatalf("a refused save changed the campaign: %s -> %s", before, after)
		}
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, next); err != nil {
			t.Fatal(err)
		}
		if after := snapshot(); after != fmt.Sprint([]kernel.ID{f.boje, f.rasvjeta}, []kernel.ID{f.p2},
			[]campaign.PartnerCash{pcash(t, 1002, cash(t, "5")), pcash(t, 1004, cash(t, "6"))}) {
			t.Fatalf("after the save %s", after)
		}
		if _, err := f.svc.Order(ctx, 1002, id, f.p2, 1); err == nil {
			t.Fatal("an order over the cash passed")
		}
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.boje}, Products: []kernel.ID{f.p2, f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1002, cash(t, "500"))}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Order(ctx, 1002, id, f.p2, 2); err != nil {
			t.Fatal(err)
		}
		wantKind(t, f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.boje}, Products: []kernel.ID{f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1002, cash(t, "500"))}}), kernel.KindForbiddenInUse, "a save dropping an ordered product")
		wantKind(t, f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.boje, f.alati}, Products: []kernel.ID{f.p1, f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "1"))}}), kernel.KindForbiddenInUse, "a save dropping a partner with a cart")
		wantField(t, f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.boje}, Products: []kernel.ID{f.p1, f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1002, cash(t, "199.999"))}}), "cash", campaign.MsgCashBelowOrdered)
	})
}

func TestCartAndPartnerApp(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		other := f.campaign(t, "Leto")
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.alati}, Products: []kernel.ID{f.p1, f.p2},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "150")), pcash(t, 1003, cash(t, "10"))}}); err != nil {
			t.Fatal(err)
		}
		mine, err := f.svc.PartnerCampaigns(ctx, 1001)
		if err != nil || len(mine) != 1 || mine[0].ID != int64(id) || mine[0].Cash.String() != "150" || !mine[0].Spent.IsZero() {
			t.Fatalf("the partner's campaigns %+v %v", mine, err)
		}
		_, err = f.svc.PartnerProducts(ctx, 1002, id)
		wantKind(t, err, kernel.KindNotFound, "products of a campaign the partner is not in")
		_, err = f.svc.Order(ctx, 1001, other, f.p1, 1)
		wantKind(t, err, kernel.KindNotFound, "an order in a campaign the partner is not in")
		_, err = f.svc.Order(ctx, 1001, id, f.p3, 1)
		wantField(t, err, "product_id", "The selected product is invalid.")
		_, err = f.svc.Order(ctx, 1001, id, f.p1, 0)
		wantKind(t, err, kernel.KindInvalid, "quantity 0")
		it, err := f.svc.Order(ctx, 1001, id, f.p1, 4) // 50
		if err != nil || it.Price().String() != "12.5" {
			t.Fatalf("order %+v %v", it, err)
		}
		// The item keeps its price when the product's changes.
		if _, err := db.NewUpdate().TableExpr("products").Set("price_milli = ?", 99000).Where("id = ?", int64(f.p1)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Order(ctx, 1001, id, f.p2, 2) // 200 > 100 remaining
		wantField(t, err, "quantity", campaign.MsgOrderExceeds)
		it2, err := f.svc.Order(ctx, 1001, id, f.p2, 1) // 100: exactly the cash
		if err != nil {
			t.Fatal(err)
		}
		wantField(t, f.svc.SetCash(ctx, id, 1001, cash(t, "149.999")), "cash", campaign.MsgCashBelowOrdered)
		wantField(t, f.svc.SetCash(ctx, id, 1002, cash(t, "1")), "partner_id", "The selected partner id is invalid.")
		mine, _ = f.svc.PartnerCampaigns(ctx, 1001)
		if mine[0].Spent.String() != "150" || !mine[0].Remaining.IsZero() {
			t.Fatalf("after orders %+v", mine)
		}
		cart, err := f.svc.PartnerCart(ctx, 1001, id)
		if err != nil || len(cart) != 2 || cart[0].ID != int64(it2.ID()) || cart[1].Price.String() != "12.5" || cart[1].Product != "Bušilica" {
			t.Fatalf("cart %+v %v", cart, err)
		}
		if d, err := f.svc.ToggleDelivery(ctx, it.ID()); err != nil || !d {
			t.Fatalf("deliver %v %v", d, err)
		}
		q := ports.ListQuery{Page: 1, PerPage: 20}.Within("campaign_id", id)
		page, err := f.svc.Lists().Cart.List(ctx, q)
		if err != nil || page.Total != 2 || !page.Items[0].Delivered || page.Items[0].Name != "Partner 1001" {
			t.Fatalf("cart list %+v %v", page, err)
		}
		_, totals, err := f.svc.Lists().Cart.ListWithTotals(ctx, q)
		if err != nil || totals.Ordered.String() != "150" || totals.Delivered.String() != "50" {
			t.Fatalf("totals %+v %v", totals, err)
		}
		named := q
		named.Filters = map[string]string{"product": "brus"}
		if _, totals, _ := f.svc.Lists().Cart.ListWithTotals(ctx, named); totals.Ordered.String() != "100" || !totals.Delivered.IsZero() {
			t.Fatalf("totals of the filter %+v", totals)
		}
		wantKind(t, f.svc.Withdraw(ctx, 1001, id, it.ID()), kernel.KindInvalid, "withdrawing a delivered item")
		wantKind(t, f.svc.Withdraw(ctx, 1003, id, it2.ID()), kernel.KindNotFound, "withdrawing another partner's item")
		if err := f.svc.Withdraw(ctx, 1001, id, it2.ID()); err != nil {
			t.Fatal(err)
		}
		mine, _ = f.svc.PartnerCampaigns(ctx, 1001)
		if mine[0].Spent.String() != "50" || mine[0].Remaining.String() != "100" {
			t.Fatalf("after the withdrawal %+v", mine)
		}
		if d, _ := f.svc.ToggleDelivery(ctx, it.ID()); d {
			t.Fatal("undeliver")
		}
		_, err = f.svc.ToggleDelivery(ctx, 9999)
		wantKind(t, err, kernel.KindNotFound, "toggling a missing item")
		// A hidden or inactive campaign is not found for the partner.
		if _, err := f.svc.ToggleVisible(ctx, id); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Order(ctx, 1001, id, f.p1, 1)
		wantKind(t, err, kernel.KindNotFound, "an order in a hidden campaign")
		_, err = f.svc.PartnerCart(ctx, 1001, id)
		wantKind(t, err, kernel.KindNotFound, "the cart of a hidden campaign")
		if mine, _ := f.svc.PartnerCampaigns(ctx, 1001); len(mine) != 0 {
			t.Fatalf("a hidden campaign is listed: %+v", mine)
		}
	})
}

// Partners order, withdraw and staff toggle deliveries, set cash and save the whole
// composition of one campaign at once: every write keeps the tab totals (campaign_totals),
// none deadlocks or fails for a reason of ours, and the totals end equal to the rows.
func TestWritesOfOneCampaignTakeTurns(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		partners := []campaign.PartnerCash{pcash(t, 1001, cash(t, "100000")), pcash(t, 1002, cash(t, "100000")),
			pcash(t, 1003, cash(t, "100000"))}
		composition := campaign.Selection{Categories: []kernel.ID{f.alati, f.boje}, Products: []kernel.ID{f.p1, f.p2}, Partners: partners}
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, composition); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		unexpected := []error{}
		note := func(err error) {
			// Refusals the rules give (an item already delivered, a cash under what is
			// ordered) are fine; anything else is not.
			if err != nil && kernel.KindOf(err) != kernel.KindInvalid {
				mu.Lock()
				unexpected = append(unexpected, err)
				mu.Unlock()
			}
		}
		for i := range 40 {
			partner := kernel.ID(1001 + i%3)
			wg.Add(1)
			go func() {
				defer wg.Done()
				it, err := f.svc.Order(ctx, partner, id, f.p1, 1)
				note(err)
				if err != nil {
					return
				}
				switch i % 4 {
				case 0:
					note(f.svc.Withdraw(ctx, partner, id, it.ID()))
				case 1:
					_, err := f.svc.ToggleDelivery(ctx, it.ID())
					note(err)
				}
			}()
			if i%5 == 0 {
				wg.Add(2)
				go func() { defer wg.Done(); note(f.svc.Compose(ctx, id, kernel.AnyVersion, composition)) }()
				go func() { defer wg.Done(); note(f.svc.SetCash(ctx, id, partner, cash(t, "90000"))) }()
			}
		}
		wg.Wait()
		if len(unexpected) > 0 {
			t.Fatalf("unexpected errors: %v", unexpected)
		}
		var n, items int
		var cashMilli, ordered, delivered int64
		if err := db.NewRaw("SELECT count(*), coalesce(sum(cash_milli), 0) FROM campaign_partners WHERE campaign_id = ?", int64(id)).Scan(ctx, &n, &cashMilli); err != nil {
			t.Fatal(err)
		}
		if err := db.NewRaw("SELECT count(*), coalesce(sum(price_milli * quantity), 0), coalesce(sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END), 0) "+
			"FROM cart_items WHERE campaign_id = ?", int64(id)).Scan(ctx, &items, &ordered, &delivered); err != nil {
			t.Fatal(err)
		}
		q := ports.ListQuery{Page: 1, PerPage: 1}.Within("campaign_id", id)
		pp, total, err := f.svc.Lists().Partners.ListWithCash(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		cp, totals, err := f.svc.Lists().Cart.ListWithTotals(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if pp.Total != n || total.Thousandths() != cashMilli || cp.Total != items || totals.Ordered.Thousandths() != ordered ||
			totals.Delivered.Thousandths() != delivered || items != 30 {
			t.Fatalf("tabs say %d partners %v cash, %d items %v/%v; rows say %d, %d, %d items, %d/%d", pp.Total, total, cp.Total,
				totals.Ordered, totals.Delivered, n, cashMilli, items, ordered, delivered)
		}
		// More than a hundred changes leave a few rows of totals: they are folded as they come.
		var rows int
		if err := db.NewRaw("SELECT count(*) FROM campaign_totals WHERE campaign_id = ?", int64(id)).Scan(ctx, &rows); err != nil || rows > 16 {
			t.Fatalf("%d rows of totals %v", rows, err)
		}
	})
}

// Two staff set the same partner's cash while the partner orders: whatever the order of
// the turns, what the cart is worth never exceeds the cash.
func TestCashRuleUnderConcurrency(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.alati}, Products: []kernel.ID{f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "1000"))}}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		unexpected := []error{}
		note := func(err error) {
			if err != nil && kernel.KindOf(err) != kernel.KindInvalid {
				mu.Lock()
				unexpected = append(unexpected, err)
				mu.Unlock()
			}
		}
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.svc.Order(ctx, 1001, id, f.p1, 2) // 25 each
				note(err)
			}()
			if i%4 == 0 {
				wg.Add(2)
				go func() { defer wg.Done(); note(f.svc.SetCash(ctx, id, 1001, cash(t, "100"))) }()
				go func() { defer wg.Done(); note(f.svc.SetCash(ctx, id, 1001, cash(t, "300"))) }()
			}
		}
		wg.Wait()
		if len(unexpected) > 0 {
			t.Fatalf("unexpected errors: %v", unexpected)
		}
		st := f.standing(t, id, 1001).Money()
		_, totals, err := f.svc.Lists().Cart.ListWithTotals(ctx, ports.ListQuery{Page: 1, PerPage: 1}.Within("campaign_id", id))
		if err != nil {
			t.Fatal(err)
		}
		if totals.Ordered != st.Spent || st.Spent.Cmp(st.Cash) > 0 || st.Spent.IsZero() {
			t.Fatalf("cash %v, spent %v, cart worth %v", st.Cash, st.Spent, totals.Ordered)
		}
	})
}

// A category removal pruning a partner whose first order is being placed at that moment:
// whichever commits first, the prune answers 435 (the partner has cart items) or the order
// finds the partner gone, never a bare constraint failure (500). On PostgreSQL the order
// holds the partner's row while the prune has checked for cart items already, so the prune's
// delete meets the committed item.
func TestPruneRacingFirstOrder(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.alati, f.boje}, Products: []kernel.ID{f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "100")), pcash(t, 1002, cash(t, "100"))}}); err != nil {
			t.Fatal(err)
		}
		ordering, release := make(chan struct{}), make(chan struct{})
		orderDone := make(chan error, 1)
		go func() {
			orderDone <- persistence.NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
				if _, err := f.repo.WithPartnerTurn(ctx, id, 1002, func(st *campaign.Standing) error {
					_, err := st.Order(f.p1, campaign.Offer{InCampaign: true, Active: true, Price: cash(t, "12.5")}, 1, start)
					return err
				}); err != nil {
					return err
				}
				close(ordering)
				<-release
				return nil
			})
		}()
		<-ordering
		pruned := make(chan error, 1)
		go func() {
			_, err := f.svc.RemoveCategory(ctx, id, f.boje)
			pruned <- err
		}()
		time.Sleep(300 * time.Millisecond) // the prune checks for cart items and waits for the partner's row
		close(release)
		if err := <-orderDone; err != nil {
			t.Fatal(err)
		}
		wantKind(t, <-pruned, kernel.KindForbiddenInUse, "a prune racing the partner's first order")
		if cats := f.composition(t, id).Categories(); len(cats) != 2 {
			t.Fatalf("the refused prune removed the category: %v", cats)
		}
	})
}

// racingRepo places an order of 1001 inside the composition's transaction, after the
// composition was loaded: what an order committed meanwhile looks like on PostgreSQL.
type racingRepo struct {
	campaignports.Repository
	order func(ctx context.Context)
}

func (r racingRepo) Update(ctx context.Context, id kernel.ID, v kernel.Version, fn func(*campaign.Composition) error) (*campaign.Composition, error) {
	return r.Repository.Update(ctx, id, v, func(c *campaign.Composition) error {
		r.order(ctx)
		return fn(c)
	})
}

// A cash lowered through the composition is checked again in the partner's turn: an order
// that came after the composition was loaded makes it too low (422 with the ordered amount),
// never a bare constraint failure, and nothing changes.
func TestLoweredCashIsCheckedAgainInThePartnersTurn(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		if err := f.svc.Compose(ctx, id, kernel.AnyVersion, campaign.Selection{Categories: []kernel.ID{f.alati}, Products: []kernel.ID{f.p1},
			Partners: []campaign.PartnerCash{pcash(t, 1001, cash(t, "100"))}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Order(ctx, 1001, id, f.p1, 2); err != nil { // 25 spent
			t.Fatal(err)
		}
		racing := f.service(racingRepo{Repository: f.repo, order: func(ctx context.Context) {
			if _, err := f.svc.Order(ctx, 1001, id, f.p1, 1); err != nil { // 37.5 spent
				t.Error(err)
			}
		}})
		err := racing.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1001, cash(t, "30"))})
		var ae *campaign.AmountError
		if !errors.As(err, &ae) || ae.Key != "ordered" || ae.Amount.String() != "37.5" {
			t.Fatalf("a cash lowered below an order that came meanwhile: %v", err)
		}
		wantField(t, err, "cash", campaign.MsgCashBelowOrdered)
		if m := f.standing(t, id, 1001).Money(); m.Cash.String() != "100" || m.Spent.String() != "25" {
			t.Fatalf("the refused change wrote: %+v", m)
		}
	})
}
