package bootstrap

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/domain/kernel"
)

type partnerOut struct {
	ID               int64   `json:"id"`
	Name             string  `json:"name"`
	CityName         *string `json:"city_name"`
	Bonus            string  `json:"bonus"`
	Debt             string  `json:"debt"`
	ToolCash         string  `json:"toolCash"`
	MoneyCirculation string  `json:"moneyCirculation"`
	CategoryNames    string  `json:"category_names"`
	Categories       []named `json:"categories"`
	PartnerTypeName  *string `json:"partner_type_name"`
	IsActive         bool    `json:"is_active"`
	Version          int64   `json:"version"`
}

// partnerWorld is the reference data partners point to.
type partnerWorld struct {
	city, otherCity int64
	alati, boje     int64
}

func (a *api) partnerWorld() partnerWorld {
	a.t.Helper()
	country := a.create("/api/countries", map[string]string{"name": "Crna Gora"})
	var w partnerWorld
	var c named
	a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Podgorica", "country_id": country.ID}), 201).json(a.t, &c)
	w.city = c.ID
	a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Nikšić", "country_id": country.ID}), 201).json(a.t, &c)
	w.otherCity = c.ID
	w.alati = a.create("/api/categories", map[string]string{"name": "Alati"}).ID
	w.boje = a.create("/api/categories", map[string]string{"name": "Boje i lakovi"}).ID
	return w
}

func partnerBody(id any, name string, city int64, debt string, cats ...int64) map[string]any {
	return map[string]any{"id": id, "name": name, "address": "Njegoševa 1", "pib": "02345678", "pdv": "30/31-01234-5",
		"city_id": city, "phone": "+382 67 123 456", "bonus": "10.5", "debt": debt, "payment": "0", "toolCash": "99.999",
		"annualPlan": "50000", "moneyCirculation": "1000", "password": "tajna1", "confirmPassword": "tajna1", "categories": cats}
}

func (a *api) createPartner(body map[string]any) partnerOut {
	a.t.Helper()
	var p partnerOut
	a.expect(a.do("POST", "/api/partners", a.admin, body), 201).json(a.t, &p)
	return p
}

// addPartner creates a partner through the partner calls, with the city and category it needs.
func (a *api) addPartner(id int64, name string) partnerOut {
	a.t.Helper()
	w := a.partnerWorld()
	return a.createPartner(partnerBody(id, name, w.city, "0", w.alati))
}

func (a *api) partnerIDs(query string) ([]int64, string) {
	a.t.Helper()
	var ps []partnerOut
	r := a.expect(a.do("GET", "/api/partners?page=1&per_page=50&"+query, a.admin, nil), 200)
	r.json(a.t, &ps)
	ids := make([]int64, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	return ids, r.header.Get("X-Total-Count")
}

func TestPartnersAddEditToggle(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		p := a.createPartner(partnerBody("501", "Gradnja Plus", w.city, "1200", w.boje, w.alati))
		if p.ID != 501 || p.Debt != "1200" || p.ToolCash != "99.999" || p.CategoryNames != "Alati, Boje i lakovi" || *p.CityName != "Podgorica" || !p.IsActive {
			t.Fatalf("created %+v", p)
		}

		// Add: every rule of spec §5 at once.
		errs := a.expect(a.do("POST", "/api/partners", a.admin, map[string]any{}), 422).fieldErrors(t)
		for field, msg := range map[string]string{"id": "The id field is required.", "name": "The name field is required.",
			"city_id": "The city id field is required.", "bonus": "The bonus field is required.", "toolCash": "The tool cash field is required.",
			"password": "The password field is required.", "categories": "You must choose at least one category."} {
			if len(errs[field]) == 0 || errs[field][0] != msg {
				t.Fatalf("%s: %v", field, errs[field])
			}
		}
		bad := partnerBody("501", "X", 9999, "12%", 9999)
		bad["confirmPassword"], bad["toolCash"] = "other1", "-1"
		errs = a.expect(a.do("POST", "/api/partners", a.admin, bad), 422).fieldErrors(t)
		for field, msg := range map[string]string{"id": "The id has already been taken.", "name": "The name must be at least 2 characters.",
			"city_id": "The selected city id is invalid.", "debt": "The debt must be a number.", "toolCash": "The tool cash must be a number.",
			"password": "The password confirmation does not match.", "categories": "The selected categories is invalid."} {
			if len(errs[field]) == 0 || errs[field][0] != msg {
				t.Fatalf("%s: %v", field, errs[field])
			}
		}
		short := partnerBody("x7", "Kratka", w.city, "1", w.alati)
		short["password"], short["confirmPassword"] = "abc", "abc"
		errs = a.expect(a.do("POST", "/api/partners", a.admin, short), 422).fieldErrors(t)
		if errs["password"][0] != "The password must be at least 4 characters." || errs["id"][0] != "The id must be a positive integer." {
			t.Fatalf("short: %v", errs)
		}
		if _, total := a.partnerIDs(""); total != "1" {
			t.Fatalf("a refused add saved something: %s partners", total)
		}

		// Edit: the percent form is kept as typed; a blank password keeps the old one.
		edit := partnerBody(nil, "Gradnja Plus d.o.o.", w.otherCity, "15%", w.alati)
		edit["password"], edit["confirmPassword"], edit["toolCash"] = "", "", "1234567890.125"
		var edited partnerOut
		a.expect(a.do("PUT", "/api/partners/501", a.admin, edit, a.ifMatch("/api/partners/501")...), 200).json(t, &edited)
		if edited.Debt != "15%" || edited.ToolCash != "1234567890.125" || edited.CategoryNames != "Alati" || *edited.CityName != "Nikšić" {
			t.Fatalf("edited %+v", edited)
		}
		edit["debt"], edit["bonus"] = "12345678901", "1.2345"
		errs = a.expect(a.do("PUT", "/api/partners/501", a.admin, edit, a.ifMatch("/api/partners/501")...), 422).fieldErrors(t)
		if errs["debt"][0] != "The debt must be a number." || errs["bonus"][0] != "The bonus must be a number." {
			t.Fatalf("edit figures: %v", errs)
		}
		edit["debt"], edit["bonus"], edit["categories"] = "1", "1", []int64{}
		if a.expect(a.do("PUT", "/api/partners/501", a.admin, edit, a.ifMatch("/api/partners/501")...), 422).fieldErrors(t)["categories"][0] != "You must choose at least one category." {
			t.Fatal("edit without a category")
		}
		a.expect(a.do("PUT", "/api/partners/9999", a.admin, partnerBody(nil, "Nema", w.city, "1", w.alati), a.ifMatch("/api/partners/9999")...), 404)

		// Deactivate: gone from partnersActive, back after reactivation.
		a.createPartner(partnerBody(502, "Boje Bar", w.city, "300", w.boje))
		if a.toggle("/api/partners", 501, 200) {
			t.Fatal("toggle deactivates")
		}
		var active []partnerOut
		a.expect(a.do("GET", "/api/partnersActive", a.admin, nil), 200).json(t, &active)
		if len(active) != 1 || active[0].ID != 502 {
			t.Fatalf("active: %+v", active)
		}
		// The unfiltered totals come from the counts the triggers keep.
		for query, want := range map[string]string{"": "2", "is_active=1": "1", "is_active=0": "1"} {
			if _, total := a.partnerIDs(query); total != want {
				t.Fatalf("total %q: %s, want %s", query, total, want)
			}
		}
		var one []partnerOut
		a.expect(a.do("GET", "/api/partners/501", a.admin, nil), 200).json(t, &one)
		if len(one) != 1 || one[0].IsActive || one[0].Debt != "15%" {
			t.Fatalf("by id: %+v", one)
		}
		if !a.toggle("/api/partners", 501, 200) {
			t.Fatal("toggle reactivates")
		}

		// A category an active partner uses cannot be deactivated (435).
		a.toggle("/api/categories", w.boje, 435)
		a.toggle("/api/partners", 502, 200)
		a.toggle("/api/categories", w.boje, 200)

		var pts []map[string]any
		a.expect(a.do("GET", "/api/partnerTypes", a.admin, nil), 200).json(t, &pts)
		if len(pts) != 4 || pts[0]["name"] != "Veleprodaja" {
			t.Fatalf("partner types %v", pts)
		}
	})
}

func TestPartnersListFiltersAndSort(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(1, "Marković Alati", w.city, "100", w.alati))
		a.createPartner(partnerBody(2, "Đurović Boje", w.otherCity, "2500.5", w.boje))
		a.createPartner(partnerBody(3, "Perović i sinovi", w.city, "999.999", w.alati, w.boje))
		for query, want := range map[string]string{
			"name=markovic":                   "[1]",
			"name=DJUROV":                     "[2]",
			"debt=100":                        "[1]",
			"debt=%3E100":                     "[3 2]",
			"debt=%3E%3D999.999":              "[3 2]",
			"debt=%3C1000":                    "[1 3]",
			"debt=100..1000":                  "[1 3]",
			"debt=2500,5":                     "[2]",
			"category_names=boje":             "[3 2]",
			"city_name=niks":                  "[2]",
			"id=3":                            "[3]",
			"sort=debt&order=desc":            "[2 3 1]",
			"sort=category_names":             "[1 3 2]",
			"sort=city_name&order=desc":       "[3 1 2]",
			"name=ovi&sort=debt":              "[1 3 2]",
			"name=ovi&debt=%3C2000":           "[1 3]",
			"category_names=alat&is_active=1": "[1 3]",
		} {
			ids, _ := a.partnerIDs(query + func() string {
				if strings.Contains(query, "sort=") {
					return ""
				}
				return "&sort=debt"
			}())
			if fmt.Sprint(ids) != want {
				t.Errorf("%s: %v, want %s", query, ids, want)
			}
		}
		if a.expect(a.do("GET", "/api/partners?page=1&per_page=10&debt=abc", a.admin, nil), 422).fieldErrors(t)["debt"][0] != "The filter must be a number or a range." {
			t.Fatal("bad figure filter")
		}
		a.expect(a.do("GET", "/api/partners?page=1&per_page=10&sort=password_hash", a.admin, nil), 422)
	})
}

func TestContacts(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(7, "Kontakt d.o.o.", w.city, "0", w.alati))
		var types []map[string]any
		a.expect(a.do("GET", "/api/contactTypeActive", a.admin, nil), 200).json(t, &types)
		if len(types) != 5 || types[0]["name"] != "Telefon" || types[0]["icon"] != "pi pi-phone" {
			t.Fatalf("contact types %v", types)
		}
		errs := a.expect(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "x", "partner_id": 7}), 422).fieldErrors(t)
		if errs["contact"][0] != "The contact must be at least 2 characters." || errs["contact_type_id"][0] != "The contact type id field is required." {
			t.Fatalf("contact errors %v", errs)
		}
		errs = a.expect(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "+382 20 111", "contact_type_id": 99, "partner_id": 99}), 422).fieldErrors(t)
		if errs["contact_type_id"][0] != "The selected contact type id is invalid." || errs["partner_id"][0] != "The selected partner id is invalid." {
			t.Fatalf("contact refs %v", errs)
		}
		var c map[string]any
		a.expect(a.do("POST", "/api/contacts", a.admin, map[string]any{"contact": "+382 20 111 222", "contact_type_id": 1, "partner_id": 7}), 201).json(t, &c)
		id := int64(c["id"].(float64))
		a.expect(a.do("PUT", fmt.Sprintf("/api/contacts/%d", id), a.admin, map[string]any{"contact": "info@kontakt.me", "contact_type_id": 3, "version": c["version"]}), 200).json(t, &c)
		if c["contact"] != "info@kontakt.me" || c["contact_type"].(map[string]any)["name"] != "E-mail" {
			t.Fatalf("edited contact %v", c)
		}
		if a.toggle("/api/contacts", id, 200) {
			t.Fatal("contact toggle")
		}
		var list []map[string]any
		a.expect(a.do("GET", "/api/contacts?partner_id=7", a.admin, nil), 200).json(t, &list)
		if len(list) != 1 || list[0]["is_active"] != false {
			t.Fatalf("contacts %v", list)
		}
		a.expect(a.do("GET", "/api/contacts?partner_id=8", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/contacts", a.admin, nil), 422)
	})
}

func TestCustomerSupportAndCommentInfo(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(9, "Žalba Trade", w.city, "0", w.alati))
		ctx := context.Background()
		for i, text := range []string{"Prvi prijedlog", "Druga žalba", "Treće pitanje"} {
			if _, err := a.app.Partner.SendSupportMessage(ctx, 9, kernel.ID(i+1), text); err != nil {
				t.Fatal(err)
			}
		}
		other := a.createUser(userBody("Druga Osoba", "druga", "manager"))
		_ = other
		otherToken := a.login("druga", "pass1234")

		unseen := func(token string) []string {
			var info struct {
				Evidentions []struct {
					ID          int64  `json:"id"`
					TypeName    string `json:"type_name"`
					PartnerName string `json:"partner_name"`
				} `json:"evidentions"`
			}
			a.expect(a.do("GET", "/api/getCommentInfo", token, nil), 200).json(t, &info)
			var out []string
			for _, e := range info.Evidentions {
				out = append(out, e.TypeName+"/"+e.PartnerName)
			}
			return out
		}
		if got := fmt.Sprint(unseen(a.admin)); got != "[Pohvala/Žalba Trade Žalba/Žalba Trade Prijedlog/Žalba Trade]" {
			t.Fatalf("unseen %s", got)
		}
		// Deleting a message takes it out of the count; opening the screen marks the rest seen.
		if a.toggle("/api/customerSupport", 2, 200) {
			t.Fatal("delete")
		}
		if got := len(unseen(a.admin)); got != 2 {
			t.Fatalf("after delete %d", got)
		}
		a.expect(a.do("POST", "/api/customerSupport/seen", a.admin, nil), 200)
		if got := len(unseen(a.admin)); got != 0 {
			t.Fatalf("after seen %d", got)
		}
		if got := len(unseen(otherToken)); got != 2 {
			t.Fatalf("another user's count %d", got)
		}
		if _, err := a.app.Partner.SendSupportMessage(ctx, 9, 1, "Novi prijedlog"); err != nil {
			t.Fatal(err)
		}
		if got := unseen(a.admin); len(got) != 1 {
			t.Fatalf("a new message %v", got)
		}

		var msgs []map[string]any
		r := a.expect(a.do("GET", "/api/customerSupport?page=1&per_page=10&sort=created_at&order=desc&message_content=zalba", a.admin, nil), 200)
		r.json(t, &msgs)
		if len(msgs) != 1 || msgs[0]["type_name"] != "Žalba" || msgs[0]["partner_name"] != "Žalba Trade" || msgs[0]["is_active"] != false {
			t.Fatalf("support list %v", msgs)
		}
		r = a.expect(a.do("GET", "/api/customerSupport?page=1&per_page=10&partner_name=zalba%20tr&is_active=1", a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "3" {
			t.Fatalf("active messages of the partner: %s", r.header.Get("X-Total-Count"))
		}
	})
}

func TestPartnerUsers(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(11, "Nadređeni Partner", w.city, "0", w.alati))
		body := userBody("Partnerov Nalog", "partnerov")
		body["partner_id"] = 11
		u := a.createUser(body)
		if u.PartnerName == nil || *u.PartnerName != "Nadređeni Partner" {
			t.Fatalf("user %+v", u)
		}
		a.createUser(userBody("Obični Nalog", "obicni", "manager"))
		var users []userOut
		a.expect(a.do("GET", "/api/partnerUsers", a.admin, nil), 200).json(t, &users)
		if len(users) != 1 || users[0].Username != "partnerov" {
			t.Fatalf("partner users %+v", users)
		}
		token := a.login("partnerov", "pass1234")
		a.expect(a.do("GET", "/api/partners", token, nil), 403)
		a.expect(a.do("GET", "/api/getCommentInfo", token, nil), 403)
	})
}

// uploadFile posts a spreadsheet to the import call.
func (a *api) uploadFile(path, fileName string, file []byte) resp {
	a.t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, _ := mw.CreateFormFile("file", fileName)
	_, _ = fw.Write(file)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", a.srv.URL+path, &b)
	req.Header.Set("Authorization", "Bearer "+a.admin)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: body}
}

type importOut struct {
	Added, Updated, Unchanged, Rejected int
	Problems                            []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Message string `json:"message"`
	}
}

func (a *api) download(query string) [][]string {
	a.t.Helper()
	r := a.do("GET", "/api/getAddPartnerExcelDoc?"+query, a.admin, nil)
	if r.status != 200 || r.header.Get("Content-Disposition") != `attachment; filename="Partners.xlsx"` {
		a.t.Fatalf("download: %d %s %s", r.status, r.header.Get("Content-Disposition"), r.body)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.body))
	if err != nil {
		a.t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0), excelize.Options{RawCellValue: true})
	if err != nil {
		a.t.Fatal(err)
	}
	return rows
}

func workbook(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, row := range rows {
		for j, v := range row {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if err := f.SetCellStr("Sheet1", cell, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPartnerExcelRoundTrip(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(21, "=HYPERLINK(\"http://x\")", w.city, "100", w.alati))
		a.createPartner(partnerBody(22, "Drugi Partner", w.otherCity, "200.5", w.alati, w.boje))
		a.createPartner(partnerBody(23, "Treći Partner", w.city, "300", w.boje))

		// The download follows the list's filters, in the import layout.
		rows := a.download("city_name=podgorica&sort=id")
		if len(rows) != 3 || strings.Join(rows[0], ",") != "id,name,address,pib,pdv,city,phone,bonus,debt,payment,toolCash,annualPlan,moneyCirculation,categories,partner_type" {
			t.Fatalf("download rows %q", rows)
		}
		if rows[1][0] != "21" || rows[1][1] != "=HYPERLINK(\"http://x\")" || rows[1][8] != "100" || rows[2][13] != "Boje i lakovi" {
			t.Fatalf("row %q / %q", rows[1], rows[2])
		}

		// Change a figure and a category, add a partner; the preview writes nothing. The rows
		// equal to the stored partners are unchanged (ADR 0027).
		rows = a.download("sort=id")
		rows[2][8] = "15%"
		rows[2][13] = "Boje i lakovi"
		rows = append(rows, []string{"24", "Novi iz Excela", "Bulevar 1", "", "", "nikšić", "", "1", "2", "3", "4", "5", "6", "alati, BOJE I LAKOVI", "Majstor"})
		file := workbook(t, rows)
		var out importOut
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xlsx", file), 200).json(t, &out)
		if out.Added != 1 || out.Updated != 1 || out.Unchanged != 2 || out.Rejected != 0 {
			t.Fatalf("preview %+v", out)
		}
		if _, total := a.partnerIDs(""); total != "3" {
			t.Fatal("the preview wrote")
		}
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", file), 200).json(t, &out)
		if out.Added != 1 || out.Updated != 1 || out.Unchanged != 2 {
			t.Fatalf("import %+v", out)
		}
		var got []partnerOut
		a.expect(a.do("GET", "/api/partners/22", a.admin, nil), 200).json(t, &got)
		if got[0].Debt != "15%" || got[0].CategoryNames != "Boje i lakovi" {
			t.Fatalf("updated partner %+v", got[0])
		}
		a.expect(a.do("GET", "/api/partners/24", a.admin, nil), 200).json(t, &got)
		if got[0].Name != "Novi iz Excela" || *got[0].CityName != "Nikšić" || got[0].CategoryNames != "Alati, Boje i lakovi" || *got[0].PartnerTypeName != "Majstor" {
			t.Fatalf("added partner %+v", got[0])
		}
		// The same file again: nothing new, nothing changed, nothing written (the versions stay).
		var before []partnerOut
		a.expect(a.do("GET", "/api/partners/22", a.admin, nil), 200).json(t, &before)
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", file), 200).json(t, &out)
		if _, total := a.partnerIDs(""); out.Added != 0 || out.Updated != 0 || out.Unchanged != 4 || total != "4" {
			t.Fatalf("second import %+v, %s partners", out, total)
		}
		a.expect(a.do("GET", "/api/partners/22", a.admin, nil), 200).json(t, &got)
		if got[0].Version != before[0].Version {
			t.Fatalf("an unchanged row was written: version %d -> %d", before[0].Version, got[0].Version)
		}
	})
}

func TestPartnerExcelRejections(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createPartner(partnerBody(1, "Postojeći", w.city, "1", w.alati))
		header := []string{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash", "annualPlan", "moneyCirculation", "categories", "partner_type"}
		rows := [][]string{header}
		for i := 2; i <= 60; i++ {
			rows = append(rows, []string{strconv.Itoa(100 + i), fmt.Sprintf("Partner %d", i), "", "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati", ""})
		}
		rows[56][8] = "dvadeset" // row 57 of the sheet
		r := a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", workbook(t, rows)), 422)
		var out importOut
		r.json(t, &out)
		if r.fieldErrors(t)["file"][0] != "The file has errors." || out.Rejected != 1 || len(out.Problems) != 1 ||
			out.Problems[0].Row != 57 || out.Problems[0].Column != "debt" || out.Problems[0].Message != "The debt must be a number." {
			t.Fatalf("row 57: %s", r.body)
		}
		if _, total := a.partnerIDs(""); total != "1" {
			t.Fatalf("a rejected file saved partners: %s", total)
		}

		// Every kind of row problem, listed with its row and column.
		rows = [][]string{header,
			{"5", "Bez grada", "", "", "", "Atlantida", "", "1", "2", "3", "4", "5", "6", "Alati", ""},
			{"6", "Loša kategorija", "", "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati, Nepostojeća", "Svemirac"},
			{"5", "Dupli id", "", "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati", ""},
			{"1", "Postojeći", "", "", "", "Podgorica", "", "1", "12%", "3", "4", "5", "6", "", ""},
			{"x", "", "", "", "", "Podgorica", "", "1%", "2", "3", "4", "5", "6", "Alati", ""},
		}
		r = a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xlsx", workbook(t, rows)), 200)
		r.json(t, &out)
		var problems []string
		for _, p := range out.Problems {
			problems = append(problems, fmt.Sprintf("%d:%s:%s", p.Row, p.Column, p.Message))
		}
		want := []string{"2:city:The city does not exist.", "3:categories:A category does not exist.", "3:partner_type:The partner type does not exist.",
			"4:id:The id appears more than once in the file.", "5:categories:You must choose at least one category.",
			"6:id:The id must be a positive integer.", "6:name:The name field is required.", "6:bonus:The bonus must be a number."}
		if strings.Join(problems, "\n") != strings.Join(want, "\n") || out.Rejected != 5 || out.Updated != 0 {
			t.Fatalf("problems %+v\n%s", out, strings.Join(problems, "\n"))
		}

		for name, file := range map[string][]byte{"notes.txt": []byte("id,name\n1,x\n"), "Partners.xlsx": []byte("PK\x03\x04 broken")} {
			msg := a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", name, file), 422).fieldErrors(t)["file"][0]
			if !strings.HasPrefix(msg, "The file") {
				t.Fatalf("%s: %s", name, msg)
			}
		}
		big := bytes.Repeat([]byte("PK\x03\x04"), 11<<20/4)
		if msg := a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", big), 422).fieldErrors(t)["file"][0]; msg != "The file may not be greater than 10 MB." {
			t.Fatalf("11 MB: %s", msg)
		}
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", workbook(t, [][]string{{"id", "name"}, {"1", "x"}})), 422)
		if msg := a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", workbook(t, [][]string{header})), 422).fieldErrors(t)["file"][0]; msg != "The file has no partners." {
			t.Fatalf("empty: %s", msg)
		}
	})
}

func TestPartnerImportOfExcel97File(t *testing.T) {
	file, err := os.ReadFile("../adapters/excel/testdata/partners.xls")
	if err != nil {
		t.Fatal(err)
	}
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		// New partners follow the add form, which has no percentages: the file's "15%" is refused.
		var out importOut
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xls", file), 200).json(t, &out)
		if out.Rejected != 5 || out.Problems[0].Column != "moneyCirculation" || out.Problems[0].Row != 2 {
			t.Fatalf("xls preview of new partners %+v", out)
		}
		// Known partners follow the edit form: the file updates them, percent kept.
		for id := 5001; id <= 5005; id++ {
			a.createPartner(partnerBody(id, fmt.Sprintf("Stari %d", id), w.otherCity, "1", w.alati))
		}
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xls", file), 200).json(t, &out)
		if out.Updated != 5 || out.Added != 0 || out.Rejected != 0 {
			t.Fatalf("xls import %+v", out)
		}
		var got []partnerOut
		a.expect(a.do("GET", "/api/partners/5004", a.admin, nil), 200).json(t, &got)
		p := got[0]
		if p.Name != "Xls Partner Četiri" || p.Bonus != "10.5" || p.ToolCash != "99.999" || p.MoneyCirculation != "15%" || p.CategoryNames != "Alati, Boje i lakovi" ||
			*p.PartnerTypeName != "Veleprodaja" || *p.CityName != "Podgorica" {
			t.Fatalf("xls partner %+v", p)
		}
	})
}

// blockingFile holds an import at its first read until released.
type blockingFile struct {
	started, release chan struct{}
}

func (f *blockingFile) ReadAt(p []byte, off int64) (int, error) {
	select {
	case <-f.started:
	default:
		close(f.started)
	}
	<-f.release
	return 0, io.ErrUnexpectedEOF
}

func TestOneImportAtATime(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	f := &blockingFile{started: make(chan struct{}), release: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		_, err := a.app.Partner.Import(context.Background(), f, 1000, "Partners.xlsx", true)
		done <- err
	}()
	<-f.started
	r := a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xlsx", workbook(t, [][]string{{"id"}}))
	if r.status != http.StatusTooManyRequests || r.message(t) != "Another import is in progress. Try again in a moment." {
		t.Fatalf("second import: %d %s", r.status, r.body)
	}
	close(f.release)
	if err := <-done; err == nil {
		t.Fatal("the held import should fail on its unreadable file")
	}
	// Once the first is over, the next one runs.
	a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xlsx", workbook(t, [][]string{{"id"}})), 200)
}
