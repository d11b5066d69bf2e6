package persistence_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	campaignports "vitrina/ports/campaign"
)

func TestCampaignSheets(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		w := newPartnerWorld(t, db)
		bulkPartners(t, db, 5001, 10, w.podgorica, w.alati)
		bulkPartners(t, db, 6001, 1, w.podgorica, w.boje)
		if _, err := db.NewRaw("UPDATE partners SET is_active = FALSE WHERE id = 5005").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		k := newCampaignKit(t, db)
		c, _ := campaign.New(campaign.Input{Name: "Zimska akcija", Description: "Popusti na alat", Image: "c.jpg"}, t0)
		if err := k.repo.Add(ctx, c); err != nil {
			t.Fatal(err)
		}
		id := c.ID()
		if err := k.addCategories(id, w.alati); err != nil {
			t.Fatal(err)
		}
		if err := k.put(id, 5002, 10_000, 5003, 20_500, 5005, 1000); err != nil {
			t.Fatal(err)
		}
		sheets := persistence.NewCampaignSheets(db)

		// The download: the active partners of the categories, by id, once, cash when linked.
		var rows []string
		err := sheets.StreamPartners(ctx, id, []kernel.ID{w.alati, w.rasvjeta, w.alati}, func(p campaignports.SheetPartner) error {
			c := "-"
			if p.Cash != nil {
				c = p.Cash.String()
			}
			rows = append(rows, fmt.Sprintf("%d:%s:%s:%s", p.ID, p.CategoryNames, p.City, c))
			return nil
		})
		if err != nil || len(rows) != 9 || rows[0] != "5001:Alati:Podgorica:-" || rows[1] != "5002:Alati:Podgorica:10" ||
			rows[2] != "5003:Alati:Podgorica:20.5" || strings.Contains(strings.Join(rows, " "), "5005") {
			t.Fatalf("stream %q %v", rows, err)
		}
		if err := sheets.StreamPartners(ctx, id, nil, func(campaignports.SheetPartner) error { t.Fatal("a row without categories"); return nil }); err != nil {
			t.Fatal(err)
		}

		show := func(facts map[kernel.ID]campaignports.SheetFacts) string {
			var out []string
			for _, pid := range []kernel.ID{5001, 5002, 5003, 5004, 5005, 6001, 9_999_999} {
				if f, ok := facts[pid]; ok {
					out = append(out, fmt.Sprintf("%d:%d:%v:%s", pid, len(f.Categories), f.Linked, f.Money.Cash))
				}
			}
			return strings.Join(out, " ")
		}
		// A sparse list of ids, and a dense one whose range holds a linked partner not asked
		// for (5002): only the ids asked for come back, never the inactive 5005.
		{
			facts, err := sheets.Facts(ctx, id, []kernel.ID{6001, 5003, 5005, 5001, 9_999_999})
			if got := show(facts); err != nil || got != "5001:1:false:0 5003:1:true:20.5 6001:1:false:0" {
				t.Fatalf("sparse: %s %v", got, err)
			}
			facts, err = sheets.Facts(ctx, id, []kernel.ID{5004, 5001, 5003, 5005})
			if got := show(facts); err != nil || got != "5001:1:false:0 5003:1:true:20.5 5004:1:false:0" {
				t.Fatalf("dense: %s %v", got, err)
			}
		}
	})
}
