package bootstrap

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	"strings"
	"testing"

	"vitrina/adapters/persistence/dbtest"
	appidentity "vitrina/application/identity"
	"vitrina/domain/content"
	"vitrina/domain/identity"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

// The demo data loads on an empty database, and loading it again changes nothing.
func TestSeedDemoIsIdempotent(t *testing.T) {
	vars := map[string]string{"VITRINA_DATABASE_URL": dbtest.SQLiteURL(t), "VITRINA_DATA_DIR": t.TempDir(), "VITRINA_LOG_LEVEL": "error",
		"VITRINA_ADMIN_USERNAME": "admin", "VITRINA_ADMIN_PASSWORD": "vitrina"}
	for run := 0; run < 2; run++ {
		var out bytes.Buffer
		if err := Run(context.Background(), []string{"seed", "--demo"}, env(vars), strings.NewReader(""), &out); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
	}
	cfg, _ := LoadConfig(env(vars))
	app, cleanup, err := InitApp(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	ctx := context.Background()
	q := ports.ListQuery{Page: 1, PerPage: 1}
	lists := app.Catalog.Lists()
	counts := map[string]int{}
	for name, l := range map[string]interface {
		List(context.Context, ports.ListQuery) (ports.Page[catalogports.NamedView], error)
	}{"countries": lists.Countries, "categories": lists.Categories} {
		p, err := l.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		counts[name] = p.Total
	}
	cities, _ := lists.Cities.List(ctx, q)
	stores, _ := lists.Stores.List(ctx, q)
	products, _ := lists.Products.List(ctx, q)
	users, _ := app.Identity.Users().List(ctx, q)
	if counts["countries"] != len(demoCountries) || counts["categories"] != len(demoCategories) || cities.Total != len(demoCities) ||
		stores.Total != len(demoCities) || products.Total != len(demoProducts) || users.Total != 41 {
		t.Fatalf("counts %v cities %d stores %d products %d users %d", counts, cities.Total, stores.Total, products.Total, users.Total)
	}
	partners, _ := app.Partner.Lists().Partners.List(ctx, q)
	active := true
	messages, _ := app.Partner.Lists().SupportMessages.List(ctx, ports.ListQuery{Page: 1, PerPage: 1, Active: &active})
	contacts, _ := app.Partner.Contacts(ctx, 1001)
	if partners.Total != len(demoPartnerData) || messages.Total != 6 || len(contacts) != 2 {
		t.Fatalf("partners %d active messages %d contacts %d", partners.Total, messages.Total, len(contacts))
	}

	// Notifications: the staff's and those of the sliders with a push, each to the devices
	// of its categories' partners, not_configured without FCM; a second run adds none.
	notices, err := app.Notifications.Lists().Notifications.List(ctx, ports.ListQuery{Page: 1, PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	pushed := 0
	for _, d := range demoSliders {
		if d.push != "" {
			pushed++
		}
	}
	if notices.Total != len(demoNotifications)+pushed {
		t.Fatalf("%d notifications, want %d", notices.Total, len(demoNotifications)+pushed)
	}
	for _, n := range notices.Items {
		if n.Devices == 0 || n.NotConfigured != n.Devices || n.Pending() != 0 {
			t.Fatalf("notification %q: %+v", n.Subject, n)
		}
	}

	// Sliders of every type, through the content rules: banners stored, pages safe with
	// their image, sign-ups (some confirmed) and orders as the app makes them.
	sliders, err := app.Content.Lists().Sliders.List(ctx, ports.ListQuery{Page: 1, PerPage: 50})
	if err != nil || sliders.Total != len(demoSliders) {
		t.Fatalf("sliders %d %v", sliders.Total, err)
	}
	types, signUps, orders, quantity, withImage := map[content.Type]int{}, 0, 0, int64(0), 0
	for _, s := range sliders.Items {
		types[s.Type]++
		signUps += s.SignUps
		orders += s.Orders
		quantity += s.OrderedQuantity
		if strings.Contains(s.PageContent, `<img src="/api/images/sliders/`) {
			withImage++
		}
	}
	if types[content.Slika] != 3 || types[content.Promocija] != 2 || types[content.Seminar] != 2 || signUps != 5 || orders != 5 ||
		quantity != 49 || withImage != 4 {
		t.Fatalf("types %v sign-ups %d orders %d quantity %d pages with an image %d", types, signUps, orders, quantity, withImage)
	}
	seen := 0
	for _, s := range sliders.Items {
		if s.Type != content.Seminar {
			continue
		}
		page, err := app.Content.Partners(ctx, kernel.ID(s.ID), ports.ListQuery{Page: 1, PerPage: 20, Filters: map[string]string{"confirmed": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		seen += page.Total
	}
	if seen != 2 {
		t.Fatalf("confirmed sign-ups %d", seen)
	}
	shown, err := app.Content.VisibleTo(ctx, 1010)
	if err != nil || len(shown) != 3 {
		t.Fatalf("partner 1010 sees %d sliders: %v", len(shown), err)
	}
	// Three campaigns with drawn images, composed through the stepper's save, with cart items
	// ordered under the app's rules, some delivered.
	campaigns, err := app.Campaign.Lists().Campaigns.List(ctx, ports.ListQuery{Page: 1, PerPage: 10})
	if err != nil || campaigns.Total != len(demoCampaigns) {
		t.Fatalf("campaigns %d %v", campaigns.Total, err)
	}
	items, deliveredItems, partnersWithCash := 0, 0, 0
	for _, c := range campaigns.Items {
		if c.Image == "" || !c.IsVisible || !c.IsActive {
			t.Fatalf("campaign %+v", c)
		}
		cart, err := app.Campaign.Cart(ctx, kernel.ID(c.ID), ports.ListQuery{Page: 1, PerPage: 50})
		if err != nil {
			t.Fatal(err)
		}
		items += cart.Total
		for _, it := range cart.Items {
			if it.Delivered {
				deliveredItems++
			}
		}
		ps, err := app.Campaign.Partners(ctx, kernel.ID(c.ID), ports.ListQuery{Page: 1, PerPage: 50})
		if err != nil || ps.Cash.IsZero() {
			t.Fatalf("partners of %q: %+v %v", c.Name, ps, err)
		}
		partnersWithCash += ps.Total
	}
	if items != 10 || deliveredItems != 4 || partnersWithCash != 9 {
		t.Fatalf("cart items %d delivered %d partners %d", items, deliveredItems, partnersWithCash)
	}
	mine, err := app.Campaign.PartnerCampaigns(ctx, 1007)
	if err != nil || len(mine) != 2 {
		t.Fatalf("partner 1007 sees %d campaigns: %v", len(mine), err)
	}

	// The README's partner app sign-ins: every demo partner with its app password, and the
	// demo users linked to a partner for that partner.
	for _, d := range demoPartnerData {
		res, err := app.Identity.AppLogin(ctx, identity.AppSignIn{PartnerID: &d.id, Password: demoAppPassword}, appidentity.Client{Address: "seed-test"})
		if err != nil || *res.PartnerID != d.id {
			t.Fatalf("partner %d signs in to the app: %v", d.id, err)
		}
	}
	for username, partner := range map[string]int64{"stefan.djukanovic": 1006, "snezana.scekic": 1009, "sanja.knezevic": 1002} {
		res, err := app.Identity.AppLogin(ctx, identity.AppSignIn{Username: username, Password: "demo1234"}, appidentity.Client{Address: "seed-test"})
		if err != nil || *res.PartnerID != partner {
			t.Fatalf("%s signs in to the app for %d: %+v, %v", username, partner, res, err)
		}
	}
}

// Product pictures are real JPEGs the upload pipeline accepts, captions in the font's ASCII.
func TestProductPictureIsAnAcceptableJPEG(t *testing.T) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(productPicture(3, "Baštenski čekić")); err != nil {
		t.Fatal(err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(buf.Bytes()))
	if err != nil || format != "jpeg" || cfg.Width != 960 || cfg.Height != 720 {
		t.Fatalf("%v %s %dx%d", err, format, cfg.Width, cfg.Height)
	}
	if asciiFold("Baštenski čekić Đ") != "Bastenski cekic Dj" {
		t.Fatal("transliteration")
	}
}
