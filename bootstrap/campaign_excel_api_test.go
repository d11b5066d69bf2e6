package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
)

// campaignSheetWorld is campaignWorld with 1001 having ordered 3 drills (361.5 of its 500),
// 1003 in Alati outside the campaign, 1004 only in a category the campaign lacks and 1005
// in Boje but inactive.
type campaignSheetWorld struct {
	campaignWorld
	ostalo int64
}

func (a *api) campaignSheetWorld() campaignSheetWorld {
	a.t.Helper()
	w := campaignSheetWorld{campaignWorld: a.campaignWorld()}
	w.ostalo = a.create("/api/categories", map[string]string{"name": "Ostalo"}).ID
	a.createPartner(partnerBody(1003, "Alatnica Đurić", w.city, "1", w.alati))
	a.createPartner(partnerBody(1004, "=Ostali d.o.o.", w.otherCity, "1", w.ostalo))
	a.createPartner(partnerBody(1005, "Zatvoreni", w.city, "1", w.boje))
	a.expect(a.do("DELETE", "/api/partners/1005", a.admin, nil), 200)
	app := a.appLogin(partnerSignIn(1001, "tajna1"))
	a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", w.campaign.ID), app, map[string]any{"product_id": w.bušilica, "quantity": 3}), 201)
	return w
}

// sheetRows reads a downloaded workbook, checking its attachment name.
func sheetRows(t *testing.T, r resp, name string) [][]string {
	t.Helper()
	if r.status != 200 || r.header.Get("Content-Disposition") != `attachment; filename="`+name+`"` {
		t.Fatalf("download: %d %s %s", r.status, r.header.Get("Content-Disposition"), r.body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0), excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func (a *api) campaignPartnerFile(body map[string]any) [][]string {
	a.t.Helper()
	return sheetRows(a.t, a.do("POST", "/api/getCampaignPartnerList", a.admin, body), "Partners.xlsx")
}

// cashOf is each partner's cash in the campaign, from its details.
func (a *api) cashOf(id int64) string {
	a.t.Helper()
	var out []string
	for _, p := range a.campaign(id).Partners {
		out = append(out, fmt.Sprintf("%d:%s", p.ID, p.Pivot.Cash))
	}
	return strings.Join(out, " ")
}

type campaignImportOut struct {
	importOut
	Skipped      int `json:"skipped"`
	MoreProblems int `json:"more_problems"`
}

func (o campaignImportOut) problems() string {
	var out []string
	for _, p := range o.Problems {
		out = append(out, fmt.Sprintf("%d:%s:%s", p.Row, p.Column, p.Message))
	}
	return strings.Join(out, "\n")
}

func TestCampaignPartnerExcelRoundTrip(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignSheetWorld()
		id := w.campaign.ID
		save := fmt.Sprintf("/api/saveCampaignPartners/%d", id)

		// The campaign's own categories: the active partners of Alati or Boje, each once, by
		// id; a cash only for those in the campaign; a formula-like name stays text.
		rows := a.campaignPartnerFile(map[string]any{"campaign_id": id})
		want := "id,name,phone,city,categories,cash|1001,Gradnja Plus,+382 67 123 456,Podgorica,\"Alati, Boje i lakovi\",500|" +
			"1002,Boje Bar,+382 67 123 456,Nikšić,Boje i lakovi,100|1003,Alatnica Đurić,+382 67 123 456,Podgorica,Alati"
		if got := joinRows(rows); got != want {
			t.Fatalf("download\n%s\nwant\n%s", got, want)
		}
		// Chosen categories, given as numbers or objects, the same partner once.
		if got := joinRows(a.campaignPartnerFile(map[string]any{"campaign_id": id, "categories": []any{w.ostalo}})); got !=
			"id,name,phone,city,categories,cash|1004,=Ostali d.o.o.,+382 67 123 456,Nikšić,Ostalo" {
			t.Fatal(got)
		}
		if got := a.campaignPartnerFile(map[string]any{"campaign_id": id, "categories": []any{w.boje, map[string]any{"id": w.alati}}}); len(got) != 4 {
			t.Fatalf("two categories: %q", got)
		}

		// The same file back changes nothing.
		var out campaignImportOut
		a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, rows)), 200).json(t, &out)
		if out.Added != 0 || out.Updated != 0 || out.Skipped != 3 || out.Rejected != 0 || len(out.Problems) != 0 {
			t.Fatalf("unchanged file %+v", out)
		}
		if got := a.cashOf(id); got != "1001:500 1002:100" {
			t.Fatal(got)
		}

		// Edited cells: 1002 raised, 1003 joins; the preview saves nothing; other columns and
		// their order do not matter.
		rows[2][5], rows[3] = "250", append(rows[3], "75,5")
		a.expect(a.uploadFile(save+"?preview=1", "Partners.xlsx", workbook(t, rows)), 200).json(t, &out)
		if out.Added != 1 || out.Updated != 1 || out.Skipped != 1 || out.Rejected != 0 {
			t.Fatalf("preview %+v", out)
		}
		if got := a.cashOf(id); got != "1001:500 1002:100" {
			t.Fatalf("the preview saved: %s", got)
		}
		a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, rows)), 200).json(t, &out)
		if out.Added != 1 || out.Updated != 1 || out.Skipped != 1 {
			t.Fatalf("save %+v", out)
		}
		if got := a.cashOf(id); got != "1001:500 1002:250 1003:75.5" {
			t.Fatal(got)
		}
		if rows := a.campaignPartnerFile(map[string]any{"campaign_id": id}); rows[3][5] != "75.5" {
			t.Fatalf("cash after save %q", rows[3])
		}
		// Only id and cash are needed, under any case and spacing; a blank cash is skipped.
		a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, [][]string{{" CASH ", "Id"}, {"", "1001"}, {"90", "1002"}})), 200).json(t, &out)
		if out.Updated != 1 || out.Skipped != 1 || a.cashOf(id) != "1001:500 1002:90 1003:75.5" {
			t.Fatalf("two columns %+v %s", out, a.cashOf(id))
		}

		// An Excel 97 file: 1002 to 150.25 and 1003 to 40.
		xls, err := os.ReadFile("../adapters/excel/testdata/campaign.xls")
		if err != nil {
			t.Fatal(err)
		}
		a.expect(a.uploadFile(save, "Partners.xls", xls), 200).json(t, &out)
		if out.Updated != 2 || a.cashOf(id) != "1001:500 1002:150.25 1003:40" {
			t.Fatalf("xls %+v %s", out, a.cashOf(id))
		}
	})
}

func joinRows(rows [][]string) string {
	var out []string
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			if strings.Contains(c, ",") {
				c = `"` + c + `"`
			}
			cells[i] = c
		}
		out = append(out, strings.Join(cells, ","))
	}
	return strings.Join(out, "|")
}

func TestCampaignPartnerExcelRejections(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignSheetWorld()
		id := w.campaign.ID
		save := fmt.Sprintf("/api/saveCampaignPartners/%d", id)
		before := a.cashOf(id)

		// One bad cash among good rows: 422 naming its row and column, nothing saved.
		rows := [][]string{{"id", "cash"}, {"1002", "300"}, {"1003", "12,5x"}, {"1001", "600"}}
		r := a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, rows)), 422)
		var out campaignImportOut
		r.json(t, &out)
		if r.fieldErrors(t)["file"][0] != "The file has errors." || out.Rejected != 1 || out.problems() != "3:cash:The cash must be a number." {
			t.Fatalf("bad cash: %s", r.body)
		}
		if got := a.cashOf(id); got != before {
			t.Fatalf("a rejected file saved: %s", got)
		}

		// Every kind of row problem, previewed: the counts and problems, nothing saved.
		rows = [][]string{{"id", "name", "cash"},
			{"1001", "", "300"},     // below the 361.5 ordered
			{"1004", "", "10"},      // outside the campaign's categories
			{"9999", "", "10"},      // unknown
			{"x", "", "10"},         // not an id
			{"1005", "", "-1"},      // inactive, and not a cash
			{"1003", "", "20"},      // fine: joins
			{"1003", "", ""},        // repeated
			{"1001", "", "361.5"},   // repeated
			{"1002", "", "100.000"}, // unchanged
		}
		r = a.expect(a.uploadFile(save+"?preview=1", "Partners.xlsx", workbook(t, rows)), 200)
		r.json(t, &out)
		want := strings.Join([]string{"2:cash:The cash is less than what the partner has ordered.",
			"3:id:The selected partners are not in the campaign's categories.", "4:id:The selected partner id is invalid.",
			"5:id:The id must be a positive integer.", "6:id:The selected partner id is invalid.", "6:cash:The cash must be a number.",
			"8:id:The id appears more than once in the file.", "9:id:The id appears more than once in the file."}, "\n")
		if got := out.problems(); got != want || out.Rejected != 7 || out.Added != 1 || out.Skipped != 1 || out.Updated != 0 {
			t.Fatalf("preview %+v\n%s", out, got)
		}
		r = a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, rows)), 422)
		r.json(t, &out)
		if out.problems() != want || a.cashOf(id) != before {
			t.Fatalf("save of a wrong file %s, %s", r.body, a.cashOf(id))
		}
		// Down to exactly what is ordered is fine.
		a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, [][]string{{"id", "cash"}, {"1001", "361.5"}})), 200).json(t, &out)
		if out.Updated != 1 || a.cashOf(id) != "1001:361.5 1002:100" {
			t.Fatalf("%+v %s", out, a.cashOf(id))
		}

		// The file itself.
		r = a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, [][]string{{"id", "name"}, {"1002", "x"}})), 422)
		r.json(t, &out)
		if out.problems() != "1:cash:The column is missing." {
			t.Fatal(string(r.body))
		}
		if msg := a.expect(a.uploadFile(save, "Partners.xlsx", workbook(t, [][]string{{"id", "cash"}})), 422).fieldErrors(t)["file"][0]; msg != "The file has no partners." {
			t.Fatalf("empty: %s", msg)
		}
		for name, file := range map[string][]byte{"notes.txt": []byte("id,cash\n1,x\n"), "Partners.xlsx": []byte("PK\x03\x04 broken")} {
			if msg := a.expect(a.uploadFile(save, name, file), 422).fieldErrors(t)["file"][0]; !strings.HasPrefix(msg, "The file") {
				t.Fatalf("%s: %s", name, msg)
			}
		}
		a.expect(a.do("POST", save, a.admin, nil), 400)
		good := workbook(t, [][]string{{"id", "cash"}, {"1002", "1"}})
		a.expect(a.uploadFile("/api/saveCampaignPartners/99999", "Partners.xlsx", good), 404)
		a.expect(a.uploadFile("/api/saveCampaignPartners/x", "Partners.xlsx", good), 404)

		// The download's own refusals.
		a.expect(a.do("POST", "/api/getCampaignPartnerList", a.admin, map[string]any{"campaign_id": 99999}), 404)
		if r := a.expect(a.do("POST", "/api/getCampaignPartnerList", a.admin, map[string]any{}), 422); r.fieldErrors(t)["campaign_id"] == nil {
			t.Fatal(string(r.body))
		}
		if r := a.expect(a.do("POST", "/api/getCampaignPartnerList", a.admin, map[string]any{"campaign_id": id, "categories": "Alati"}), 422); r.fieldErrors(t)["categories"] == nil {
			t.Fatal(string(r.body))
		}
		a.expect(a.do("POST", "/api/getCampaignPartnerList", a.admin, "{"), 400)

		// Access: campaigns read downloads, campaigns write uploads.
		engineer := a.login(a.createUser(userBody("Eng Ineer", "eng1", "engineer")).Username, "pass1234")
		a.expect(a.do("POST", "/api/getCampaignPartnerList", "", map[string]any{"campaign_id": id}), 401)
		if rows := sheetRows(t, a.do("POST", "/api/getCampaignPartnerList", engineer, map[string]any{"campaign_id": id}), "Partners.xlsx"); len(rows) != 4 {
			t.Fatalf("engineer download %q", rows)
		}
		admin := a.admin
		a.admin = ""
		a.expect(a.uploadFile(save, "Partners.xlsx", good), 401)
		a.admin = engineer
		a.expect(a.uploadFile(save, "Partners.xlsx", good), 403)
		a.admin = admin
		a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d/excel", id), "", nil), 401)
	})
}

// The cart download follows the Cart tab's filters and sort, all rows.
func TestCampaignCartExcel(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignSheetWorld()
		id := w.campaign.ID
		other := a.appLogin(partnerSignIn(1002, "tajna1"))
		a.expect(a.do("POST", fmt.Sprintf("/api/app/campaigns/%d/cart", id), other, map[string]any{"product_id": w.boja, "quantity": 2}), 201)
		var cart []struct {
			ID        int64 `json:"id"`
			PartnerID int64 `json:"partner_id"`
		}
		tab := fmt.Sprintf("/api/campaignDetailsById/cart/%d", id)
		a.expect(a.do("GET", tab+"?sort=id", a.admin, nil), 200).json(t, &cart)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/deleteCampaignItemCart/%d", cart[0].ID), a.admin, nil), 200)

		rows := sheetRows(t, a.do("GET", tab+"/excel?sort=id", a.admin, nil), "Cart.xlsx")
		if len(rows) != 3 || strings.Join(rows[0], ",") != "created_at,partner_id,name,phone,product,price,quantity,value,delivered" {
			t.Fatalf("cart file %q", rows)
		}
		if got := strings.Join(rows[1][1:], ","); got != "1001,Gradnja Plus,+382 67 123 456,Bušilica,120.5,3,361.5,yes" {
			t.Fatal(got)
		}
		if got := strings.Join(rows[2][1:], ","); got != "1002,Boje Bar,+382 67 123 456,Boja bijela,10,2,20,no" {
			t.Fatal(got)
		}
		if len(rows[1][0]) != len("2026-11-24 10:00:00") {
			t.Fatalf("created_at %q", rows[1][0])
		}
		// Filtered and sorted like the tab, every page.
		rows = sheetRows(t, a.do("GET", tab+"/excel?name=boje&page=1&per_page=1", a.admin, nil), "Cart.xlsx")
		if len(rows) != 2 || rows[1][1] != "1002" {
			t.Fatalf("filtered %q", rows)
		}
		rows = sheetRows(t, a.do("GET", tab+"/excel?sort=id&order=desc", a.admin, nil), "Cart.xlsx")
		if len(rows) != 3 || rows[1][1] != "1002" {
			t.Fatalf("sorted %q", rows)
		}
		a.expect(a.do("GET", "/api/campaignDetailsById/cart/99999/excel", a.admin, nil), 404)
		a.expect(a.do("GET", tab+"/excel?sort=nope", a.admin, nil), 422)
	})
}

// The Products and Categories tabs page, filter and sort like the Partners tab.
func TestCampaignProductAndCategoryTabs(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.campaignWorld()
		id := w.campaign.ID
		var products []struct {
			ID       int64       `json:"id"`
			Name     string      `json:"name"`
			Price    json.Number `json:"price"`
			ImageURL string      `json:"image_url"`
			IsActive bool        `json:"is_active"`
		}
		r := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/products/%d?sort=name", id), a.admin, nil), 200)
		r.json(t, &products)
		if r.header.Get("X-Total-Count") != "2" || len(products) != 2 || products[0].Name != "Boja bijela" || products[1].Price != "120.5" ||
			!products[0].IsActive || !strings.HasPrefix(products[0].ImageURL, "/api/images/") {
			t.Fatalf("products %+v", products)
		}
		r = a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/products/%d?name=bu%%C5%%A1&page=1&per_page=1", id), a.admin, nil), 200)
		r.json(t, &products)
		if r.header.Get("X-Total-Count") != "1" || len(products) != 1 || products[0].ID != w.bušilica {
			t.Fatalf("filtered products %+v", products)
		}
		var cats []named
		r = a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/categories/%d?sort=name&order=desc&per_page=1&page=1", id), a.admin, nil), 200)
		r.json(t, &cats)
		if r.header.Get("X-Total-Count") != "2" || len(cats) != 1 || cats[0].Name != "Boje i lakovi" {
			t.Fatalf("categories %+v", cats)
		}
		// Without a page the tabs answer the first of 10.
		a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/categories/%d", id), a.admin, nil), 200).json(t, &cats)
		if len(cats) != 2 {
			t.Fatalf("categories %+v", cats)
		}
		for _, tab := range []string{"products", "categories"} {
			a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/%s/99999", tab), a.admin, nil), 404)
			a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/%s/%d?sort=nope", tab, id), a.admin, nil), 422)
			a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/%s/%d", tab, id), "", nil), 401)
		}
	})
}

// A second campaign upload while one runs is 429.
func TestOneCampaignImportAtATime(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	c := a.createCampaign("Jedna")
	f := &blockingFile{started: make(chan struct{}), release: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := a.app.Sheets.ImportPartners(context.Background(), kernel.ID(c.ID), f, 1000, "Partneri.xlsx", true)
		done <- err
	}()
	<-f.started
	r := a.uploadFile(fmt.Sprintf("/api/saveCampaignPartners/%d?preview=1", c.ID), "Partners.xlsx", workbook(t, [][]string{{"id"}}))
	if r.status != http.StatusTooManyRequests || r.message(t) != "Another import is in progress. Try again in a moment." {
		t.Fatalf("second import: %d %s", r.status, r.body)
	}
	close(f.release)
	if err := <-done; err == nil {
		t.Fatal("the held import should fail on its unreadable file")
	}
	a.expect(a.uploadFile(fmt.Sprintf("/api/saveCampaignPartners/%d?preview=1", c.ID), "Partners.xlsx", workbook(t, [][]string{{"id"}})), 200)
}
