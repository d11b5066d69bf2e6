package bootstrap

import (
	"fmt"
	"reflect"
	"testing"
)

// The profile answer says what the account's roles may do, and it is what the server does:
// every screen it names as readable answers 200 and every other one 403 (ADR 0029).
func TestProfileAnswersPermissionsPerRole(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		want := map[string]map[string][]string{
			"admin": {"users": rw, "countries": rw, "categories": rw, "cities": rw, "products": rw, "stores": rw,
				"partners": rw, "customerSupport": rw, "sliders": rw, "campaigns": rw, "notifications": rw, "activity": {"read", "verify", "undo"},
				"security": {"read", "write"}},
			"director": {"users": rw, "countries": rw, "categories": rw, "cities": rw, "products": rw, "stores": rw,
				"partners": rw, "customerSupport": rw, "sliders": rw, "campaigns": rw, "notifications": rw, "activity": {"read"}},
			"manager": {"users": ro, "countries": ro, "categories": ro, "cities": ro, "products": rw, "stores": rw,
				"partners": rw, "customerSupport": rw, "sliders": rw, "campaigns": rw, "notifications": rw, "activity": {"read"}},
			"engineer": {"countries": ro, "categories": ro, "cities": ro, "products": ro, "stores": ro,
				"partners": ro, "sliders": ro, "campaigns": ro, "notifications": ro, "activity": {"read"}},
			"financier": {"categories": ro, "cities": {"pick"}, "products": ro, "partners": rw,
				"customerSupport": ro, "campaigns": ro, "activity": {"read"}},
		}
		screens := []string{"users", "countries", "categories", "cities", "products", "stores", "partners",
			"customerSupport", "sliders", "campaigns", "notifications", "activity"}
		for role, perms := range want {
			token := a.admin
			if role != "admin" {
				a.createUser(userBody(role, "u-"+role, role))
				token = a.login("u-"+role, "pass1234")
			}
			var me struct {
				Permissions map[string][]string `json:"permissions"`
			}
			a.expect(a.do("GET", "/api/getLogedUserData", token, nil), 200).json(t, &me)
			if !reflect.DeepEqual(me.Permissions, perms) {
				t.Errorf("%s: permissions %v, want %v", role, me.Permissions, perms)
			}
			for _, res := range screens {
				status := 403
				if contains(me.Permissions[res], "read") {
					status = 200
				}
				a.expect(a.do("GET", fmt.Sprintf("/api/%s?page=1", res), token, nil), status)
			}
		}
	})
}

var (
	rw = []string{"read", "write", "pick"}
	ro = []string{"read", "pick"}
)

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// A financier edits partners, whose form picks a city, but may not open the cities screen:
// the picker call answers it the active cities, the screen's list stays 403, and the edit
// with a picked city saves.
func TestPickerReadForAPartnerEditor(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		a.toggle("/api/cities", w.otherCity, 200) // Nikšić inactive: not offered
		p := a.createPartner(partnerBody(1001, "Gradnja", w.city, "0", w.alati))
		a.createUser(userBody("Finansije", "fin", "financier"))
		fin := a.login("fin", "pass1234")

		var cities []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		}
		a.expect(a.do("GET", "/api/citiesActive?sort=name&order=asc", fin, nil), 200).json(t, &cities)
		if len(cities) != 1 || cities[0].ID != w.city || cities[0].Name != "Podgorica" {
			t.Fatalf("picker cities %+v", cities)
		}
		a.expect(a.do("GET", "/api/citiesActive?page=1&per_page=10", fin, nil), 200)
		a.expect(a.do("GET", "/api/cities?page=1", fin, nil), 403)
		a.expect(a.do("GET", "/api/cities", fin, nil), 403)
		a.expect(a.do("POST", "/api/cities", fin, map[string]any{"name": "Bar", "country_id": 1}), 403)

		body := partnerBody(1001, "Gradnja Nova", w.city, "12.5", w.alati)
		delete(body, "password")
		delete(body, "confirmPassword")
		body["version"] = a.versionAt(fmt.Sprintf("/api/partners/%d", p.ID))
		a.expect(a.do("PUT", fmt.Sprintf("/api/partners/%d", p.ID), fin, body), 200)

		// A role with neither read nor pick on cities gets 403 from the picker too.
		a.createUser(userBody("Prazan", "nobody"))
		nobody := a.login("nobody", "pass1234")
		a.expect(a.do("GET", "/api/citiesActive", nobody, nil), 403)
		// read implies pick.
		a.createUser(userBody("Inženjer", "eng", "engineer"))
		a.expect(a.do("GET", "/api/citiesActive", a.login("eng", "pass1234"), nil), 200)
	})
}
