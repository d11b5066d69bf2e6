package bootstrap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type named struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	IsActive bool   `json:"is_active"`
}

func (a *api) create(path string, body any) named {
	a.t.Helper()
	var out named
	a.expect(a.do("POST", path, a.admin, body), 201).json(a.t, &out)
	return out
}

func (a *api) toggle(path string, id int64, want int) bool {
	a.t.Helper()
	var out map[string]bool
	r := a.expect(a.do("DELETE", fmt.Sprintf("%s/%d", path, id), a.admin, nil), want)
	if want == 200 {
		r.json(a.t, &out)
	}
	return out["is_active"]
}

func TestCountriesAndCategories(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		for _, res := range []string{"/api/countries", "/api/categories"} {
			c := a.create(res, map[string]string{"name": "  Crna Gora "})
			if c.Name != "Crna Gora" || !c.IsActive {
				t.Fatalf("%s created %+v", res, c)
			}
			r := a.expect(a.do("POST", res, a.admin, map[string]string{"name": "CRNA gora"}), 422)
			if r.fieldErrors(t)["name"][0] != "The name has already been taken." {
				t.Fatalf("duplicate: %s", r.body)
			}
			for name, msg := range map[string]string{"": "The name field is required.", "C": "The name must be at least 2 characters.", "1 Maj": "The name must not start with a number."} {
				if got := a.expect(a.do("POST", res, a.admin, map[string]string{"name": name}), 422).fieldErrors(t)["name"][0]; got != msg {
					t.Fatalf("%q: %q", name, got)
				}
			}
			other := a.create(res, map[string]string{"name": "Srbija"})
			if a.toggle(res, other.ID, 200) {
				t.Fatal("toggle deactivates")
			}
			if a.expect(a.do("POST", res, a.admin, map[string]string{"name": "srbija"}), 434).message(t) != "Vec postoji (Status: Neaktivan)" {
				t.Fatal("duplicate of an inactive record is 434")
			}
			a.expect(a.do("PUT", fmt.Sprintf("%s/%d", res, c.ID), a.admin, map[string]string{"name": "Srbija"}, a.ifMatch(fmt.Sprintf("%s/%d", res, c.ID))...), 434)
			a.expect(a.do("PUT", fmt.Sprintf("%s/%d", res, c.ID), a.admin, map[string]string{"name": "X"}, a.ifMatch(fmt.Sprintf("%s/%d", res, c.ID))...), 422)
			var renamed named
			a.expect(a.do("PUT", fmt.Sprintf("%s/%d", res, c.ID), a.admin, map[string]string{"name": "Montenegro"}, a.ifMatch(fmt.Sprintf("%s/%d", res, c.ID))...), 200).json(t, &renamed)
			if renamed.Name != "Montenegro" {
				t.Fatalf("renamed %+v", renamed)
			}
			a.expect(a.do("PUT", res+"/9999", a.admin, map[string]string{"name": "Nema"}, a.ifMatch(res+"/9999")...), 404)
			a.toggle(res, 9999, 404)
			r = a.expect(a.do("GET", res+"?page=1&per_page=10&is_active=1", a.admin, nil), 200)
			if r.header.Get("X-Total-Count") != "1" {
				t.Fatalf("active %s: %s", res, r.header.Get("X-Total-Count"))
			}
			var one []named
			a.expect(a.do("GET", fmt.Sprintf("%s/%d", res, c.ID), a.admin, nil), 200).json(t, &one)
			if len(one) != 1 || one[0].Name != "Montenegro" {
				t.Fatalf("get %+v", one)
			}
		}
		var active []named
		a.expect(a.do("GET", "/api/categoriesActive", a.admin, nil), 200).json(t, &active)
		if len(active) != 1 || active[0].Name != "Montenegro" {
			t.Fatalf("categoriesActive %+v", active)
		}
	})
}

func TestCitiesAndStores(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		me := a.create("/api/countries", map[string]string{"name": "Crna Gora"})
		rs := a.create("/api/countries", map[string]string{"name": "Srbija"})
		var bar struct {
			named
			CountryName string `json:"country_name"`
			CountryID   int64  `json:"country_id"`
		}
		a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Bar", "country_id": me.ID}), 201).json(t, &bar)
		if bar.CountryName != "Crna Gora" || bar.CountryID != me.ID {
			t.Fatalf("city %+v", bar)
		}
		// Unique per country, not across countries.
		a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "BAR", "country_id": me.ID}), 422)
		a.create("/api/cities", map[string]any{"name": "Bar", "country_id": rs.ID})
		r := a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Kotor"}), 422)
		if r.fieldErrors(t)["country_id"][0] != "The country id field is required." {
			t.Fatalf("no country: %s", r.body)
		}
		a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Kotor", "country_id": 999}), 422)
		a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "Kotor", "country_id": "abc"}), 422)

		// A country with active cities cannot be deactivated (435), and says why.
		r = a.expect(a.do("DELETE", fmt.Sprintf("/api/countries/%d", me.ID), a.admin, nil), 435)
		if r.message(t) != "The country has active cities." {
			t.Fatalf("435 message %q", r.message(t))
		}

		lat, lng := 42.0935, 19.1008
		var st struct {
			ID       int64   `json:"id"`
			CityName string  `json:"city_name"`
			Lat      float64 `json:"lat"`
		}
		a.expect(a.do("POST", "/api/stores", a.admin, map[string]any{"city_id": bar.ID, "address": "Jovana Tomaševića 12",
			"contact": "+382 30 311 111", "lat": lat, "lng": lng}), 201).json(t, &st)
		if st.CityName != "Bar" || st.Lat != lat {
			t.Fatalf("store %+v", st)
		}
		r = a.expect(a.do("POST", "/api/stores", a.admin, map[string]any{"address": "A", "lat": 100.0, "lng": lng}), 422)
		f := r.fieldErrors(t)
		if f["city_id"] == nil || f["address"] == nil || f["contact"] == nil || f["lat"] == nil {
			t.Fatalf("store errors %v", f)
		}
		a.expect(a.do("PUT", fmt.Sprintf("/api/stores/%d", st.ID), a.admin, map[string]any{"city_id": bar.ID, "address": "Obala 1",
			"contact": "068 111 222", "lat": 42.1, "lng": 19.1}, a.ifMatch(fmt.Sprintf("/api/stores/%d", st.ID))...), 200)
		r = a.expect(a.do("GET", "/api/stores?page=1&address=obala", a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("store filter: %s", r.body)
		}
		// A city with active stores cannot be deactivated; after the store goes, it can.
		a.toggle("/api/cities", bar.ID, 435)
		a.toggle("/api/stores", st.ID, 200)
		if a.toggle("/api/cities", bar.ID, 200) {
			t.Fatal("city deactivated")
		}
		// A store cannot move to an inactive city.
		a.expect(a.do("PUT", fmt.Sprintf("/api/stores/%d", st.ID), a.admin, map[string]any{"city_id": bar.ID, "address": "Obala 1",
			"contact": "068 111 222", "lat": 42.1, "lng": 19.1}, a.ifMatch(fmt.Sprintf("/api/stores/%d", st.ID))...), 422)
		// A duplicate of an inactive city in the same country is 434.
		a.expect(a.do("POST", "/api/cities", a.admin, map[string]any{"name": "bar", "country_id": me.ID}), 434)
		for _, res := range []string{"cities", "stores"} {
			id := bar.ID
			if res == "stores" {
				id = st.ID
			}
			var one []map[string]any
			a.expect(a.do("GET", fmt.Sprintf("/api/%s/%d", res, id), a.admin, nil), 200).json(t, &one)
			if len(one) != 1 || one[0]["id"].(float64) != float64(id) {
				t.Fatalf("%s by id: %v", res, one)
			}
			a.expect(a.do("GET", "/api/"+res+"/99999", a.admin, nil), 404)
			a.toggle("/api/"+res, 99999, 404)
			a.expect(a.do("PUT", "/api/"+res+"/99999", a.admin, map[string]any{}, a.ifMatch("/api/"+res+"/99999")...), 404)
		}
		a.toggle("/api/countries", me.ID, 200)
		r = a.expect(a.do("GET", "/api/cities?page=1&country_name=srb", a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("city by country: %s", r.body)
		}
	})
}

func multipartBody(t *testing.T, fields map[string]string, fileName string, file []byte) (string, []byte) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if file != nil {
		fw, err := w.CreateFormFile("image", fileName)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(file)
	}
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

func (a *api) upload(path string, fields map[string]string, fileName string, file []byte) resp {
	a.t.Helper()
	ct, body := multipartBody(a.t, fields, fileName, file)
	req, _ := http.NewRequest("POST", a.srv.URL+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+a.admin)
	req.Header.Set("Content-Type", ct)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

func testJPEG(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func storedImages(t *testing.T, a *api) []string {
	var out []string
	_ = filepath.WalkDir(filepath.Join(a.app.Config.DataDir, "images"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestProductsWithImages(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		fields := map[string]string{"name": "Bušilica", "description": "Udarna bušilica 800 W", "price": "129.990"}
		r := a.expect(a.upload("/api/products", fields, "busilica.jpg", testJPEG(t, 800, 600)), 201)
		var p struct {
			ID       int64           `json:"id"`
			Price    json.RawMessage `json:"price"`
			Image    string          `json:"image"`
			ImageURL string          `json:"image_url"`
			ThumbURL string          `json:"thumb_url"`
		}
		r.json(t, &p)
		if string(p.Price) != "129.99" || !strings.HasSuffix(p.Image, ".jpg") || p.Image == "busilica.jpg" {
			t.Fatalf("product %s", r.body)
		}
		img, err := http.Get(a.srv.URL + p.ImageURL)
		if err != nil {
			t.Fatal(err)
		}
		img.Body.Close()
		if img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/jpeg" || img.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(img.Header.Get("Cache-Control"), "max-age=31536000") {
			t.Fatalf("image answer %d %v", img.StatusCode, img.Header)
		}
		thumb, _ := http.Get(a.srv.URL + p.ThumbURL)
		thumb.Body.Close()
		if thumb.StatusCode != 200 {
			t.Fatal("thumbnail")
		}
		if n := len(storedImages(t, a)); n != 2 {
			t.Fatalf("want image + thumbnail, got %d files", n)
		}

		// Refused uploads answer 422 on the image field and store nothing.
		pngHeader := func() []byte {
			var b bytes.Buffer
			_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
			return b.Bytes()
		}()
		_ = pngHeader
		bad := map[string]struct {
			name string
			data []byte
			want string
		}{
			"html renamed to png": {"slika.png", []byte("<html><body>hi</body></html>"), "The image must be a file of type: jpeg, jpg, png."},
			"truncated jpeg":      {"pola.jpg", testJPEG(t, 400, 400)[:1500], "The image could not be read."},
			"6 MB file":           {"velika.jpg", append(testJPEG(t, 10, 10), make([]byte, 6<<20)...), "The image may not be greater than 5120 kilobytes."},
			"dot-dot name":        {"../../../etc/passwd", []byte("root:x:0:0"), "The image must be a file of type: jpeg, jpg, png."},
			"pixel flood":         {"flood.png", floodPNG(t), "The image dimensions are too large."},
		}
		for name, c := range bad {
			r := a.expect(a.upload("/api/products", fields, c.name, c.data), 422)
			if got := r.fieldErrors(t)["image"]; len(got) == 0 || got[0] != c.want {
				t.Fatalf("%s: %s", name, r.body)
			}
		}
		if n := len(storedImages(t, a)); n != 2 {
			t.Fatalf("refused uploads stored files: %v", storedImages(t, a))
		}
		r = a.expect(a.upload("/api/products", fields, "", nil), 422)
		if r.fieldErrors(t)["image"][0] != "The image field is required." {
			t.Fatalf("missing image: %s", r.body)
		}
		r = a.expect(a.upload("/api/products", map[string]string{"name": "X", "price": "12.3456"}, "a.jpg", testJPEG(t, 10, 10)), 422)
		if f := r.fieldErrors(t); f["name"] == nil || f["description"] == nil || f["price"][0] != "The price must be a number." {
			t.Fatalf("fields: %s", r.body)
		}

		// Edit without an image keeps it; with one, the old files go.
		old := storedImages(t, a)
		a.expect(a.upload(fmt.Sprintf("/api/products/%d", p.ID), map[string]string{"name": "Bušilica Pro", "description": "Udarna", "price": "0", "version": "1"}, "", nil), 200)
		if fmt.Sprint(storedImages(t, a)) != fmt.Sprint(old) {
			t.Fatal("an edit without an image keeps the files")
		}
		fields["version"] = "2"
		r = a.expect(a.upload(fmt.Sprintf("/api/products/%d", p.ID), fields, "nova.jpg", testJPEG(t, 300, 300)), 200)
		var edited struct {
			Image string `json:"image"`
		}
		r.json(t, &edited)
		if edited.Image == p.Image || len(storedImages(t, a)) != 2 {
			t.Fatalf("replacement: %s, files %v", edited.Image, storedImages(t, a))
		}
		gone, _ := http.Get(a.srv.URL + p.ImageURL)
		gone.Body.Close()
		if gone.StatusCode != 404 {
			t.Fatal("the replaced image is deleted")
		}
		a.expect(a.upload("/api/products/9999", fields, "", nil), 404)
		var one []map[string]any
		a.expect(a.do("GET", fmt.Sprintf("/api/products/%d", p.ID), a.admin, nil), 200).json(t, &one)
		if len(one) != 1 || one[0]["name"] != "Bušilica" {
			t.Fatalf("product by id: %v", one)
		}
		a.expect(a.do("GET", "/api/products/99999", a.admin, nil), 404)
		a.toggle("/api/products", 99999, 404)
		for _, path := range []string{"/api/images/products/..%2f..%2fvitrina.db", "/api/images/products/x.jpg", "/api/images/../x/" + edited.Image} {
			res, _ := http.Get(a.srv.URL + path)
			res.Body.Close()
			if res.StatusCode != 404 {
				t.Fatalf("%s answered %d", path, res.StatusCode)
			}
		}

		// List, filter, sort by price, pickers.
		a.expect(a.upload("/api/products", map[string]string{"name": "Čekić", "description": "Stolarski čekić", "price": "15"}, "c.jpg", testJPEG(t, 50, 50)), 201)
		r = a.expect(a.do("GET", "/api/products?page=1&per_page=10&name=cekic", a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("filter: %s", r.body)
		}
		var list []struct {
			Name  string      `json:"name"`
			Price json.Number `json:"price"`
		}
		a.expect(a.do("GET", "/api/products?page=1&sort=price&order=desc", a.admin, nil), 200).json(t, &list)
		if len(list) != 2 || list[0].Price != "129.99" {
			t.Fatalf("by price %+v", list)
		}
		if a.toggle("/api/products", p.ID, 200) {
			t.Fatal("product deactivated")
		}
		a.expect(a.do("GET", "/api/productsActive", a.admin, nil), 200).json(t, &list)
		if len(list) != 1 || list[0].Name != "Čekić" {
			t.Fatalf("productsActive %+v", list)
		}
	})
}

// floodPNG is a valid PNG header claiming 20000×20000 pixels.
func floodPNG(t *testing.T) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()
	ihdr := data[16:29]
	ihdr[0], ihdr[1], ihdr[2], ihdr[3] = 0, 0, 0x4e, 0x20
	ihdr[4], ihdr[5], ihdr[6], ihdr[7] = 0, 0, 0x4e, 0x20
	crc := crc32IEEE(data[12:29])
	data[29], data[30], data[31], data[32] = byte(crc>>24), byte(crc>>16), byte(crc>>8), byte(crc)
	return data
}

func crc32IEEE(b []byte) uint32 {
	crc := ^uint32(0)
	for _, c := range b {
		crc ^= uint32(c)
		for i := 0; i < 8; i++ {
			if crc&1 == 1 {
				crc = crc>>1 ^ 0xedb88320
			} else {
				crc >>= 1
			}
		}
	}
	return ^crc
}

func TestCatalogPermissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Inženjer", "eng", "engineer"))
		a.createUser(userBody("Finansijer", "fin", "financier"))
		eng := a.login("eng", "pass1234")
		fin := a.login("fin", "pass1234")
		a.expect(a.do("GET", "/api/countries?page=1", eng, nil), 200)
		a.expect(a.do("POST", "/api/countries", eng, map[string]string{"name": "Hrvatska"}), 403)
		a.expect(a.do("GET", "/api/countries?page=1", fin, nil), 403)
		a.expect(a.do("GET", "/api/productsActive", fin, nil), 200)
		a.expect(a.do("GET", "/api/countries", "", nil), 401)
	})
}
