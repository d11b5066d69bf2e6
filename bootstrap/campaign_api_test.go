package bootstrap

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
)

type campaignOut struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Image     string `json:"image"`
	ImageURL  string `json:"image_url"`
	IsVisible bool   `json:"is_visible"`
	IsActive  bool   `json:"is_active"`
	Version   int64  `json:"version"`
}

type campaignPartnerOut struct {
	ID    int64 `json:"id"`
	Pivot struct {
		Cash json.Number `json:"cash"`
	} `json:"pivot"`
	Name          string `json:"name"`
	City          string `json:"city"`
	CategoryNames string `json:"category_names"`
}

type campaignDetailsOut struct {
	campaignOut
	Products []struct {
		ID    int64       `json:"id"`
		Price json.Number `json:"price"`
	} `json:"products"`
	Categories      []named              `json:"categories"`
	Partners        []campaignPartnerOut `json:"partners"`
	RemovedPartners []int64              `json:"removed_partners"`
}

func (d campaignDetailsOut) partnerIDs() []int64 {
	out := []int64{}
	for _, p := range d.Partners {
		out = append(out, p.ID)
	}
	return out
}

func (a *api) createCampaign(name string) campaignOut {
	a.t.Helper()
	var c campaignOut
	a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": name, "description": "Opis kampanje " + name},
		map[string][]byte{"image": testJPEG(a.t, 120, 80)}), 201).json(a.t, &c)
	return c
}

func (a *api) campaign(id int64) campaignDetailsOut {
	a.t.Helper()
	var d campaignDetailsOut
	a.expect(a.do("GET", fmt.Sprintf("/api/campaigns/%d", id), a.admin, nil), 200).json(a.t, &d)
	return d
}

func (a *api) createProduct(name, price string) int64 {
	a.t.Helper()
	var p named
	a.expect(a.upload("/api/products", map[string]string{"name": name, "description": "Opis " + name, "price": price}, "p.jpg",
		testJPEG(a.t, 60, 60)), 201).json(a.t, &p)
	return p.ID
}

// campaignWorld is appWorld (1001 in Boje and Alati, 1002 in Boje) with two products and a
// campaign holding both categories, both products and both partners (1001 with 500 cash,
// 1002 with 100).
type campaignWorld struct {
	partnerWorld
	bušilica, boja int64
	campaign       campaignOut
}

func (a *api) campaignWorld() campaignWorld {
	a.t.Helper()
	w := campaignWorld{partnerWorld: a.appWorld()}
	w.bušilica = a.createProduct("Bušilica", "120.5")
	w.boja = a.createProduct("Boja bijela", "10")
	w.campaign = a.createCampaign("Zimska kampanja")
	id := w.campaign.ID
	a.expect(a.do("POST", "/api/categoryCampaigns", a.admin, map[string]any{"campaign_id": id, "categories": []int64{w.alati, w.boje}}), 200)
	a.expect(a.do("POST", "/api/productCampaigns", a.admin, map[string]any{"campaign_id": id, "products": []int64{w.bušilica, w.boja}}), 200)
	a.expect(a.do("POST", "/api/partnerCampaigns", a.admin, map[string]any{"campaign_id": id,
		"partners": []map[string]any{{"id": 1001, "cash": "500"}, {"id": 1002, "cash": 100}}}), 200)
	return w
}

func TestCampaignsAccess(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		financier := a.login(a.createUser(userBody("Fin Ancier", "fin1", "financier")).Username, "pass1234")
		engineer := a.login(a.createUser(userBody("Eng Ineer", "eng1", "engineer")).Username, "pass1234")
		manager := a.login(a.createUser(userBody("Man Ager", "man1", "manager")).Username, "pass1234")
		director := a.login(a.createUser(userBody("Dir Ector", "dir1", "director")).Username, "pass1234")
		calls := []struct {
			method, path string
			write        bool
		}{
			{"GET", "/api/campaigns", false}, {"GET", "/api/campaigns/1", false}, {"POST", "/api/campaigns", true},
			{"POST", "/api/campaigns/1", true}, {"DELETE", "/api/campaigns/1", true}, {"PUT", "/api/campaigns/activate/1", true},
			{"POST", "/api/productCampaigns", true}, {"POST", "/api/categoryCampaigns", true}, {"POST", "/api/partnerCampaigns", true},
			{"POST", "/api/partnerCampaignsCash/1", true}, {"PUT", "/api/campaignDetails/1", true},
			{"DELETE", "/api/deleteCampaignItemProduct/1/1", true}, {"DELETE", "/api/deleteCampaignItemCategory/1/1", true},
			{"DELETE", "/api/deleteCampaignItemPartner/1/1", true}, {"GET", "/api/campaignDetailsById/partners/1", false},
			{"GET", "/api/campaignDetailsById/cart/1", false}, {"DELETE", "/api/deleteCampaignItemCart/1", true},
			{"GET", "/api/campaignDetailsById/products/1", false}, {"GET", "/api/campaignDetailsById/categories/1", false},
			{"GET", "/api/campaignDetailsById/cart/1/excel", false}, {"POST", "/api/getCampaignPartnerList", false},
			{"POST", "/api/saveCampaignPartners/1", true},
		}
		for _, c := range calls {
			a.expect(a.do(c.method, c.path, "", nil), 401)
			a.expect(a.do(c.method, c.path, "not-a-token", nil), 401)
			for _, reader := range []string{engineer, financier} {
				if c.write {
					a.expect(a.do(c.method, c.path, reader, nil), 403)
				} else if r := a.do(c.method, c.path, reader, nil); r.status == 401 || r.status == 403 {
					t.Fatalf("a reader reads %s %s: %d", c.method, c.path, r.status)
				}
			}
			for _, writer := range []string{manager, director} {
				if r := a.do(c.method, c.path, writer, nil); r.status == 401 || r.status == 403 {
					t.Fatalf("a writer may %s %s: %d", c.method, c.path, r.status)
				}
			}
		}
		// The app's calls refuse a panel token, the panel's an app token.
		a.appWorld()
		app := a.appLogin(partnerSignIn(1001, "tajna1"))
		for _, path := range []string{"/api/app/campaigns", "/api/app/campaigns/1/products", "/api/app/campaigns/1/cart"} {
			a.expect(a.do("GET", path, "", nil), 401)
			if got := a.expect(a.do("GET", path, a.admin, nil), 403).message(t); got != "Only the partner app may make this call." {
				t.Fatal(got)
			}
		}
		a.expect(a.do("POST", "/api/app/campaigns/1/cart", a.admin, map[string]any{"product_id": 1, "quantity": 1}), 403)
		a.expect(a.do("DELETE", "/api/app/campaigns/1/cart/1", a.admin, nil), 403)
		a.expect(a.do("GET", "/api/campaigns", app, nil), 403)
		a.expect(a.do("GET", "/api/campaignDetailsById/cart/1", app, nil), 403)
	})
}

func TestCampaignsCreateListEditToggle(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": "Z", "description": "Opis"}, nil), 422)
		errs := a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": "Zima", "description": "Opis"}, nil), 422).fieldErrors(t)
		if errs["image"][0] != "The image field is required." {
			t.Fatal(errs)
		}
		c := a.createCampaign("Zimska kampanja")
		a.createCampaign("Ljetnja kampanja")
		if c.Version != 1 || !c.IsActive || !c.IsVisible || c.ImageURL != "/api/images/campaigns/"+c.Image {
			t.Fatalf("created %+v", c)
		}
		img, err := http.Get(a.srv.URL + c.ImageURL)
		if err != nil {
			t.Fatal(err)
		}
		img.Body.Close()
		if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("image %d", img.StatusCode)
		}
		var list []campaignOut
		r := a.expect(a.do("GET", "/api/campaigns?page=1&per_page=20", a.admin, nil), 200)
		r.json(t, &list)
		if r.header.Get("X-Total-Count") != "2" || list[0].Name != "Ljetnja kampanja" {
			t.Fatalf("list %s", r.body)
		}
		a.expect(a.do("GET", "/api/campaigns?page=1&name=zimsk", a.admin, nil), 200).json(t, &list)
		if len(list) != 1 || list[0].ID != c.ID {
			t.Fatalf("filtered %v", list)
		}
		// Edits name the version they loaded.
		path := fmt.Sprintf("/api/campaigns/%d", c.ID)
		a.expect(a.form("POST", path, a.admin, map[string]string{"name": "Zima 2026", "description": "Novi opis"}, nil), 422)
		var edited campaignOut
		a.expect(a.form("POST", path, a.admin, map[string]string{"name": "Zima 2026", "description": "Novi opis"}, nil, version(1)...), 200).json(t, &edited)
		if edited.Name != "Zima 2026" || edited.Image != c.Image || edited.Version != 2 {
			t.Fatalf("edited %+v", edited)
		}
		a.expect(a.form("POST", path, a.admin, map[string]string{"name": "Zima", "description": "Opis"}, nil, version(1)...), 409)
		a.expect(a.form("POST", "/api/campaigns/9999", a.admin, map[string]string{"name": "Zima", "description": "Opis"}, nil, version(1)...), 404)
		var vis map[string]bool
		a.expect(a.do("PUT", fmt.Sprintf("/api/campaigns/activate/%d", c.ID), a.admin, nil), 200).json(t, &vis)
		if vis["is_visible"] {
			t.Fatal(vis)
		}
		if a.toggle("/api/campaigns", c.ID, 200) {
			t.Fatal("still active")
		}
		a.expect(a.do("DELETE", "/api/campaigns/9999", a.admin, nil), 404)
		a.expect(a.do("PUT", "/api/campaigns/activate/9999", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/campaigns/9999", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/campaigns/abc", a.admin, nil), 404)
	})
}

func TestCampaignComposition(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		d := a.campaign(id)
		if len(d.Products) != 2 || len(d.Categories) != 2 || !slices.Equal(d.partnerIDs(), []int64{1001, 1002}) ||
			d.Partners[0].Pivot.Cash != "500" || d.Partners[1].Pivot.Cash != "100" || d.Partners[0].City != "Podgorica" {
			t.Fatalf("details %+v", d)
		}
		// 422s: cash pattern, partner outside the categories, unknown product or category, bad lists.
		post := func(path string, body any, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", path, a.admin, body), status)
		}
		if got := post("/api/partnerCampaigns", map[string]any{"campaign_id": id, "partners": []map[string]any{{"id": 1001, "cash": "12.3456"}}}, 422).fieldErrors(t)["cash"]; got[0] != "The cash must be a number." {
			t.Fatal(got)
		}
		post("/api/partnerCampaigns", map[string]any{"campaign_id": id, "partners": []map[string]any{{"id": 1001, "cash": "-1"}}}, 422)
		post("/api/partnerCampaigns", map[string]any{"campaign_id": id, "partners": []map[string]any{{"id": 1001}}}, 422)
		post("/api/partnerCampaigns", map[string]any{"campaign_id": id, "partners": "x"}, 422)
		post("/api/partnerCampaigns", map[string]any{"partners": []map[string]any{{"id": 1001, "cash": "1"}}}, 422)
		post("/api/productCampaigns", map[string]any{"campaign_id": id, "products": []int64{99999}}, 422)
		post("/api/productCampaigns", map[string]any{"campaign_id": id, "products": []string{"x"}}, 422)
		post("/api/productCampaigns", map[string]any{"campaign_id": 99999, "products": []int64{w.boja}}, 404)
		post("/api/categoryCampaigns", map[string]any{"campaign_id": id, "categories": []int64{99999}}, 422)
		post("/api/productCampaigns", "not json", 400)

		// The stepper: only Boje left, so 1001 (Boje and Alati) stays; a partner outside → 422.
		other := a.create("/api/categories", map[string]string{"name": "Ostalo"}).ID
		put := func(body map[string]any, status int, header ...string) resp {
			t.Helper()
			return a.expect(a.do("PUT", fmt.Sprintf("/api/campaignDetails/%d", id), a.admin, body, header...), status)
		}
		cur := a.campaign(id).Version
		body := map[string]any{"categories": []map[string]any{{"category_id": other}},
			"partners": []map[string]any{{"partner_id": 1001, "cash": "300"}}, "products": []map[string]any{{"product_id": w.boja}}}
		if got := put(body, 422, version(cur)...).fieldErrors(t)["partners"]; got[0] != "The selected partners are not in the campaign's categories." {
			t.Fatal(got)
		}
		put(body, 422) // no version
		body["categories"] = []map[string]any{{"category_id": w.boje}}
		var saved campaignDetailsOut
		put(body, 200, version(cur)...).json(t, &saved)
		if !slices.Equal(saved.partnerIDs(), []int64{1001}) || len(saved.Products) != 1 || len(saved.Categories) != 1 || saved.Version != cur+1 {
			t.Fatalf("saved %+v", saved)
		}
		put(body, 409, version(cur)...)

		// A stepper save failing half-way (a missing product after valid categories and partners) saves nothing.
		body["products"] = []map[string]any{{"product_id": w.boja}, {"product_id": 99999}}
		body["partners"] = []map[string]any{{"partner_id": 1001, "cash": "1"}, {"partner_id": 1002, "cash": "1"}}
		put(body, 422, version(saved.Version)...)
		if again := a.campaign(id); !slices.Equal(again.partnerIDs(), []int64{1001}) || again.Partners[0].Pivot.Cash != "300" || again.Version != saved.Version {
			t.Fatalf("a failed save changed %+v", again)
		}

		// Back to both categories and partners; removing Alati prunes none (both are in Boje),
		// removing Boje then prunes 1002 and answers it.
		a.expect(a.do("POST", "/api/categoryCampaigns", a.admin, map[string]any{"campaign_id": id, "categories": []map[string]any{{"id": w.alati}}}), 200)
		post("/api/partnerCampaigns", map[string]any{"campaign_id": id, "partners": []map[string]any{{"partner_id": 1002, "cash": "100"}}}, 200)
		var pruned campaignDetailsOut
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemCategory/%d/%d", id, w.boje), a.admin, nil), 200).json(t, &pruned)
		if !slices.Equal(pruned.RemovedPartners, []int64{1002}) || !slices.Equal(pruned.partnerIDs(), []int64{1001}) {
			t.Fatalf("pruned %+v", pruned)
		}
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemCategory/%d/%d", id, w.boje), a.admin, nil), 404)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemPartner/%d/%d", id, 1002), a.admin, nil), 404)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemProduct/%d/%d", id, w.boja), a.admin, nil), 200)
		var cash map[string]any
		a.expect(a.do("POST", fmt.Sprintf("/api/partnerCampaignsCash/%d", id), a.admin, map[string]any{"partner_id": 1001, "cash": "750.25"}), 200).json(t, &cash)
		if a.campaign(id).Partners[0].Pivot.Cash != "750.25" {
			t.Fatal("cash not set")
		}
		if got := a.expect(a.do("POST", fmt.Sprintf("/api/partnerCampaignsCash/%d", id), a.admin, map[string]any{"partner_id": 1002, "cash": "1"}), 422).fieldErrors(t); got["partner_id"][0] != "The selected partner id is invalid." {
			t.Fatal(got)
		}
		a.expect(a.do("POST", fmt.Sprintf("/api/partnerCampaignsCash/%d", id), a.admin, map[string]any{"partner_id": 1001, "cash": "abc"}), 422)
		a.expect(a.do("POST", "/api/partnerCampaignsCash/99999", a.admin, map[string]any{"partner_id": 1001, "cash": "1"}), 404)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemPartner/%d/%d", id, 1001), a.admin, nil), 200)
	})
}

type appCampaignOut struct {
	ID        int64       `json:"id"`
	Name      string      `json:"name"`
	Cash      json.Number `json:"cash"`
	Spent     json.Number `json:"spent"`
	Remaining json.Number `json:"remaining"`
}

type appItemOut struct {
	ID        int64       `json:"id"`
	ProductID int64       `json:"product_id"`
	Quantity  int64       `json:"quantity"`
	Price     json.Number `json:"price"`
	Delivered bool        `json:"delivered"`
}

func TestCampaignCartThroughTheApp(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		own, other := a.appLogin(partnerSignIn(1001, "tajna1")), a.appLogin(partnerSignIn(1002, "tajna1"))
		var cs []appCampaignOut
		a.expect(a.do("GET", "/api/app/campaigns", own, nil), 200).json(t, &cs)
		if len(cs) != 1 || cs[0].ID != id || cs[0].Cash != "500" || cs[0].Remaining != "500" || cs[0].Spent != "0" {
			t.Fatalf("campaigns %+v", cs)
		}
		var products []named
		a.expect(a.do("GET", fmt.Sprintf("/api/app/campaigns/%d/products", id), own, nil), 200).json(t, &products)
		if len(products) != 2 {
			t.Fatal(products)
		}
		cartPath := fmt.Sprintf("/api/app/campaigns/%d/cart", id)
		order := func(token string, body any, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", cartPath, token, body), status)
		}
		var cart []appItemOut
		order(own, map[string]any{"product_id": w.bušilica, "quantity": 3}, 201).json(t, &cart) // 361.5
		if len(cart) != 1 || cart[0].Price != "120.5" || cart[0].Quantity != 3 || cart[0].Delivered {
			t.Fatalf("cart %+v", cart)
		}
		// Past the cash: the fixed sentence and the remaining amount beside it.
		var refusal struct {
			Errors    map[string][]string `json:"errors"`
			Remaining string              `json:"remaining"`
		}
		order(own, map[string]any{"product_id": w.bušilica, "quantity": 2}, 422).json(t, &refusal)
		if refusal.Errors["quantity"][0] != "The order exceeds the remaining cash." || refusal.Remaining != "138.5" {
			t.Fatalf("refusal %+v", refusal)
		}
		order(own, map[string]any{"product_id": w.boja, "quantity": 0}, 422)
		order(own, map[string]any{"product_id": w.boja, "quantity": 1.5}, 422)
		order(own, map[string]any{"product_id": w.boja}, 422)
		order(own, map[string]any{"product_id": 99999, "quantity": 1}, 422)
		order(own, "not json", 400)
		order(own, map[string]any{"product_id": w.boja, "quantity": "2"}, 201)
		order(other, map[string]any{"product_id": w.boja, "quantity": 5}, 201)
		a.expect(a.do("POST", "/api/app/campaigns/99999/cart", own, map[string]any{"product_id": w.boja, "quantity": 1}), 404)
		a.expect(a.do("GET", "/api/app/campaigns/99999/products", own, nil), 404)

		// The Cart tab with its totals; a delivery toggle; a delivered item stays.
		var rows []struct {
			ID       int64  `json:"id"`
			Name     string `json:"name"`
			Product  string `json:"product"`
			IsActive bool   `json:"is_active"`
		}
		r := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1&per_page=10", id), a.admin, nil), 200)
		r.json(t, &rows)
		if r.header.Get("X-Total-Count") != "3" || r.header.Get("X-Total-Ordered") != "431.5" || r.header.Get("X-Total-Delivered") != "0" {
			t.Fatalf("cart tab %v %s", r.header, r.body)
		}
		var toggled map[string]bool
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemCart/%d", cart[0].ID), a.admin, nil), 200).json(t, &toggled)
		if !toggled["is_active"] {
			t.Fatal(toggled)
		}
		r = a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1&name=gradnja", id), a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "2" || r.header.Get("X-Total-Ordered") != "381.5" || r.header.Get("X-Total-Delivered") != "361.5" {
			t.Fatalf("filtered cart tab %v", r.header)
		}
		a.expect(a.do("DELETE", "/api/deleteCampaignItemCart/99999", a.admin, nil), 404)
		if got := a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", cartPath, cart[0].ID), own, nil), 422).refusal(t); got != "A delivered item cannot be withdrawn." {
			t.Fatal(got)
		}
		a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", cartPath, cart[0].ID), other, nil), 404)

		// The Partners tab with the total cash of the filter.
		r = a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/partners/%d?page=1", id), a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "2" || r.header.Get("X-Total-Cash") != "600" {
			t.Fatalf("partners tab %v", r.header)
		}
		r = a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/partners/%d?page=1&name=boje", id), a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" || r.header.Get("X-Total-Cash") != "100" {
			t.Fatalf("filtered partners tab %v", r.header)
		}
		a.expect(a.do("GET", "/api/campaignDetailsById/partners/99999?page=1", a.admin, nil), 404)

		// A cash below the cart: the fixed sentence and the ordered amount.
		var low struct {
			Errors  map[string][]string `json:"errors"`
			Ordered string              `json:"ordered"`
		}
		a.expect(a.do("POST", fmt.Sprintf("/api/partnerCampaignsCash/%d", id), a.admin, map[string]any{"partner_id": 1001, "cash": "100"}), 422).json(t, &low)
		if low.Errors["cash"][0] != "The cash is less than what the partner has ordered." || low.Ordered != "381.5" {
			t.Fatalf("low cash %+v", low)
		}

		// 435: a product, a partner or a pruning category removal with cart items.
		for _, path := range []string{
			fmt.Sprintf("/api/deleteCampaignItemProduct/%d/%d", id, w.boja),
			fmt.Sprintf("/api/deleteCampaignItemPartner/%d/%d", id, 1002),
			fmt.Sprintf("/api/deleteCampaignItemCategory/%d/%d", id, w.boje),
		} {
			if got := a.expect(a.do("DELETE", path, a.admin, nil), 435).message(t); got != "The campaign contains cart items." {
				t.Fatal(got)
			}
		}
		cur := a.campaign(id).Version
		a.expect(a.do("PUT", fmt.Sprintf("/api/campaignDetails/%d", id), a.admin, map[string]any{
			"categories": []map[string]any{{"category_id": w.boje}}, "partners": []map[string]any{{"partner_id": 1001, "cash": "500"}},
			"products": []map[string]any{{"product_id": w.boja}, {"product_id": w.bušilica}}}, version(cur)...), 435)
		if after := a.campaign(id); after.Version != cur || len(after.Categories) != 2 || len(after.Partners) != 2 {
			t.Fatalf("a refused save changed the campaign: %+v", after)
		}

		// Withdrawing an undelivered item frees its cash; a hidden campaign is not found.
		var mine []appItemOut
		a.expect(a.do("GET", cartPath, own, nil), 200).json(t, &mine)
		a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", cartPath, mine[0].ID), own, nil), 200)
		a.expect(a.do("GET", "/api/app/campaigns", own, nil), 200).json(t, &cs)
		if cs[0].Spent != "361.5" || cs[0].Remaining != "138.5" {
			t.Fatalf("after withdrawal %+v", cs)
		}
		a.expect(a.do("PUT", fmt.Sprintf("/api/campaigns/activate/%d", id), a.admin, nil), 200)
		a.expect(a.do("GET", "/api/app/campaigns", own, nil), 200).json(t, &cs)
		if len(cs) != 0 {
			t.Fatal(cs)
		}
		a.expect(a.do("GET", cartPath, own, nil), 404)
		order(own, map[string]any{"product_id": w.boja, "quantity": 1}, 404)
	})
}

func TestCampaignHostileInputs(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		tab := fmt.Sprintf("/api/campaignDetailsById/partners/%d?page=1&name=", id)
		a.expect(a.do("GET", tab+strings.Repeat("a", 20_000), a.admin, nil), 422)
		a.expect(a.do("GET", tab+"a%00b", a.admin, nil), 422)
		a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1&product=%s", id, strings.Repeat("ž", 201)), a.admin, nil), 422)
		a.expect(a.do("GET", "/api/campaigns?page=1&name=a%00", a.admin, nil), 422)
		a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?sort=nope", id), a.admin, nil), 422)
		// A JSON list past the body bound is 413; one past the item bound but inside the body is 422.
		huge := `{"campaign_id": ` + fmt.Sprint(id) + `, "products": [` + strings.Repeat("1,", 600_000) + `1]}`
		a.expect(a.do("POST", "/api/productCampaigns", a.admin, huge), 413)
		many := `{"campaign_id": ` + fmt.Sprint(id) + `, "categories": [` + strings.Repeat("1,", 1_000) + `1]}`
		if got := a.expect(a.do("POST", "/api/categoryCampaigns", a.admin, many), 422).fieldErrors(t)["categories"]; got[0] != "The categories may not have more than 1000 items." {
			t.Fatal(got)
		}
		a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": "Ime\x00", "description": "Opis"},
			map[string][]byte{"image": testJPEG(t, 50, 50)}), 422)
		a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": "Ime", "description": strings.Repeat("d", 20_000)},
			map[string][]byte{"image": testJPEG(t, 50, 50)}), 422)
		a.expect(a.form("POST", "/api/campaigns", a.admin, map[string]string{"name": "Ime", "description": "Opis"},
			map[string][]byte{"image": []byte("not an image")}), 422)
		app := a.appLogin(partnerSignIn(1001, "tajna1"))
		a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), app, map[string]any{"product_id": w.boja, "quantity": "99999999999999999999"}), 422)
		a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), app, map[string]any{"product_id": "x\x00", "quantity": 1}), 422)
	})
}

// A category or a product an active campaign holds cannot be deactivated (435); once the
// campaign is inactive it can.
func TestCampaignHoldsItsCategoriesAndProducts(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		spare := a.create("/api/categories", map[string]string{"name": "Rezerva"}).ID
		a.expect(a.do("POST", "/api/categoryCampaigns", a.admin, map[string]any{"campaign_id": w.campaign.ID, "categories": []int64{spare}}), 200)
		if got := a.expect(a.do("DELETE", fmt.Sprintf("/api/categories/%d", spare), a.admin, nil), 435).message(t); got != "The category is used by active records." {
			t.Fatal(got)
		}
		if got := a.expect(a.do("DELETE", fmt.Sprintf("/api/products/%d", w.boja), a.admin, nil), 435).message(t); got != "The product is used by active records." {
			t.Fatal(got)
		}
		a.toggle("/api/campaigns", w.campaign.ID, 200)
		if a.toggle("/api/categories", spare, 200) || a.toggle("/api/products", w.boja, 200) {
			t.Fatal("an inactive campaign still holds them")
		}
		if !a.toggle("/api/products", w.boja, 200) {
			t.Fatal("reactivation")
		}
	})
}

// Two staff set the same partner's cash while the partner orders through the app, all at
// once: no call fails but with the cash rule's 422, and the cart never exceeds the cash.
func TestCampaignCashRaceOverHTTP(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		manager := a.login(a.createUser(userBody("Man Ager", "man1", "manager")).Username, "pass1234")
		app := a.appLogin(partnerSignIn(1001, "tajna1"))
		call := func(method, path, token, body string) int {
			req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return -1
			}
			res.Body.Close()
			return res.StatusCode
		}
		statuses := make(chan int, 64)
		var wg sync.WaitGroup
		cashPath := fmt.Sprintf("/api/partnerCampaignsCash/%d", id)
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- call("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), app, fmt.Sprintf(`{"product_id": %d, "quantity": 4}`, w.boja))
			}()
			if i%3 == 0 {
				wg.Add(2)
				go func() {
					defer wg.Done()
					statuses <- call("POST", cashPath, a.admin, `{"partner_id": 1001, "cash": "60"}`)
				}()
				go func() {
					defer wg.Done()
					statuses <- call("POST", cashPath, manager, `{"partner_id": 1001, "cash": "200"}`)
				}()
			}
		}
		wg.Wait()
		close(statuses)
		for s := range statuses {
			if s != 200 && s != 201 && s != 422 {
				t.Fatalf("a call answered %d", s)
			}
		}
		var cs []appCampaignOut
		a.expect(a.do("GET", "/api/app/campaigns", app, nil), 200).json(t, &cs)
		r := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1&partner_id=1001", id), a.admin, nil), 200)
		cash, _ := cs[0].Cash.Float64()
		spent, _ := cs[0].Spent.Float64()
		if r.header.Get("X-Total-Ordered") != cs[0].Spent.String() || spent > cash || spent == 0 {
			t.Fatalf("cash %s spent %s cart %s", cs[0].Cash, cs[0].Spent, r.header.Get("X-Total-Ordered"))
		}
	})
}
