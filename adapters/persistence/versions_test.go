package persistence_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
)

// The shared update keeps the version: a save adds one, a save naming an older version is
// stale and changes nothing, a toggle (any version) still moves it on.
func TestUpdateChecksAndMovesTheVersion(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		repo := persistence.NewCatalog(db)
		lists := persistence.NewCatalogLists(db)
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		c, _ := catalog.NewCategory("Alati", now)
		if err := repo.AddCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		version := func() kernel.Version {
			v, err := lists.Categories.Find(ctx, c.ID())
			if err != nil {
				t.Fatal(err)
			}
			return v.Version
		}
		if v := version(); v != 1 {
			t.Fatalf("a new record is at version 1, got %d", v)
		}
		rename := func(expected kernel.Version, name string) error {
			_, err := repo.UpdateCategory(ctx, c.ID(), expected, func(c *catalog.Category) error { return c.Rename(name, now) })
			return err
		}
		if err := rename(1, "Alati A"); err != nil {
			t.Fatal(err)
		}
		if v := version(); v != 2 {
			t.Fatalf("a save adds one, got %d", v)
		}
		if err := rename(1, "Alati B"); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("a save at the old version must be stale, got %v", err)
		}
		if v, _ := lists.Categories.Find(ctx, c.ID()); v.Name != "Alati A" || v.Version != 2 {
			t.Fatalf("a stale save changes nothing: %+v", v)
		}
		if _, err := repo.UpdateCategory(ctx, c.ID(), kernel.AnyVersion, func(c *catalog.Category) error { return c.ToggleActive(0, now) }); err != nil {
			t.Fatal(err)
		}
		if v := version(); v != 3 {
			t.Fatalf("a toggle moves the version on too, got %d", v)
		}
		if err := rename(2, "Alati C"); !errors.Is(err, kernel.ErrStale) {
			t.Fatalf("an edit loaded before a toggle is stale, got %v", err)
		}
		if _, err := repo.UpdateCategory(ctx, 9999, 1, func(*catalog.Category) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a missing record stays a 404, got %v", err)
		}
	})
}

// Two saves racing from the same loaded version: exactly one wins, whatever the engine's
// locking, because the UPDATE itself names the version.
func TestConcurrentSavesOfOneVersionLetOneWin(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		repo := persistence.NewCatalog(db)
		now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		c, _ := catalog.NewCountry("Srbija", now)
		if err := repo.AddCountry(ctx, c); err != nil {
			t.Fatal(err)
		}
		const n = 6
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = repo.UpdateCountry(ctx, c.ID(), 1, func(c *catalog.Country) error {
					return c.Rename("Srbija "+string(rune('A'+i)), now)
				})
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, kernel.ErrStale):
			default:
				t.Fatalf("unexpected error: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("exactly one save of version 1 must win, %d did: %v", won, errs)
		}
	})
}
