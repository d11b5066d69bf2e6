package bootstrap

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The stepper's partners: GET /api/partners?category_ids= keeps the partners in any of the
// categories, with paging, filters and the active flag; a bad set is 422 on its name.
func TestPartnersByCategoryIDs(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld() // 1001 in Boje and Alati, 1002 in Boje
		rasvjeta := a.create("/api/categories", map[string]string{"name": "Rasvjeta"}).ID
		a.createPartner(partnerBody(1003, "Svjetlo Bar", w.city, "0", rasvjeta))
		a.createPartner(partnerBody(1004, "Alati Nikšić", w.otherCity, "0", w.alati))
		ids := func(query string) ([]int64, string) {
			t.Helper()
			var rows []struct {
				ID         int64   `json:"id"`
				Categories []named `json:"categories"`
			}
			r := a.expect(a.do("GET", "/api/partners?"+query, a.admin, nil), 200)
			r.json(t, &rows)
			out := []int64{}
			for _, p := range rows {
				out = append(out, p.ID)
			}
			return out, r.header.Get("X-Total-Count")
		}
		cases := []struct {
			query string
			want  []int64
			total string
		}{
			{fmt.Sprintf("category_ids=%d", w.alati), []int64{1001, 1004}, ""},
			{fmt.Sprintf("page=1&per_page=10&category_ids=%d", w.boje), []int64{1001, 1002}, "2"},
			{fmt.Sprintf("page=1&per_page=10&category_ids=%d,%d", w.alati, rasvjeta), []int64{1001, 1003, 1004}, "3"},
			{fmt.Sprintf("page=1&per_page=1&category_ids=%d,%d", w.alati, rasvjeta), []int64{1001}, "3"},
			// Through the trigram index (SQLite's FTS path) and beside a joined filter.
			{fmt.Sprintf("page=1&per_page=10&name=bar&category_ids=%d", rasvjeta), []int64{1003}, "1"},
			{fmt.Sprintf("page=1&per_page=10&city_name=nik&category_ids=%d", w.alati), []int64{1004}, "1"},
			{fmt.Sprintf("page=1&per_page=10&category_ids=%d&is_active=1", w.alati), []int64{1001, 1004}, "2"},
			{"page=1&per_page=10&category_ids=99999", []int64{}, "0"},
			// An empty set is no filter, as an empty text filter is.
			{"page=1&per_page=10&category_ids=", []int64{1001, 1002, 1003, 1004}, "4"},
		}
		for _, c := range cases {
			got, total := ids(c.query)
			if !slices.Equal(got, c.want) || total != c.total {
				t.Errorf("%s: %v (total %q), want %v (%q)", c.query, got, total, c.want, c.total)
			}
		}
		// The active picker answers the set too, inactive partners left out.
		a.toggle("/api/partners", 1004, 200)
		var active []named
		a.expect(a.do("GET", fmt.Sprintf("/api/partnersActive?page=1&category_ids=%d", w.alati), a.admin, nil), 200).json(t, &active)
		if len(active) != 1 || active[0].ID != 1001 {
			t.Fatalf("active %v", active)
		}

		tooMany := strings.TrimSuffix(strings.Repeat("1,", 1001), ",")
		for query, want := range map[string]string{
			"category_ids=1,x":                  "The category ids must be a list of ids.",
			"category_ids=0":                    "The category ids must be a list of ids.",
			"category_ids=1,,2":                 "The category ids must be a list of ids.",
			"category_ids=-3":                   "The category ids must be a list of ids.",
			"category_ids=99999999999999999999": "The category ids must be a list of ids.",
			"page=1&category_ids=" + tooMany:    "The category ids may not have more than 1000 items.",
		} {
			if got := a.expect(a.do("GET", "/api/partners?"+query, a.admin, nil), 422).fieldErrors(t)["category_ids"]; len(got) != 1 || got[0] != want {
				t.Errorf("%.40s: %v", query, got)
			}
		}
		// Exactly 1000 ids are fine.
		a.expect(a.do("GET", "/api/partners?page=1&category_ids="+strings.TrimSuffix(strings.Repeat("1,", 1000), ","), a.admin, nil), 200)
		// A list that whitelists no such set refuses it rather than answering every row.
		if got := a.expect(a.do("GET", "/api/cities?page=1&category_ids=1", a.admin, nil), 422).fieldErrors(t)["category_ids"]; len(got) != 1 || got[0] != "The filter is not supported." {
			t.Fatal(got)
		}
	})
}

// The details' partners carry their own categories (category_ids, ascending), which the
// stepper prunes by; the Partners tab's rows leave the field out.
func TestCampaignDetailsCarryPartnerCategories(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		var d struct {
			Partners []struct {
				ID          int64   `json:"id"`
				CategoryIDs []int64 `json:"category_ids"`
			} `json:"partners"`
		}
		a.expect(a.do("GET", fmt.Sprintf("/api/campaigns/%d", id), a.admin, nil), 200).json(t, &d)
		both := []int64{w.alati, w.boje}
		slices.Sort(both)
		if len(d.Partners) != 2 || d.Partners[0].ID != 1001 || !slices.Equal(d.Partners[0].CategoryIDs, both) ||
			d.Partners[1].ID != 1002 || !slices.Equal(d.Partners[1].CategoryIDs, []int64{w.boje}) {
			t.Fatalf("details partners %+v", d.Partners)
		}
		// The stepper's save answers the same shape.
		cur := a.campaign(id).Version
		body := map[string]any{"categories": []map[string]any{{"category_id": w.boje}},
			"partners": []map[string]any{{"partner_id": 1002, "cash": "40"}}, "products": []map[string]any{{"product_id": w.boja}}}
		a.expect(a.do("PUT", fmt.Sprintf("/api/campaignDetails/%d", id), a.admin, body, version(cur)...), 200).json(t, &d)
		if len(d.Partners) != 1 || !slices.Equal(d.Partners[0].CategoryIDs, []int64{w.boje}) {
			t.Fatalf("saved partners %+v", d.Partners)
		}
		tab := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/partners/%d", id), a.admin, nil), 200)
		if strings.Contains(string(tab.body), "category_ids") {
			t.Fatalf("the tab's rows carry category_ids: %s", tab.body)
		}
	})
}
