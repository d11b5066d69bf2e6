package bootstrap

import (
	"bytes"
	"context"
	"image"
	_ "image/jpeg"
	"strings"
	"testing"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/identity"
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
	// The README's partner app sign-ins: every demo partner with its app password, and the
	// demo users linked to a partner for that partner.
	for _, d := range demoPartnerData {
		res, err := app.Identity.AppLogin(ctx, identity.AppSignIn{PartnerID: &d.id, Password: demoAppPassword}, "seed-test")
		if err != nil || *res.PartnerID != d.id {
			t.Fatalf("partner %d signs in to the app: %v", d.id, err)
		}
	}
	for username, partner := range map[string]int64{"stefan.djukanovic": 1006, "snezana.scekic": 1009, "sanja.knezevic": 1002} {
		res, err := app.Identity.AppLogin(ctx, identity.AppSignIn{Username: username, Password: "demo1234"}, "seed-test")
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
