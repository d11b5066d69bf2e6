package bootstrap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

type appSliderOut struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Type        int       `json:"type"`
	ImageURL    string    `json:"image_url"`
	WysiwygURL  *string   `json:"wyswygimg_url"`
	PageContent string    `json:"page_content"`
	StartDate   *string   `json:"start_date"`
	EndDate     *string   `json:"end_date"`
	Dates       []string  `json:"dates"`
	UpdatedAt   time.Time `json:"updated_at"`
	MyDates     []string  `json:"my_dates"`
	MyConfirmed bool      `json:"my_confirmed"`
	MyQuantity  int64     `json:"my_quantity"`
}

func (a *api) appSliders(token string) []appSliderOut {
	a.t.Helper()
	var out []appSliderOut
	a.expect(a.do("GET", "/api/app/sliders", token, nil), 200).json(a.t, &out)
	return out
}

func appNames(ss []appSliderOut) []string {
	out := []string{}
	for _, s := range ss {
		out = append(out, s.Name)
	}
	return out
}

func TestAppSliders(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld() // 1001 in Boje and Alati, 1002 in Boje; "vezani" linked to 1001
		seminar := a.createSlider(sliderFields("Seminar alata", 3, w.alati), nil)
		promoFields := sliderFields("Akcija boja", 2, w.boje)
		promoFields["page_content"] = `<p onclick="x()">Popust <script>alert(1)</script></p>`
		promo := a.createSlider(promoFields, map[string][]byte{"image": testJPEG(t, 100, 50), "wyswygimg": testJPEG(t, 60, 60)})
		hidden := a.createSlider(sliderFields("Skrivena akcija", 2, w.alati), nil)
		a.expect(a.do("PUT", fmt.Sprintf("/api/sliders/activate/%d", hidden.ID), a.admin, nil), 200)
		later := sliderFields("Od sljedeće sedmice", 1, w.alati)
		later["start_date"] = day(5)
		a.createSlider(later, nil)
		ended := sliderFields("Završena", 1, w.boje)
		ended["start_date"], ended["end_date"] = day(-20), day(-1)
		a.createSlider(ended, nil)
		banner := a.createSlider(sliderFields("Baner boja", 1, w.boje), nil)

		own, member, other := a.appLogin(partnerSignIn(1001, "tajna1")), a.appLogin(userSignIn("vezani", "pass1234")), a.appLogin(partnerSignIn(1002, "tajna1"))
		mine := a.appSliders(own)
		if !slices.Equal(appNames(mine), []string{"Baner boja", "Akcija boja", "Seminar alata"}) {
			t.Fatalf("1001 sees %v", appNames(mine))
		}
		if got := appNames(a.appSliders(other)); !slices.Equal(got, []string{"Baner boja", "Akcija boja"}) {
			t.Fatalf("1002 sees %v", got)
		}
		p := mine[1]
		if p.ID != promo.ID || p.Type != 2 || p.ImageURL != promo.ImageURL || p.WysiwygURL == nil || *p.WysiwygURL != *promo.WysiwygURL ||
			p.PageContent != "<p>Popust </p>" || len(p.Dates) != 0 || p.MyDates == nil || p.MyConfirmed || p.MyQuantity != 0 {
			t.Fatalf("promo in the app %+v", p)
		}
		if b := mine[0]; b.WysiwygURL != nil || b.ID != banner.ID {
			t.Fatalf("banner in the app %+v", b)
		}
		// The app's JSON has exactly the contract's keys.
		var raw []map[string]any
		a.expect(a.do("GET", "/api/app/sliders", own, nil), 200).json(t, &raw)
		keys := []string{}
		for k := range raw[0] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if strings.Join(keys, ",") != "dates,end_date,id,image_url,my_confirmed,my_dates,my_quantity,name,page_content,start_date,type,updated_at,wyswygimg_url" {
			t.Fatalf("keys %v", keys)
		}

		// Sign-up: own days only, none past, again replaces, [] withdraws; a linked user acts for its partner.
		signUp := func(token string, id int64, body any, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", fmt.Sprintf("/api/app/sliders/%d/signup", id), token, body), status)
		}
		var s appSliderOut
		signUp(own, seminar.ID, map[string]any{"dates": []string{day(14), day(7)}}, 200).json(t, &s)
		if !slices.Equal(s.MyDates, []string{day(7), day(14)}) || !slices.Equal(s.Dates, []string{day(7), day(14)}) || s.MyConfirmed {
			t.Fatalf("signed up %+v", s)
		}
		signUp(member, seminar.ID, map[string]any{"dates": []string{day(7)}}, 200).json(t, &s)
		if !slices.Equal(s.MyDates, []string{day(7)}) || !slices.Equal(a.appSliders(own)[2].MyDates, []string{day(7)}) {
			t.Fatalf("the linked user signs up for its partner: %+v", s)
		}
		if got := signUp(own, seminar.ID, map[string]any{"dates": []string{day(8)}}, 436).message(t); got != "Invalid dates." {
			t.Fatal(got)
		}
		signUp(own, seminar.ID, map[string]any{"dates": []string{day(-1)}}, 436)
		if got := signUp(own, seminar.ID, map[string]any{"dates": []string{"14.12.2030"}}, 422).fieldErrors(t)["dates"]; got[0] != "The dates must be dates in the format YYYY-MM-DD." {
			t.Fatal(got)
		}
		signUp(own, seminar.ID, map[string]any{"dates": "sutra"}, 422)
		if got := signUp(own, seminar.ID, map[string]any{}, 422).fieldErrors(t)["dates"]; got[0] != "The dates field is required." {
			t.Fatal(got)
		}
		signUp(own, seminar.ID, "not json", 400)
		if got := signUp(own, promo.ID, map[string]any{"dates": []string{day(7)}}, 422).refusal(t); got != "Only a seminar takes sign-ups." {
			t.Fatal(got)
		}
		// A slider the partner does not see is not found, however it is asked.
		for _, id := range []int64{hidden.ID, 999999} {
			signUp(own, id, map[string]any{"dates": []string{day(7)}}, 404)
			a.expect(a.do("POST", fmt.Sprintf("/api/app/sliders/%d/order", id), own, map[string]any{"quantity": 1}), 404)
		}
		signUp(other, seminar.ID, map[string]any{"dates": []string{day(7)}}, 404)

		// The panel sees the sign-up; its confirmation reaches the app; new days lose it.
		var rows []map[string]any
		a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners?page=1", seminar.ID), a.admin, nil), 200).json(t, &rows)
		if len(rows) != 1 || rows[0]["id"].(float64) != 1001 {
			t.Fatalf("panel rows %v", rows)
		}
		a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", seminar.ID), a.admin, map[string]any{"partners": []int{1001}}), 200)
		if got := a.appSliders(own)[2]; !got.MyConfirmed {
			t.Fatalf("confirmation in the app %+v", got)
		}
		signUp(own, seminar.ID, map[string]any{"dates": []string{day(14)}}, 200).json(t, &s)
		if s.MyConfirmed {
			t.Fatal("new days are not confirmed")
		}
		signUp(own, seminar.ID, map[string]any{"dates": []string{}}, 200).json(t, &s)
		if len(s.MyDates) != 0 || a.slider(seminar.ID).SignUps != 0 {
			t.Fatalf("withdrawn %+v", s)
		}

		// Order: a whole number from 0; again replaces; 0 withdraws.
		order := func(token string, id int64, body any, status int) resp {
			t.Helper()
			return a.expect(a.do("POST", fmt.Sprintf("/api/app/sliders/%d/order", id), token, body), status)
		}
		order(other, promo.ID, map[string]any{"quantity": 3}, 200).json(t, &s)
		if s.MyQuantity != 3 {
			t.Fatalf("ordered %+v", s)
		}
		order(own, promo.ID, map[string]any{"quantity": "5"}, 200)
		order(other, promo.ID, map[string]any{"quantity": 4}, 200)
		if v := a.slider(promo.ID); v.Orders != 2 || v.OrderedQuantity != 9 {
			t.Fatalf("panel counts %+v", v)
		}
		for body, want := range map[string]string{`{"quantity": 3.5}`: "The quantity must be an integer.", `{"quantity": "tri"}`: "The quantity must be an integer.",
			`{"quantity": -1}`: "The quantity must be between 0 and 1000000.", `{"quantity": 1e9}`: "The quantity must be an integer.",
			`{"quantity": 1000001}`: "The quantity must be between 0 and 1000000.", `{}`: "The quantity field is required."} {
			if got := order(own, promo.ID, body, 422).fieldErrors(t)["quantity"]; len(got) != 1 || got[0] != want {
				t.Errorf("%s: %v", body, got)
			}
		}
		if got := order(own, seminar.ID, map[string]any{"quantity": 1}, 422).refusal(t); got != "Only a promotion takes orders." {
			t.Fatal(got)
		}
		order(other, promo.ID, map[string]any{"quantity": 0}, 200).json(t, &s)
		if s.MyQuantity != 0 || a.slider(promo.ID).OrderedQuantity != 5 {
			t.Fatalf("withdrawn %+v", s)
		}
		// Staff tokens never open an app call.
		a.expect(a.do("GET", "/api/app/sliders", a.admin, nil), 403)
	})
}

// 200 partners sign up to one seminar through the app at once: none is lost, none doubled.
func TestAppSignUpsAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.appWorld()
		seminar := a.createSlider(sliderFields("Veliki seminar", 3, w.alati), nil)
		// 200 more partners, copies of 1001 with its app password (one hash, not 200).
		const n = 200
		if _, err := a.app.DB.ExecContext(t.Context(), `INSERT INTO partners (id, name, name_fold, password_hash, is_active, created_at, updated_at)
			SELECT 5000 + g.n, 'Partner ' || (5000 + g.n), 'partner ' || (5000 + g.n), p.password_hash, p.is_active, p.created_at, p.updated_at
			FROM partners AS p, (WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 200) SELECT n FROM s) AS g
			WHERE p.id = 1001`); err != nil {
			t.Fatal(err)
		}
		if _, err := a.app.DB.ExecContext(t.Context(), fmt.Sprintf(`INSERT INTO partner_categories (partner_id, category_id)
			SELECT id, %d FROM partners WHERE id > 5000`, w.alati)); err != nil {
			t.Fatal(err)
		}
		tokens := make([]string, n)
		for i := range tokens {
			tokens[i] = a.appLogin(partnerSignIn(5001+i, "tajna1"))
		}
		var wg sync.WaitGroup
		statuses := make([]int, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				days := []string{day(7)}
				if i%2 == 1 {
					days = append(days, day(14))
				}
				body, _ := json.Marshal(map[string][]string{"dates": days})
				req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/app/sliders/%d/signup", a.srv.URL, seminar.ID), bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+tokens[i])
				req.Header.Set("Content-Type", "application/json")
				res, err := http.DefaultClient.Do(req)
				if err == nil {
					statuses[i] = res.StatusCode
					res.Body.Close()
				}
			}()
		}
		wg.Wait()
		for i, s := range statuses {
			if s != 200 {
				t.Fatalf("sign-up %d answered %d", i, s)
			}
		}
		var rows []struct {
			ID       int64    `json:"id"`
			AllDates []string `json:"all_dates"`
		}
		r := a.expect(a.do("GET", fmt.Sprintf("/api/sliders/%d/partners", seminar.ID), a.admin, nil), 200)
		r.json(t, &rows)
		if len(rows) != n {
			t.Fatalf("%d sign-ups, want %d", len(rows), n)
		}
		for i, row := range rows {
			want := 1 + i%2
			if row.ID != int64(5001+i) || len(row.AllDates) != want {
				t.Fatalf("row %d: %+v", i, row)
			}
		}
		if v := a.slider(seminar.ID); v.SignUps != n {
			t.Fatalf("counted %d", v.SignUps)
		}
	})
}
