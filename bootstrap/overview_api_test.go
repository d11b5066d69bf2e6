package bootstrap

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

type groupOut struct {
	ID               int64   `json:"id"`
	Name             *string `json:"name"`
	Partners         int     `json:"partners"`
	Debt             string  `json:"debt"`
	MoneyCirculation string  `json:"moneyCirculation"`
}

func (g groupOut) String() string {
	name := "<none>"
	if g.Name != nil {
		name = *g.Name
	}
	return fmt.Sprintf("%s:%d:%s:%s", name, g.Partners, g.Debt, g.MoneyCirculation)
}

type weekOut struct {
	Week     string `json:"week"`
	Messages int    `json:"messages"`
	Partners int    `json:"partners"`
}

// overview reads one overview list as token and renders its rows, with the total header.
func (a *api) overview(path, token string) (string, string) {
	a.t.Helper()
	r := a.expect(a.do("GET", path, token, nil), 200)
	if strings.Contains(path, "supportByWeek") {
		var weeks []weekOut
		r.json(a.t, &weeks)
		out := make([]string, 0, len(weeks))
		for _, w := range weeks {
			out = append(out, fmt.Sprintf("%s:%d:%d", w.Week, w.Messages, w.Partners))
		}
		return strings.Join(out, " "), r.header.Get("X-Total-Count")
	}
	var groups []groupOut
	r.json(a.t, &groups)
	out := make([]string, 0, len(groups))
	for _, g := range groups {
		out = append(out, g.String())
	}
	return strings.Join(out, " "), r.header.Get("X-Total-Count")
}

// overviewWorld adds partners whose figures test the sums: decimals a float would round, the
// largest figures, a percentage (left out), an inactive partner and one without a city.
func (a *api) overviewWorld() {
	a.t.Helper()
	w := a.partnerWorld()
	add := func(id int, city int64, debt, money string, cats ...int64) {
		body := partnerBody(id, fmt.Sprintf("Partner %d", id), city, debt, cats...)
		body["moneyCirculation"] = money
		a.createPartner(body)
	}
	add(501, w.city, "1200.5", "1000", w.alati, w.boje)
	add(502, w.city, "0.1", "0.2", w.alati)
	add(503, w.otherCity, "9999999999.999", "9999999999.999", w.boje)
	add(504, w.otherCity, "0.2", "0.001", w.boje)
	add(505, w.city, "100", "1000", w.alati)
	add(506, w.otherCity, "7", "1", w.alati)

	edit := partnerBody(nil, "Partner 504", w.otherCity, "15%", w.boje)
	edit["moneyCirculation"], edit["password"], edit["confirmPassword"] = "0.001", "", ""
	a.expect(a.do("PUT", "/api/partners/504", a.admin, edit, a.ifMatch("/api/partners/504")...), 200)
	a.toggle("/api/partners", 505, 200)
	// The form always asks for a city; an imported or older partner may have none.
	if _, err := a.app.DB.NewUpdate().Table("partners").Set("city_id = NULL").Where("id = 506").Exec(context.Background()); err != nil {
		a.t.Fatal(err)
	}
}

func TestOverviewPartnerGroups(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.overviewWorld()
		for _, c := range []struct{ path, want, total string }{
			// Sorted by name by default, the partners without a city last.
			{"/api/overview/partnersByCity?page=1&per_page=10", "Nikšić:2:9999999999.999:10000000000 Podgorica:3:1300.6:2000.2 <none>:1:7:1", "3"},
			{"/api/overview/partnersByCity?page=1&per_page=10&is_active=1", "Nikšić:2:9999999999.999:10000000000 Podgorica:2:1200.6:1000.2 <none>:1:7:1", "3"},
			{"/api/overview/partnersByCity?page=1&per_page=10&is_active=0", "Podgorica:1:100:1000", "1"},
			{"/api/overview/partnersByCity?page=1&per_page=2&sort=debt&order=desc", "Nikšić:2:9999999999.999:10000000000 Podgorica:3:1300.6:2000.2", "3"},
			{"/api/overview/partnersByCity?page=2&per_page=2&sort=debt&order=desc", "<none>:1:7:1", "3"},
			{"/api/overview/partnersByCity?page=1&per_page=10&sort=partners&order=desc", "Podgorica:3:1300.6:2000.2 Nikšić:2:9999999999.999:10000000000 <none>:1:7:1", "3"},
			{"/api/overview/partnersByCity?page=1&per_page=10&sort=moneyCirculation", "<none>:1:7:1 Podgorica:3:1300.6:2000.2 Nikšić:2:9999999999.999:10000000000", "3"},
			{"/api/overview/partnersByCity?page=1&per_page=10&name=GORICA", "Podgorica:3:1300.6:2000.2", "1"},
			// A partner counts in each of its categories.
			{"/api/overview/partnersByCategory?page=1&per_page=10", "Alati:4:1307.6:2001.2 Boje i lakovi:3:10000001200.499:10000001000", "2"},
			{"/api/overview/partnersByCategory?page=1&per_page=1&sort=debt&order=desc", "Boje i lakovi:3:10000001200.499:10000001000", "2"},
			{"/api/overview/partnersByCategory?page=1&per_page=10&is_active=1&sort=partners", "Alati:3:1207.6:1001.2 Boje i lakovi:3:10000001200.499:10000001000", "2"},
			// Without a page the whole list streams, with no total.
			{"/api/overview/partnersByCategory?sort=name&order=desc", "Boje i lakovi:3:10000001200.499:10000001000 Alati:4:1307.6:2001.2", ""},
		} {
			if got, total := a.overview(c.path, a.admin); got != c.want || total != c.total {
				t.Errorf("%s:\n got %s (total %q)\nwant %s (total %q)", c.path, got, total, c.want, c.total)
			}
		}
		for _, bad := range []string{"sort=debt_hi", "sort=password_hash", "sort=name%3BDROP%20TABLE%20partners", "per_page=101", "order=sideways", "is_active=maybe"} {
			a.expect(a.do("GET", "/api/overview/partnersByCity?page=1&"+bad, a.admin, nil), 422)
		}
	})
}

func TestOverviewSupportByWeek(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.overviewWorld()
		ctx := context.Background()
		// Weeks start on Monday, in UTC: Sunday night is still the week before.
		for i, m := range []struct {
			partner kernel.ID
			at      string
		}{
			{501, "2026-03-02T10:00:00Z"}, {502, "2026-03-08T23:30:00Z"},
			{501, "2026-03-09T00:10:00Z"}, {501, "2026-03-11T12:00:00Z"}, {503, "2026-02-27T09:00:00Z"},
		} {
			if _, err := a.app.Partner.SendSupportMessage(ctx, m.partner, 1, fmt.Sprintf("Poruka %d", i+1)); err != nil {
				t.Fatal(err)
			}
			at, _ := time.Parse(time.RFC3339, m.at)
			if _, err := a.app.DB.NewUpdate().Table("support_messages").Set("created_at = ?", at).Where("id = ?", i+1).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.app.Partner.ToggleSupportMessage(ctx, 4); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ path, want, total string }{
			{"/api/overview/supportByWeek?page=1&per_page=10", "2026-02-23:1:1 2026-03-02:2:2 2026-03-09:2:1", "3"},
			{"/api/overview/supportByWeek?page=1&per_page=2&sort=week&order=desc", "2026-03-09:2:1 2026-03-02:2:2", "3"},
			{"/api/overview/supportByWeek?page=1&per_page=10&is_active=1&sort=messages&order=desc", "2026-03-02:2:2 2026-03-09:1:1 2026-02-23:1:1", "3"},
			{"/api/overview/supportByWeek?page=1&per_page=10&is_active=0", "2026-03-09:1:1", "1"},
			{"/api/overview/supportByWeek", "2026-02-23:1:1 2026-03-02:2:2 2026-03-09:2:1", ""},
		} {
			if got, total := a.overview(c.path, a.admin); got != c.want || total != c.total {
				t.Errorf("%s:\n got %s (total %q)\nwant %s (total %q)", c.path, got, total, c.want, c.total)
			}
		}
		a.expect(a.do("GET", "/api/overview/supportByWeek?page=1&sort=content", a.admin, nil), 422)
	})
}

// Reading the overview needs what reading its rows needs: partners for the groups, customer
// support for the weeks.
func TestOverviewAccess(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.overviewWorld()
		a.createUser(userBody("Bez Uloga", "bezuloga"))
		a.createUser(userBody("Inženjer", "inzenjer", "engineer"))
		a.createUser(userBody("Finansije", "finansije", "financier"))
		none, engineer, financier := a.login("bezuloga", "pass1234"), a.login("inzenjer", "pass1234"), a.login("finansije", "pass1234")
		groups := []string{"/api/overview/partnersByCity?page=1", "/api/overview/partnersByCategory?page=1"}
		weeks := "/api/overview/supportByWeek?page=1"
		for _, path := range append(groups, weeks) {
			a.expect(a.do("GET", path, "", nil), 401)
			a.expect(a.do("GET", path, "not-a-token", nil), 401)
			a.expect(a.do("GET", path, none, nil), 403)
			a.expect(a.do("GET", path, financier, nil), 200)
		}
		for _, path := range groups {
			a.expect(a.do("GET", path, engineer, nil), 200)
		}
		a.expect(a.do("GET", weeks, engineer, nil), 403)
	})
}
