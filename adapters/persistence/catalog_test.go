package persistence_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

func TestCatalogRepositoryContract(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		repo := persistence.NewCatalog(db)
		lists := persistence.NewCatalogLists(db)
		now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
		step := steps(t)
		var me *catalog.Country
		var city *catalog.City
		var p *catalog.Product

		step("a country is added and its name is unique per kind, case folded", func(t *testing.T) {
			me, _ = catalog.NewCountry("Crna Gora", now)
			if err := repo.AddCountry(ctx, me); err != nil || me.ID() == 0 {
				t.Fatalf("add country: %v", err)
			}
			if d, _ := repo.NamedDuplicate(ctx, catalogports.Countries, "CRNA GORA", 0); d != catalog.ActiveDuplicate {
				t.Fatalf("duplicate = %v", d)
			}
			if d, _ := repo.NamedDuplicate(ctx, catalogports.Countries, "Crna Gora", me.ID()); d != catalog.NoDuplicate {
				t.Fatal("a record is no duplicate of itself")
			}
			if d, _ := repo.NamedDuplicate(ctx, catalogports.Categories, "Crna Gora", 0); d != catalog.NoDuplicate {
				t.Fatal("countries and categories are separate")
			}
			twin, _ := catalog.NewCountry("crna gora", now)
			if err := repo.AddCountry(ctx, twin); err != catalog.ErrNameTaken {
				t.Fatalf("the unique index backs the rule: %v", err)
			}
		})

		step("a country with an active city cannot be deactivated; a missing one is not found", func(t *testing.T) {
			city, _ = catalog.NewCity(catalog.CityInput{Name: "Bar", CountryID: me.ID()}, now)
			if err := repo.AddCity(ctx, city); err != nil {
				t.Fatal(err)
			}
			if n, _ := repo.ActiveCitiesIn(ctx, me.ID()); n != 1 {
				t.Fatalf("active cities = %d", n)
			}
			if _, err := repo.UpdateCountry(ctx, me.ID(), kernel.AnyVersion, func(c *catalog.Country) error { return c.ToggleActive(1, now) }); kernel.KindOf(err) != kernel.KindForbiddenInUse {
				t.Fatalf("in use: %v", err)
			}
			if ok, _ := repo.CountryIsActive(ctx, me.ID()); !ok {
				t.Fatal("a refused toggle changes nothing")
			}
			if _, err := repo.UpdateCountry(ctx, 9999, kernel.AnyVersion, func(*catalog.Country) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
				t.Fatalf("missing country: %v", err)
			}
		})

		step("a store is counted in its city and listed with the city's name and its coordinates", func(t *testing.T) {
			lat, lng := 42.1, 19.1
			st, _ := catalog.NewStore(catalog.StoreInput{CityID: city.ID(), Address: "Obala 1", Contact: "068 111 222", Lat: &lat, Lng: &lng}, now)
			if err := repo.AddStore(ctx, st); err != nil {
				t.Fatal(err)
			}
			if n, _ := repo.ActiveStoresIn(ctx, city.ID()); n != 1 {
				t.Fatalf("active stores = %d", n)
			}
			sv, err := lists.Stores.Find(ctx, st.ID())
			if err != nil || sv.CityName != "Bar" || sv.Lat != lat {
				t.Fatalf("store view %+v %v", sv, err)
			}
		})

		step("the largest price survives exactly", func(t *testing.T) {
			p, _ = catalog.NewProduct(catalog.ProductInput{Name: "Čekić", Description: "Stolarski", Price: "9999999999.999", Image: "a.jpg"}, now)
			if err := repo.AddProduct(ctx, p); err != nil {
				t.Fatal(err)
			}
			pv, err := lists.Products.Find(ctx, p.ID())
			if err != nil || pv.Price != "9999999999.999" || pv.Image != "a.jpg" {
				t.Fatalf("the largest price survives exactly: %+v %v", pv, err)
			}
		})

		step("an update keeps the image and the name filter follows it", func(t *testing.T) {
			updated, err := repo.UpdateProduct(ctx, p.ID(), kernel.AnyVersion, func(p *catalog.Product) error {
				_, err := p.Edit(catalog.ProductInput{Name: "Čekić 500 g", Description: "Stolarski", Price: "0.001"}, now)
				return err
			})
			if err != nil || updated.Price().String() != "0.001" || updated.Image() != "a.jpg" {
				t.Fatalf("update: %+v %v", updated, err)
			}
			page, err := lists.Products.List(ctx, ports.ListQuery{Page: 1, PerPage: 10, Filters: map[string]string{"name": "cekic 500"}})
			if err != nil || page.Total != 1 || page.Items[0].Name != "Čekić 500 g" {
				t.Fatalf("the trigram index follows updates: %+v %v", page, err)
			}
		})
	})
}
