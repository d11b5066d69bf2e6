package catalog_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	appcatalog "vitrina/application/catalog"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
)

type fixedClock struct{ now time.Time }

func (c fixedClock) Now() time.Time { return c.now }

var now = time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)

// The use cases run against the real stores; a category's usages are the partners'.
type fixture struct {
	svc     *appcatalog.Service
	db      *bun.DB
	dataDir string
}

func newFixture(t *testing.T, db *bun.DB) fixture {
	dir := t.TempDir()
	svc := appcatalog.NewService(persistence.NewCatalog(db), persistence.NewCatalogLists(db), storage.NewImages(dir),
		appcatalog.CategoryUsages{persistence.NewPartnerCategoryUsage(db)}, nil, persistence.NewTxManager(db), fixedClock{now})
	return fixture{svc: svc, db: db, dataDir: dir}
}

// must takes a use case's answer and, given the test, fails it on an error: must(svc.X(…))(t).
func must[V any](v V, err error) func(t *testing.T) V {
	return func(t *testing.T) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// wantKind fails unless err is a domain error of the kind.
func wantKind(t *testing.T, err error, kind kernel.Kind, what string) {
	t.Helper()
	if kernel.KindOf(err) != kind {
		t.Fatalf("%s: %v (kind %d), want kind %d", what, err, kernel.KindOf(err), kind)
	}
}

// wantField fails unless err is a validation error with message first on field.
func wantField(t *testing.T, err error, field, message string) {
	t.Helper()
	var e *kernel.Error
	if !errors.As(err, &e) || e.Kind != kernel.KindInvalid || len(e.Fields[field]) == 0 || e.Fields[field][0] != message {
		t.Fatalf("want %s: %q, got %v", field, message, err)
	}
}

func TestCountriesAndCategories(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		me := must(f.svc.CreateNamed(ctx, "countries", "Crna Gora"))(t)
		if me.Name != "Crna Gora" || !me.IsActive {
			t.Fatalf("created %+v", me)
		}
		// Duplicates: an active one is 422 on the name, whatever the case and spaces.
		_, err := f.svc.CreateNamed(ctx, "countries", "  crna gora ")
		wantField(t, err, "name", "The name has already been taken.")
		// The same name is free in the other table.
		cat := must(f.svc.CreateNamed(ctx, "categories", "Crna Gora"))(t)

		// A rename names the version it was loaded at; an older one is stale and changes nothing.
		renamed := must(f.svc.RenameNamed(ctx, "countries", kernel.ID(me.ID), me.Version, "Montenegro"))(t)
		if renamed.Name != "Montenegro" || renamed.Version == me.Version {
			t.Fatalf("renamed %+v", renamed)
		}
		_, err = f.svc.RenameNamed(ctx, "countries", kernel.ID(me.ID), me.Version, "Crna Gora")
		if !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("stale rename: %v", err)
		}
		_, err = f.svc.RenameNamed(ctx, "countries", 9999, kernel.AnyVersion, "Nigdje")
		wantKind(t, err, kernel.KindNotFound, "rename of a missing country")

		// A country with an active city stays active (435); without one it goes.
		city := must(f.svc.CreateCity(ctx, catalog.CityInput{Name: "Bar", CountryID: kernel.ID(me.ID)}))(t)
		_, err = f.svc.ToggleNamed(ctx, "countries", kernel.ID(me.ID))
		wantKind(t, err, kernel.KindForbiddenInUse, "deactivating a country with a city")
		if active := must(f.svc.ToggleCity(ctx, kernel.ID(city.ID)))(t); active {
			t.Fatal("the city without stores goes inactive")
		}
		if active := must(f.svc.ToggleNamed(ctx, "countries", kernel.ID(me.ID)))(t); active {
			t.Fatal("the country without active cities goes inactive")
		}
		// An inactive duplicate is 434; an inactive country takes no new city.
		_, err = f.svc.CreateNamed(ctx, "countries", "MONTENEGRO")
		wantKind(t, err, kernel.KindConflictInactive, "a name of an inactive country")
		_, err = f.svc.CreateCity(ctx, catalog.CityInput{Name: "Kotor", CountryID: kernel.ID(me.ID)})
		wantField(t, err, "country_id", "The selected country id is invalid.")

		// A category an active partner holds stays active; once the partner is inactive it goes.
		other := must(f.svc.CreateNamed(ctx, "countries", "Srbija"))(t)
		bg := must(f.svc.CreateCity(ctx, catalog.CityInput{Name: "Beograd", CountryID: kernel.ID(other.ID)}))(t)
		partners := persistence.NewPartnerStore(db)
		p, err := partner.New(partner.Input{ID: "5", Name: "Gradnja", CityID: kernel.ID(bg.ID), CategoryIDs: []kernel.ID{kernel.ID(cat.ID)},
			Password: "tajna", Figures: partner.FigureTexts{"1", "1", "1", "1", "1", "1"}}, "hash", now)
		if err != nil {
			t.Fatal(err)
		}
		if err := partners.Add(ctx, p); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.ToggleNamed(ctx, "categories", kernel.ID(cat.ID))
		wantKind(t, err, kernel.KindForbiddenInUse, "deactivating a category in use")
		if _, err := partners.Update(ctx, 5, kernel.AnyVersion, func(p *partner.Partner) error { p.ToggleActive(now); return nil }); err != nil {
			t.Fatal(err)
		}
		if active := must(f.svc.ToggleNamed(ctx, "categories", kernel.ID(cat.ID)))(t); active {
			t.Fatal("a category only inactive partners hold goes inactive")
		}
	})
}

func TestCitiesAndStores(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		me := must(f.svc.CreateNamed(ctx, "countries", "Crna Gora"))(t)
		rs := must(f.svc.CreateNamed(ctx, "countries", "Srbija"))(t)
		bar := must(f.svc.CreateCity(ctx, catalog.CityInput{Name: "Bar", CountryID: kernel.ID(me.ID)}))(t)
		if bar.CountryName != "Crna Gora" {
			t.Fatalf("city %+v", bar)
		}
		_, err := f.svc.CreateCity(ctx, catalog.CityInput{Name: "BAR", CountryID: kernel.ID(me.ID)})
		wantField(t, err, "name", "The name has already been taken.")
		// A city's name is unique within its country only.
		must(f.svc.CreateCity(ctx, catalog.CityInput{Name: "Bar", CountryID: kernel.ID(rs.ID)}))(t)
		_, err = f.svc.CreateCity(ctx, catalog.CityInput{Name: "Kotor", CountryID: 999})
		wantField(t, err, "country_id", "The selected country id is invalid.")

		lat, lng := 42.1, 19.1
		store := must(f.svc.CreateStore(ctx, catalog.StoreInput{CityID: kernel.ID(bar.ID), Address: "Obala 1", Contact: "030 123", Lat: &lat, Lng: &lng}))(t)
		if store.CityName != "Bar" || !store.IsActive {
			t.Fatalf("store %+v", store)
		}
		// A city with an active store stays active (435); once the store is inactive it goes.
		_, err = f.svc.ToggleCity(ctx, kernel.ID(bar.ID))
		wantKind(t, err, kernel.KindForbiddenInUse, "deactivating a city with a store")
		moved := must(f.svc.UpdateStore(ctx, kernel.ID(store.ID), store.Version,
			catalog.StoreInput{CityID: kernel.ID(bar.ID), Address: "Obala 2", Contact: "030 123", Lat: &lat, Lng: &lng}))(t)
		_, err = f.svc.UpdateStore(ctx, kernel.ID(store.ID), store.Version,
			catalog.StoreInput{CityID: kernel.ID(bar.ID), Address: "Obala 3", Contact: "030 123", Lat: &lat, Lng: &lng})
		if !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("stale store edit: %v", err)
		}
		if must(f.svc.ToggleStore(ctx, kernel.ID(moved.ID)))(t) {
			t.Fatal("toggle deactivates the store")
		}
		if must(f.svc.ToggleCity(ctx, kernel.ID(bar.ID)))(t) {
			t.Fatal("a city without active stores goes inactive")
		}
		// An inactive city takes no store.
		_, err = f.svc.CreateStore(ctx, catalog.StoreInput{CityID: kernel.ID(bar.ID), Address: "Obala 4", Contact: "030 123", Lat: &lat, Lng: &lng})
		wantField(t, err, "city_id", "The selected city id is invalid.")
		// A stale city edit changes nothing.
		_, err = f.svc.UpdateCity(ctx, kernel.ID(bar.ID), bar.Version+7, catalog.CityInput{Name: "Stari Bar", CountryID: kernel.ID(me.ID)})
		if !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("stale city edit: %v", err)
		}
	})
}

func pngImage(t *testing.T) *bytes.Reader {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

// images are the stored product images' names.
func (f fixture) images(t *testing.T) []string {
	entries, err := os.ReadDir(filepath.Join(f.dataDir, "images", appcatalog.ImageKind))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() { // thumbnails have their own folder
			names = append(names, e.Name())
		}
	}
	return names
}

func TestProducts(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		in := catalog.ProductInput{Name: "Bušilica", Description: "Udarna bušilica 800 W", Price: "0125,110"}
		_, err := f.svc.CreateProduct(ctx, in, nil)
		wantField(t, err, "image", "The image field is required.")
		bad := in
		bad.Price = "12%"
		_, err = f.svc.CreateProduct(ctx, bad, pngImage(t))
		wantField(t, err, "price", "The price must be a number.")
		if len(f.images(t)) != 0 {
			t.Fatal("a refused product stores no image")
		}

		p := must(f.svc.CreateProduct(ctx, in, pngImage(t)))(t)
		if p.Price != "125.11" || p.Image == "" || !p.IsActive {
			t.Fatalf("product %+v", p)
		}
		// An edit without an image keeps it; the price is kept exactly.
		in.Price = "9999999999.999"
		edited := must(f.svc.UpdateProduct(ctx, kernel.ID(p.ID), p.Version, in, nil))(t)
		if edited.Price != "9999999999.999" || edited.Image != p.Image {
			t.Fatalf("edited %+v", edited)
		}
		// A stale edit changes nothing and leaves no image behind.
		in.Price = "1"
		_, err = f.svc.UpdateProduct(ctx, kernel.ID(p.ID), p.Version, in, pngImage(t))
		if !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("stale product edit: %v", err)
		}
		if imgs := f.images(t); len(imgs) != 1 || imgs[0] != p.Image {
			t.Fatalf("images after a stale edit: %v", imgs)
		}
		// A new image replaces the old one, which is deleted.
		replaced := must(f.svc.UpdateProduct(ctx, kernel.ID(p.ID), edited.Version, in, pngImage(t)))(t)
		if replaced.Image == p.Image || replaced.Price != "1" {
			t.Fatalf("replaced %+v", replaced)
		}
		if imgs := f.images(t); len(imgs) != 1 || imgs[0] != replaced.Image {
			t.Fatalf("images after a replacement: %v", imgs)
		}
		if must(f.svc.ToggleProduct(ctx, kernel.ID(p.ID)))(t) {
			t.Fatal("toggle deactivates the product")
		}
		_, err = f.svc.UpdateProduct(ctx, 999, kernel.AnyVersion, in, nil)
		wantKind(t, err, kernel.KindNotFound, "edit of a missing product")
	})
}
