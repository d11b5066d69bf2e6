package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"vitrina/domain/kernel"
)

type sliderOut struct {
	ID                 int64     `json:"id"`
	Name               string    `json:"name"`
	Type               int       `json:"type"`
	Image              string    `json:"image"`
	ImageURL           string    `json:"image_url"`
	ThumbURL           string    `json:"thumb_url"`
	Wysiwyg            *string   `json:"wyswygimg"`
	WysiwygURL         *string   `json:"wyswygimg_url"`
	PageContent        string    `json:"page_content"`
	PageContentDetails string    `json:"page_content_details"`
	PushNotification   bool      `json:"push_notification"`
	NotificationText   string    `json:"notification_text"`
	Dates              []string  `json:"dates"`
	AvailableDates     []string  `json:"available_dates"`
	StartDate          *string   `json:"start_date"`
	EndDate            *string   `json:"end_date"`
	Categories         []named   `json:"categories"`
	CategoryNames      string    `json:"category_names"`
	IsVisible          bool      `json:"is_visible"`
	IsActive           bool      `json:"is_active"`
	UpdatedAt          time.Time `json:"updated_at"`
	Version            int64     `json:"version"`
	SignUps            int       `json:"signups_count"`
	Orders             int       `json:"orders_count"`
	OrderedQuantity    int64     `json:"ordered_quantity"`
}

// day is the date n days from today (the server's clock is the real one here).
func day(n int) string { return time.Now().UTC().AddDate(0, 0, n).Format("2006-01-02") }

// form sends a multipart form with files; header pairs follow.
func (a *api) form(method, path, token string, fields map[string]string, files map[string][]byte, header ...string) resp {
	a.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for k, data := range files {
		fw, _ := w.CreateFormFile(k, k+".jpg")
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	req, _ := http.NewRequest(method, a.srv.URL+path, &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: body}
}

func sliderFields(name string, typ int, cats ...int64) map[string]string {
	ids, _ := json.Marshal(cats)
	f := map[string]string{"name": name, "type": strconv.Itoa(typ), "categories": string(ids)}
	if typ != 1 {
		f["page_content"] = "<p>Dobro došli</p>"
		f["push_notification"] = "1"
		f["notification_text"] = "Nova ponuda"
	}
	if typ == 3 {
		f["dates"] = fmt.Sprintf(`[%q, %q]`, day(14), day(7))
	}
	return f
}

func (a *api) createSlider(fields map[string]string, files map[string][]byte) sliderOut {
	a.t.Helper()
	if files == nil {
		files = map[string][]byte{"image": testJPEG(a.t, 120, 60)}
	}
	var s sliderOut
	a.expect(a.form("POST", "/api/sliders", a.admin, fields, files), 201).json(a.t, &s)
	return s
}

func (a *api) slider(id int64) sliderOut {
	a.t.Helper()
	var one []sliderOut
	a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d", id), a.admin, nil), 200).json(a.t, &one)
	if len(one) != 1 {
		a.t.Fatalf("slider %d: %v", id, one)
	}
	return one[0]
}

func version(v int64) []string { return []string{"If-Match", fmt.Sprintf(`"%d"`, v)} }

func TestSlidersAccess(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		financier := a.login(a.createUser(userBody("Fin Ancier", "fin1", "financier")).Username, "pass1234")
		engineer := a.login(a.createUser(userBody("Eng Ineer", "eng1", "engineer")).Username, "pass1234")
		manager := a.login(a.createUser(userBody("Man Ager", "man1", "manager")).Username, "pass1234")
		calls := []struct {
			method, path string
			write        bool
		}{
			{"GET", "/api/sliders", false}, {"GET", "/api/sliders/1", false}, {"POST", "/api/sliders", true},
			{"POST", "/api/sliders/1", true}, {"DELETE", "/api/sliders/1", true}, {"PUT", "/api/sliders/activate/1", true},
			{"POST", "/api/sliderWysWygImages", true}, {"GET", "/api/sliders/1/partners", false},
			{"GET", "/api/sliders/1/partners/excel", false}, {"POST", "/api/sliders/1/confirm", true},
		}
		for _, c := range calls {
			a.expect(a.do(c.method, c.path, "", nil), 401)
			a.expect(a.do(c.method, c.path, "not-a-token", nil), 401)
			a.expect(a.do(c.method, c.path, financier, nil), 403)
			if c.write {
				a.expect(a.do(c.method, c.path, engineer, nil), 403)
			} else if r := a.do(c.method, c.path, engineer, nil); r.status == 401 || r.status == 403 {
				t.Fatalf("an engineer reads %s %s: %d", c.method, c.path, r.status)
			}
			if r := a.do(c.method, c.path, manager, nil); r.status == 401 || r.status == 403 {
				t.Fatalf("a manager may %s %s: %d", c.method, c.path, r.status)
			}
		}
	})
}

func TestSlidersCreateListEditToggle(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		banner := a.createSlider(sliderFields("Baner alata", 1, w.alati), nil)
		if banner.Type != 1 || banner.Wysiwyg != nil || banner.WysiwygURL != nil || banner.PageContent != "" || banner.PushNotification ||
			len(banner.Dates) != 0 || banner.AvailableDates == nil || !banner.IsVisible || !banner.IsActive || banner.Version != 1 ||
			banner.ImageURL != "/api/images/sliders/"+banner.Image || banner.ThumbURL != banner.ImageURL+"?size=thumb" || banner.CategoryNames != "Alati" {
			t.Fatalf("banner %+v", banner)
		}
		img, err := http.Get(a.srv.URL + banner.ThumbURL)
		if err != nil || img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("thumbnail %v %v", img, err)
		}
		img.Body.Close()

		promoFields := sliderFields("Zimska akcija", 2, w.boje)
		promoFields["page_content"] = `<h2>Akcija</h2><script>alert(1)</script><p onmouseover="x()">Popust <a href="javascript:alert(1)">ovdje</a></p>`
		promoFields["start_date"], promoFields["end_date"] = day(-3), day(30)
		promo := a.createSlider(promoFields, map[string][]byte{"image": testJPEG(t, 200, 100), "wyswygimg": testJPEG(t, 80, 80)})
		if promo.PageContent != `<h2>Akcija</h2><p>Popust ovdje</p>` || promo.PageContentDetails != promo.PageContent || promo.Wysiwyg == nil ||
			*promo.WysiwygURL != "/api/images/sliders/"+*promo.Wysiwyg || !promo.PushNotification || promo.NotificationText != "Nova ponuda" ||
			*promo.StartDate != day(-3) || *promo.EndDate != day(30) {
			t.Fatalf("promo %+v", promo)
		}
		semFields := sliderFields("Seminar bojenja", 3, w.boje, w.alati)
		semFields["categories"] = fmt.Sprintf(`[{"id": %d}, {"id": "%d"}]`, w.boje, w.alati)
		seminar := a.createSlider(semFields, nil)
		if !slices.Equal(seminar.Dates, []string{day(7), day(14)}) || !slices.Equal(seminar.AvailableDates, seminar.Dates) ||
			seminar.CategoryNames != "Alati, Boje i lakovi" {
			t.Fatalf("seminar %+v", seminar)
		}

		// 422: every field's rule, and the hostile forms.
		bad := []struct {
			name   string
			edit   func(map[string]string)
			files  map[string][]byte
			field  string
			status int
			want   string
		}{
			{"no category", func(f map[string]string) { f["categories"] = "[]" }, nil, "categories", 422, "You must choose at least one category."},
			{"categories not JSON", func(f map[string]string) { f["categories"] = "alati, boje" }, nil, "categories", 422, "The categories must be a list of ids."},
			{"categories of words", func(f map[string]string) { f["categories"] = `["alati"]` }, nil, "categories", 422, "The categories must be a list of ids."},
			{"categories huge", func(f map[string]string) { f["categories"] = "[" + strings.Repeat("1,", 150_000) + "1]" }, nil, "categories", 422,
				"The categories may not have more than 1000 items."},
			{"categories that do not exist", func(f map[string]string) { f["categories"] = "[999999]" }, nil, "categories", 422, "The selected categories is invalid."},
			{"name with a NUL", func(f map[string]string) { f["name"] = "Akcija\x00" }, nil, "name", 422, "The name contains characters that are not allowed."},
			{"type out of range", func(f map[string]string) { f["type"] = "9" }, nil, "type", 422, "The selected type is invalid."},
			{"type not a number", func(f map[string]string) { f["type"] = "seminar" }, nil, "type", 422, "The selected type is invalid."},
			{"dates not JSON", func(f map[string]string) { f["dates"] = day(7) }, nil, "dates", 422, "The dates must be dates in the format YYYY-MM-DD."},
			{"dates not ISO", func(f map[string]string) { f["dates"] = `["03.12.2030"]` }, nil, "dates", 422, "The dates must be dates in the format YYYY-MM-DD."},
			{"no dates", func(f map[string]string) { f["dates"] = "" }, nil, "dates", 422, "The dates field is required."},
			{"push without text", func(f map[string]string) { f["notification_text"] = "" }, nil, "notification_text", 422, "The notification text field is required."},
			{"push not a flag", func(f map[string]string) { f["push_notification"] = "maybe" }, nil, "push_notification", 422,
				"The push notification field must be true or false."},
			{"start date not ISO", func(f map[string]string) { f["start_date"] = "2030-13-01" }, nil, "start_date", 422, "The start date does not match the format YYYY-MM-DD."},
			{"page too big", func(f map[string]string) { f["page_content"] = strings.Repeat("<p>x</p>", 30_000) }, nil, "page_content", 422,
				"The page content may not be greater than 200000 bytes."},
			{"no image", func(map[string]string) {}, map[string][]byte{}, "image", 422, "The image field is required."},
			{"image not an image", func(map[string]string) {}, map[string][]byte{"image": []byte("<svg onload=alert(1)>")}, "image", 422,
				"The image must be a file of type: jpeg, jpg, png."},
			{"end not after start", func(f map[string]string) { f["start_date"], f["end_date"] = day(5), day(5) }, nil, "", 436, "Invalid dates."},
			{"a seminar day before today", func(f map[string]string) { f["dates"] = fmt.Sprintf(`[%q]`, day(-1)) }, nil, "", 436, "Invalid dates."},
		}
		for _, c := range bad {
			f := sliderFields("Seminar", 3, w.alati)
			c.edit(f)
			files := c.files
			if files == nil {
				files = map[string][]byte{"image": testJPEG(t, 50, 50)}
			}
			r := a.expect(a.form("POST", "/api/sliders", a.admin, f, files), c.status)
			if c.status == 422 {
				if got := r.fieldErrors(t)[c.field]; len(got) == 0 || got[0] != c.want {
					t.Errorf("%s: %s", c.name, r.body)
				}
			} else if r.message(t) != c.want {
				t.Errorf("%s: %s", c.name, r.body)
			}
		}
		if got := storedImages(t, a); len(got) != 3*2+2 { // three sliders, the promotion's extra image, thumbnails
			t.Fatalf("refused adds stored images: %d files", len(got))
		}

		// The list: newest change first, filters, sorts, hostile filters.
		list := func(query string) ([]sliderOut, string) {
			t.Helper()
			var out []sliderOut
			r := a.expect(a.do("GET", "/api/sliders?page=1&per_page=10&"+query, a.admin, nil), 200)
			r.json(t, &out)
			return out, r.header.Get("X-Total-Count")
		}
		names := func(ss []sliderOut) []string {
			out := []string{}
			for _, s := range ss {
				out = append(out, s.Name)
			}
			return out
		}
		if got, total := list(""); total != "3" || !slices.Equal(names(got), []string{"Seminar bojenja", "Zimska akcija", "Baner alata"}) {
			t.Fatalf("default order %v %s", names(got), total)
		}
		for query, want := range map[string][]string{
			"sort=name&order=asc":               {"Baner alata", "Seminar bojenja", "Zimska akcija"},
			"order=asc":                         {"Baner alata", "Zimska akcija", "Seminar bojenja"},
			"type=2":                            {"Zimska akcija"},
			"name=bojenj":                       {"Seminar bojenja"},
			"category_names=boje&sort=type":     {"Zimska akcija", "Seminar bojenja"},
			"is_visible=1&sort=name":            {"Baner alata", "Seminar bojenja", "Zimska akcija"},
			"is_visible=0":                      {},
			"sort=is_visible&order=desc&type=1": {"Baner alata"},
			"is_active=1&name=" + url.QueryEscape("ZIMSKA akcija"): {"Zimska akcija"},
		} {
			if got, _ := list(query); !slices.Equal(names(got), want) {
				t.Errorf("%s: %v, want %v", query, names(got), want)
			}
		}
		for _, query := range []string{"name=" + strings.Repeat("a", 20_000), "name=a%00b", "type=tri", "sort=password", "is_visible=da"} {
			a.expect(a.do("GET", "/api/sliders?page=1&"+query, a.admin, nil), 422)
		}
		var all []sliderOut
		a.expect(a.do("GET", "/api/sliders", a.admin, nil), 200).json(t, &all)
		if len(all) != 3 {
			t.Fatalf("whole list %d", len(all))
		}
		if got := a.slider(seminar.ID); got.Name != seminar.Name {
			t.Fatalf("one %+v", got)
		}
		a.expect(a.do("GET", "/api/sliders/999999", a.admin, nil), 404)

		// Edit: the version, the fields, remove.
		path := fmt.Sprintf("/api/sliders/%d", promo.ID)
		edit := sliderFields("Zimska akcija 2", 2, w.boje, w.alati)
		r := a.expect(a.form("POST", path, a.admin, edit, nil), 422)
		if r.fieldErrors(t)["version"][0] != "The version field is required." {
			t.Fatalf("no version: %s", r.body)
		}
		a.expect(a.form("POST", path, a.admin, edit, nil, version(promo.Version+1)...), 409)
		fresh := a.contentImage(t)
		edit["page_content"] = promo.PageContent + `<p><img src="` + fresh + `"></p>`
		var edited sliderOut
		a.expect(a.form("POST", path, a.admin, edit, map[string][]byte{"image": testJPEG(t, 300, 150)}, version(promo.Version)...), 200).json(t, &edited)
		if edited.Name != "Zimska akcija 2" || edited.Image == promo.Image || *edited.Wysiwyg != *promo.Wysiwyg || edited.Version != promo.Version+1 ||
			!strings.Contains(edited.PageContent, fresh) || edited.CategoryNames != "Alati, Boje i lakovi" {
			t.Fatalf("edited %+v", edited)
		}
		// With remove the old images of the page go: the extra image and the page's image.
		edit["remove"], edit["version"] = "1", strconv.FormatInt(edited.Version, 10)
		newer := a.contentImage(t)
		edit["page_content"] = edited.PageContent + `<p><img src="` + newer + `"></p>`
		a.expect(a.form("POST", path, a.admin, edit, nil), 200).json(t, &edited)
		if edited.Wysiwyg != nil || strings.Contains(edited.PageContent, fresh) || !strings.Contains(edited.PageContent, newer) {
			t.Fatalf("removed %+v", edited)
		}
		a.expect(a.form("POST", "/api/sliders/999999", a.admin, edit, nil), 404)
		edit["start_date"], edit["end_date"], edit["version"] = day(10), day(2), strconv.FormatInt(edited.Version, 10)
		if a.expect(a.form("POST", path, a.admin, edit, nil), 436).message(t) != "Invalid dates." {
			t.Fatal("436")
		}

		// Visibility and activation.
		vis := func(id int64, status int) map[string]any {
			t.Helper()
			var out map[string]any
			r := a.expect(a.do("PUT", fmt.Sprintf("/api/sliders/activate/%d", id), a.admin, nil), status)
			r.json(t, &out)
			return out
		}
		if got := vis(banner.ID, 200); got["is_visible"] != false {
			t.Fatalf("hide %v", got)
		}
		if !a.slider(banner.ID).IsActive || a.toggle("/api/sliders", banner.ID, 200) {
			t.Fatal("deactivate")
		}
		if got := vis(banner.ID, 422); got["message"] != "An inactive slider cannot be shown." {
			t.Fatalf("show an inactive slider: %v", got)
		}
		a.toggle("/api/sliders", banner.ID, 200)
		if got := vis(banner.ID, 200); got["is_visible"] != true {
			t.Fatalf("show %v", got)
		}
		vis(999999, 404)
		a.toggle("/api/sliders", 999999, 404)

		// A category an active slider uses stays active (the catalog asks the sliders too).
		if msg := a.expect(a.do("DELETE", fmt.Sprintf("/api/categories/%d", w.boje), a.admin, nil), 435).message(t); msg != "The category is used by active records." {
			t.Fatalf("category in use: %q", msg)
		}
		a.toggle("/api/sliders", promo.ID, 200)
		a.toggle("/api/sliders", seminar.ID, 200)
		a.toggle("/api/categories", w.boje, 200)
	})
}

// contentImage uploads a page image through the editor's call and returns its address.
func (a *api) contentImage(t *testing.T) string {
	t.Helper()
	var out struct {
		Link string `json:"link"`
	}
	a.expect(a.form("POST", "/api/sliderWysWygImages", a.admin, nil, map[string][]byte{"image": testJPEG(t, 1600, 900)}), 201).json(t, &out)
	if !strings.HasPrefix(out.Link, "/api/images/sliders/") {
		t.Fatalf("link %q", out.Link)
	}
	return out.Link
}

func TestSliderContentImageUpload(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		link := a.contentImage(t)
		res, err := http.Get(a.srv.URL + link)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("get %s: %v %v", link, res, err)
		}
		res.Body.Close()
		r := a.expect(a.form("POST", "/api/sliderWysWygImages", a.admin, nil, map[string][]byte{"image": []byte("%PDF-1.4 not an image")}), 422)
		if r.fieldErrors(t)["image"][0] != "The image must be a file of type: jpeg, jpg, png." {
			t.Fatalf("type: %s", r.body)
		}
		r = a.expect(a.form("POST", "/api/sliderWysWygImages", a.admin, map[string]string{"name": "x"}, nil), 422)
		if r.fieldErrors(t)["image"][0] != "The image field is required." {
			t.Fatalf("none: %s", r.body)
		}
		a.expect(a.do("POST", "/api/sliderWysWygImages", a.admin, "{}"), 400)

		// Over 5,242,880 bytes is refused before it is read whole: announced, nothing is read;
		// streamed without a length, reading stops at the bound.
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		fw, _ := mw.CreateFormFile("image", "big.jpg")
		big := testJPEG(t, 64, 64)
		_, _ = fw.Write(append(big, bytes.Repeat([]byte{0}, 6<<20)...))
		_ = mw.Close()
		for _, announced := range []bool{true, false} {
			body := &countingBody{r: bytes.NewReader(b.Bytes())}
			req := httptest.NewRequest("POST", "/api/sliderWysWygImages", nil)
			req.Body = body
			req.ContentLength = -1
			if announced {
				req.ContentLength = int64(b.Len())
			}
			req.Header.Set("Content-Type", mw.FormDataContentType())
			req.Header.Set("Authorization", "Bearer "+a.admin)
			rec := httptest.NewRecorder()
			a.app.Server.Handler().ServeHTTP(rec, req)
			var e struct {
				Errors map[string][]string `json:"errors"`
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &e)
			if rec.Code != 422 || len(e.Errors["image"]) != 1 || e.Errors["image"][0] != "The image may not be greater than 5120 kilobytes." {
				t.Fatalf("announced=%v: %d %s", announced, rec.Code, rec.Body)
			}
			if announced && body.read != 0 {
				t.Fatalf("an announced 6 MB body was read: %d bytes", body.read)
			}
			if body.read > 5_242_880+64<<10+32<<10 {
				t.Fatalf("read %d bytes of a 6 MB body", body.read)
			}
		}
		if n := len(storedImages(t, a)); n != 2 {
			t.Fatalf("refusals stored images: %d files", n)
		}
	})
}

func TestSliderPartnersConfirmAndExcel(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		ctx := context.Background()
		w := a.partnerWorld()
		a.createPartner(partnerBody("1001", "Alfa Gradnja", w.city, "0", w.alati))
		a.createPartner(partnerBody("1002", "Beta Boje", w.city, "0", w.alati, w.boje))
		a.createPartner(partnerBody("1003", "Čelik Trade", w.city, "0", w.boje))
		seminar := a.createSlider(sliderFields("Seminar", 3, w.alati), nil)
		promo := a.createSlider(sliderFields("Akcija", 2, w.boje), nil)
		svc := a.app.Content
		for _, c := range []struct {
			partner int64
			days    []string
		}{{1001, []string{day(7)}}, {1002, []string{day(7), day(14)}}} {
			if _, err := svc.SignUp(ctx, kernel.ID(c.partner), kernel.ID(seminar.ID), c.days); err != nil {
				t.Fatal(err)
			}
		}
		for p, q := range map[int64]int64{1002: 3, 1003: 4} {
			if _, err := svc.Order(ctx, kernel.ID(p), kernel.ID(promo.ID), q); err != nil {
				t.Fatal(err)
			}
		}
		type row struct {
			ID            int64    `json:"id"`
			Name          string   `json:"name"`
			CategoryNames string   `json:"category_names"`
			AllDates      []string `json:"all_dates"`
			Quantity      int64    `json:"quantity"`
			Order         bool     `json:"order"`
			Confirmed     bool     `json:"confirmed"`
		}
		partners := func(id int64, query string) ([]row, resp) {
			t.Helper()
			var out []row
			r := a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners?%s", id, query), a.admin, nil), 200)
			r.json(t, &out)
			return out, r
		}
		rows, r := partners(seminar.ID, "page=1&per_page=20")
		if r.header.Get("X-Total-Count") != "2" || r.header.Get("X-Total-Quantity") != "0" || len(rows) != 2 ||
			rows[1].ID != 1002 || rows[1].CategoryNames != "Alati, Boje i lakovi" || !slices.Equal(rows[1].AllDates, []string{day(7), day(14)}) ||
			rows[1].Order || rows[1].Quantity != 0 || rows[1].Confirmed {
			t.Fatalf("seminar partners %+v %v", rows, r.header)
		}
		rows, r = partners(promo.ID, "page=1&per_page=1&ordered=1&sort=quantity&order=desc")
		if r.header.Get("X-Total-Count") != "2" || r.header.Get("X-Total-Quantity") != "7" || len(rows) != 1 || rows[0].ID != 1003 ||
			!rows[0].Order || rows[0].Quantity != 4 || len(rows[0].AllDates) != 0 {
			t.Fatalf("orders %+v %v", rows, r.header)
		}
		if _, r = partners(promo.ID, "page=1&name=beta"); r.header.Get("X-Total-Quantity") != "3" || r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("quantity of the filter %v", r.header)
		}
		if rows, _ = partners(promo.ID, "id=1003"); len(rows) != 1 || rows[0].Name != "Čelik Trade" {
			t.Fatalf("whole list by id %+v", rows)
		}
		if s := a.slider(promo.ID); s.Orders != 2 || s.OrderedQuantity != 7 || a.slider(seminar.ID).SignUps != 2 {
			t.Fatalf("counts %+v", s)
		}
		a.expect(a.do("GET", "/api/sliders/999999/partners?page=1", a.admin, nil), 404)
		a.expect(a.do("GET", "/api/sliders/999999/partners", a.admin, nil), 404)
		a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners?page=1&name=%s", seminar.ID, strings.Repeat("x", 20_000)), a.admin, nil), 422)
		a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners?ordered=yes", seminar.ID), a.admin, nil), 422)

		// 435: a type change of a slider with partners, a signed-up day removed; deactivating stays allowed.
		path := fmt.Sprintf("/api/sliders/%d", seminar.ID)
		retype := sliderFields("Seminar", 2, w.alati)
		if a.expect(a.form("POST", path, a.admin, retype, nil, version(seminar.Version)...), 435).message(t) != "The slider contains partners." {
			t.Fatal("type change with sign-ups")
		}
		fewer := sliderFields("Seminar", 3, w.alati)
		fewer["dates"] = fmt.Sprintf(`[%q]`, day(7))
		a.expect(a.form("POST", path, a.admin, fewer, nil, version(seminar.Version)...), 435)
		more := sliderFields("Seminar", 3, w.alati)
		more["dates"] = fmt.Sprintf(`[%q, %q, %q]`, day(7), day(14), day(21))
		a.expect(a.form("POST", path, a.admin, more, nil, version(seminar.Version)...), 200)
		a.expect(a.form("POST", fmt.Sprintf("/api/sliders/%d", promo.ID), a.admin, sliderFields("Akcija", 1, w.boje), nil, version(promo.Version)...), 435)

		// Confirm.
		confirm := func(id int64, body any, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", id), a.admin, body), status)
		}
		var out map[string]int
		confirm(seminar.ID, map[string]any{"partners": []any{1001, "1002"}}, 200).json(t, &out)
		if out["confirmed"] != 2 {
			t.Fatalf("confirmed %v", out)
		}
		if got := confirm(seminar.ID, map[string]any{"partners": []int{1003}}, 422).fieldErrors(t)["partners"]; got[0] != "The selected partners have not signed up." {
			t.Fatal(got)
		}
		confirm(promo.ID, map[string]any{"partners": []int{1002}}, 422)
		confirm(seminar.ID, map[string]any{"partners": "1001"}, 422)
		confirm(seminar.ID, map[string]any{"partners": []any{"x"}}, 422)
		confirm(seminar.ID, map[string]any{}, 422)
		confirm(seminar.ID, "not json", 400)
		confirm(999999, map[string]any{"partners": []int{1001}}, 404)
		if rows, _ = partners(seminar.ID, "confirmed=1"); len(rows) != 2 {
			t.Fatalf("confirmed rows %+v", rows)
		}

		// The Excel list: what the dialog shows, whole.
		res, err := http.DefaultClient.Do(func() *http.Request {
			req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/sliders/%d/partners/excel?sort=id&order=desc", a.srv.URL, seminar.ID), nil)
			req.Header.Set("Authorization", "Bearer "+a.admin)
			return req
		}())
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != `attachment; filename="Partners.xlsx"` {
			t.Fatalf("excel %d %v", res.StatusCode, res.Header)
		}
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		sheet, _ := f.GetRows("Partners")
		dd := func(n int) string { return time.Now().UTC().AddDate(0, 0, n).Format("02.01.2006") }
		want := [][]string{{"id", "name", "categories", "dates", "quantity", "confirmed"},
			{"1002", "Beta Boje", "Alati, Boje i lakovi", dd(7) + ", " + dd(14), "0", "1"}, {"1001", "Alfa Gradnja", "Alati", dd(7), "0", "1"}}
		if fmt.Sprint(sheet) != fmt.Sprint(want) {
			t.Fatalf("sheet %q, want %q", sheet, want)
		}
		a.expect(a.do("GET", "/api/sliders/999999/partners/excel", a.admin, nil), 404)
		a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners/excel?sort=password", seminar.ID), a.admin, nil), 422)

		// Deactivating a slider with partners is allowed.
		if a.toggle("/api/sliders", seminar.ID, 200) {
			t.Fatal("deactivated")
		}
	})
}
