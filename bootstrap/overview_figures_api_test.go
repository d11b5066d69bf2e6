package bootstrap

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The home page's figures over HTTP (issue 25, ADR 0042): who may read each block, who may
// change the debt-rise threshold, and the rise measured by it.

// Each block is read by the roles that may read its resource; the threshold is changed by
// directors (and admins), not managers.
func TestOverviewFiguresAccessByRole(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		tokens := map[string]string{"admin": a.admin}
		for _, role := range []string{"director", "manager", "engineer", "financier"} {
			a.createUser(userBody("Uloga "+role, role, role))
			tokens[role] = a.login(role, "pass1234")
		}
		a.createUser(userBody("Bez Uloga", "bezuloga"))
		tokens["none"] = a.login("bezuloga", "pass1234")
		today := time.Now().UTC().Format(time.DateOnly)
		reads := map[string]string{ // path → the roles that may read it, the rest answer 403
			"/api/overview/campaigns":               "admin director manager engineer financier",
			"/api/overview/push":                    "admin director manager engineer",
			"/api/overview/debtRise?since=" + today: "admin director manager engineer financier",
			"/api/overview/debtRiseThreshold":       "admin director manager engineer financier",
			"/api/overview/supportByType":           "admin director manager financier",
			"/api/overview/partnersByCity?page=1":   "admin director manager engineer financier",
			"/api/overview/supportByWeek?page=1":    "admin director manager financier",
		}
		for path, may := range reads {
			a.expect(a.do("GET", path, "", nil), 401)
			for role, token := range tokens {
				want := 403
				if strings.Contains(" "+may+" ", " "+role+" ") {
					want = 200
				}
				if r := a.do("GET", path, token, nil); r.status != want {
					t.Errorf("%s as %s: %d, want %d (%s)", path, role, r.status, want, r.body)
				}
			}
		}
		version := 1
		for _, role := range []string{"admin", "director", "manager", "engineer", "financier", "none"} {
			want := 403
			if role == "admin" || role == "director" {
				want = 200
			}
			r := a.do("PUT", "/api/overview/debtRiseThreshold", tokens[role], map[string]any{"threshold": "25", "version": version})
			if r.status != want {
				t.Errorf("threshold as %s: %d, want %d (%s)", role, r.status, want, r.body)
			}
			if r.status == 200 {
				version++
			}
		}
	})
}

type thresholdOut struct {
	Threshold string `json:"threshold"`
	Version   int    `json:"version"`
}

type debtRiseOut struct {
	ID   int64   `json:"id"`
	Name string  `json:"name"`
	Then string  `json:"then"`
	Now  string  `json:"now"`
	Rise *string `json:"rise"`
}

func (d debtRiseOut) String() string {
	rise := "new"
	if d.Rise != nil {
		rise = *d.Rise + "%"
	}
	return fmt.Sprintf("%d:%s→%s:%s", d.ID, d.Then, d.Now, rise)
}

// The threshold is validated, versioned and recorded; the debt rise follows the partners'
// edits and the threshold in force.
func TestOverviewDebtRiseAndThreshold(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.createUser(userBody("Direktor", "direktor", "director"))
		director := a.login("direktor", "pass1234")
		var th thresholdOut
		a.expect(a.do("GET", "/api/overview/debtRiseThreshold", a.admin, nil), 200).json(t, &th)
		if th.Threshold != "20" || th.Version != 1 {
			t.Fatalf("default threshold %+v", th)
		}
		for _, bad := range []string{"0", "-1", "1000.001", "abc", "12.3456", ""} {
			r := a.expect(a.do("PUT", "/api/overview/debtRiseThreshold", director, map[string]any{"threshold": bad, "version": 1}), 422)
			if f := r.fieldErrors(t); len(f["threshold"]) == 0 {
				t.Errorf("%q: errors %v", bad, f)
			}
		}
		a.expect(a.do("PUT", "/api/overview/debtRiseThreshold", director, map[string]any{"threshold": "25"}), 422) // no version
		a.expect(a.do("PUT", "/api/overview/debtRiseThreshold", director, map[string]any{"threshold": "25,5"}, "If-Match", `"1"`), 200).json(t, &th)
		if th.Threshold != "25.5" || th.Version != 2 {
			t.Fatalf("set %+v", th)
		}
		a.expect(a.do("PUT", "/api/overview/debtRiseThreshold", a.admin, map[string]any{"threshold": "30", "version": 1}), 409)
		var events int
		if err := a.app.DB.NewRaw("SELECT count(*) FROM audit_events WHERE resource = 'settings' AND changes LIKE '%debt_rise_threshold%25.5%'").
			Scan(t.Context(), &events); err != nil || events != 1 {
			t.Fatalf("the change is on record %d times (%v)", events, err)
		}

		for i, debt := range []string{"100", "100", "0", "100"} {
			a.createPartner(partnerBody(601+i, fmt.Sprintf("Dužnik %d", i+1), w.city, debt, w.alati))
		}
		edit := func(id int, debt string) {
			body := partnerBody(nil, fmt.Sprintf("Dužnik %d", id-600), w.city, debt, w.alati)
			body["password"], body["confirmPassword"] = "", ""
			path := fmt.Sprintf("/api/partners/%d", id)
			a.expect(a.do("PUT", path, a.admin, body, a.ifMatch(path)...), 200)
		}
		edit(601, "130")   // +30 %
		edit(602, "125.5") // exactly 25.5 %: not more
		edit(603, "10")    // from nothing
		edit(604, "90")    // fell
		today := time.Now().UTC().Format(time.DateOnly)
		r := a.expect(a.do("GET", "/api/overview/debtRise?since="+today, a.admin, nil), 200)
		var rows []debtRiseOut
		r.json(t, &rows)
		if got := fmt.Sprint(rows); got != "[603:0→10:new 601:100→130:30%]" || r.header.Get("X-Total-Count") != "2" ||
			r.header.Get("X-Debt-Rise-Threshold") != "25.5" || r.header.Get("X-Since") != today {
			t.Fatalf("debt rise %s, total %s, threshold %s, since %s", got, r.header.Get("X-Total-Count"),
				r.header.Get("X-Debt-Rise-Threshold"), r.header.Get("X-Since"))
		}
		r = a.expect(a.do("GET", "/api/overview/debtRise?since="+today+"&page=2&per_page=1", a.admin, nil), 200)
		if r.json(t, &rows); fmt.Sprint(rows) != "[601:100→130:30%]" || r.header.Get("X-Total-Count") != "2" {
			t.Fatalf("second page %v", rows)
		}
		tomorrow := time.Now().UTC().Add(48 * time.Hour).Format(time.DateOnly)
		for _, bad := range []string{"", "since=yesterday", "since=2026-13-01", "since=" + tomorrow, "since=" + today + "&per_page=101"} {
			a.expect(a.do("GET", "/api/overview/debtRise?"+bad, a.admin, nil), 422)
		}
	})
}

// The other blocks answer their shapes over HTTP; a missing campaign's burn-down is 404.
func TestOverviewFigureAnswers(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		var push struct {
			FromID  int64 `json:"from_id"`
			Devices int64 `json:"devices"`
			Reasons []any `json:"reasons"`
		}
		a.expect(a.do("GET", "/api/overview/push", a.admin, nil), 200).json(t, &push)
		if push.FromID != 0 || push.Devices != 0 || push.Reasons == nil {
			t.Fatalf("no notifications: %+v", push)
		}
		var types []struct {
			Name string `json:"name"`
			Open int    `json:"open"`
		}
		a.expect(a.do("GET", "/api/overview/supportByType", a.admin, nil), 200).json(t, &types)
		if len(types) != 4 {
			t.Fatalf("types %+v", types)
		}
		var campaigns []map[string]any
		a.expect(a.do("GET", "/api/overview/campaigns", a.admin, nil), 200).json(t, &campaigns)
		if campaigns == nil {
			t.Fatal("campaigns answer null")
		}
		a.expect(a.do("GET", "/api/overview/campaigns/999/burndown", a.admin, nil), 404)
	})
}
