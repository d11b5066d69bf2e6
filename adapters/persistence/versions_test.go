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
	"vitrina/domain/campaign"
	"vitrina/domain/catalog"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
)

// versioned is a store's update as the version check sees it: a record added, a save of a
// new name at a version, and the name and version a reader sees.
type versioned struct {
	save func(expected kernel.Version, name string) error
	read func() (string, kernel.Version)
}

// stores are the four updates that keep a version: the shared one (a category), the
// partner's, the slider's and the campaign's. Each goes through the one version check of the
// store mechanism (ADR 0011, ADR 0027), so each is checked here alike, once.
func stores(t *testing.T, db *bun.DB) map[string]versioned {
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	w := newPartnerWorld(t, db)
	out := map[string]versioned{}

	cat := persistence.NewCatalog(db)
	catLists := persistence.NewCatalogLists(db)
	c, _ := catalog.NewCategory("Alati A", now)
	if err := cat.AddCategory(ctx, c); err != nil {
		t.Fatal(err)
	}
	out["category"] = versioned{
		save: func(v kernel.Version, name string) error {
			_, err := cat.UpdateCategory(ctx, c.ID(), v, func(c *catalog.Category) error { return c.Rename(name, now) })
			return err
		},
		read: func() (string, kernel.Version) {
			v, err := catLists.Categories.Find(ctx, c.ID())
			if err != nil {
				t.Fatal(err)
			}
			return v.Name, v.Version
		},
	}

	partners := persistence.NewPartnerStore(db)
	partnerLists := persistence.NewPartnerLists(db, persistence.NewPartnerIndex(db))
	if err := partners.Add(ctx, newPartner(t, 101, "Alfa Trade", w.podgorica, w.alati)); err != nil {
		t.Fatal(err)
	}
	out["partner"] = versioned{
		save: func(v kernel.Version, name string) error {
			_, err := partners.Update(ctx, 101, v, func(p *partner.Partner) error {
				return p.Edit(partnerInput(101, name, w.podgorica, w.alati), "", now)
			})
			return err
		},
		read: func() (string, kernel.Version) {
			v, err := partnerLists.Partners.Find(ctx, 101)
			if err != nil {
				t.Fatal(err)
			}
			return v.Name, v.Version
		},
	}

	sliders := persistence.NewSliderStore(db)
	sliderLists := persistence.NewContentLists(db, persistence.NewPartnerIndex(db))
	sl := newSliderOf(t, content.Promocija, "Zimska akcija", []kernel.ID{w.alati})
	if err := sliders.Add(ctx, sl); err != nil {
		t.Fatal(err)
	}
	out["slider"] = versioned{
		save: func(v kernel.Version, name string) error {
			_, err := sliders.Update(ctx, sl.ID(), v, func(s *content.Slider, u content.Usage) error {
				_, err := s.Edit(content.Input{Name: name, Type: s.Type(), CategoryIDs: []kernel.ID{w.alati}, PageContent: "<p>Nova</p>"}, u, contentToday, now)
				return err
			})
			return err
		},
		read: func() (string, kernel.Version) {
			v, err := sliderLists.Sliders.Find(ctx, sl.ID())
			if err != nil {
				t.Fatal(err)
			}
			return v.Name, v.Version
		},
	}

	campaigns := persistence.NewCampaignStore(db)
	campaignLists := persistence.NewCampaignLists(db, persistence.NewPartnerIndex(db))
	cm, _ := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Opis", Image: "c.jpg"}, now)
	if err := campaigns.Add(ctx, cm); err != nil {
		t.Fatal(err)
	}
	out["campaign"] = versioned{
		save: func(v kernel.Version, name string) error {
			_, err := campaigns.Update(ctx, cm.ID(), v, func(c *campaign.Composition) error {
				_, err := c.Campaign().Edit(campaign.Input{Name: name, Description: "Opis"}, now)
				return err
			})
			return err
		},
		read: func() (string, kernel.Version) {
			v, err := campaignLists.Campaigns.Find(ctx, cm.ID())
			if err != nil {
				t.Fatal(err)
			}
			return v.Name, v.Version
		},
	}
	return out
}

// Every store's update keeps the version alike: a save adds one, a save naming an older
// version is stale and changes nothing, a save at any version still moves it on, and of saves
// racing from the same version exactly one wins, whatever the engine's locking, because the
// UPDATE itself names the version.
func TestEveryStoreChecksTheVersion(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		for name, st := range stores(t, db) {
			t.Run(name, func(t *testing.T) {
				if _, v := st.read(); v != 1 {
					t.Fatalf("a new record is at version 1, got %d", v)
				}
				if err := st.save(1, "Novo ime A"); err != nil {
					t.Fatal(err)
				}
				if _, v := st.read(); v != 2 {
					t.Fatalf("a save adds one, got %d", v)
				}
				if err := st.save(1, "Novo ime B"); !errors.Is(err, kernel.ErrStale) {
					t.Fatalf("a save at the old version must be stale, got %v", err)
				}
				if n, v := st.read(); n != "Novo ime A" || v != 2 {
					t.Fatalf("a stale save changes nothing: %q at %d", n, v)
				}
				if err := st.save(kernel.AnyVersion, "Novo ime C"); err != nil {
					t.Fatal(err)
				}
				if _, v := st.read(); v != 3 {
					t.Fatalf("a save at any version moves it on too, got %d", v)
				}
				if err := st.save(2, "Novo ime D"); !errors.Is(err, kernel.ErrStale) {
					t.Fatalf("an edit loaded before another save is stale, got %v", err)
				}
				const n = 6
				errs := make([]error, n)
				var wg sync.WaitGroup
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						errs[i] = st.save(3, "Utrka "+string(rune('A'+i)))
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
				if _, v := st.read(); won != 1 || v != 4 {
					t.Fatalf("exactly one save of version 3 must win, %d did (version %d): %v", won, v, errs)
				}
			})
		}
	})
}

// A missing record stays a 404 whatever version is named.
func TestUpdateOfAMissingRecord(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		repo := persistence.NewCatalog(db)
		if _, err := repo.UpdateCategory(ctx, 9999, 1, func(*catalog.Category) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a missing record stays a 404, got %v", err)
		}
		if _, err := persistence.NewCampaignStore(db).Update(ctx, 9999, 1, func(*campaign.Composition) error { return nil }); kernel.KindOf(err) != kernel.KindNotFound {
			t.Fatalf("a missing campaign stays a 404, got %v", err)
		}
	})
}
