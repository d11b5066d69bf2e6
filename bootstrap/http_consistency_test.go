package bootstrap

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	appcatalog "vitrina/application/catalog"
)

// refusal is the sentence of a 422 that names no field, after checking its shape: the
// message and the same sentence under "_" in the errors map, as every 422 carries it.
func (r resp) refusal(t *testing.T) string {
	t.Helper()
	var b struct {
		Message string              `json:"message"`
		Errors  map[string][]string `json:"errors"`
	}
	r.json(t, &b)
	if len(b.Errors) != 1 || len(b.Errors["_"]) != 1 || b.Errors["_"][0] != b.Message {
		t.Fatalf("a whole-request 422 must carry errors {\"_\": [message]}: %s", r.body)
	}
	return b.Message
}

// Every 422 that docs/openapi.yaml describes answers the one shape: a schema that requires
// the errors map (ValidationError, or one that includes it).
func TestOpenAPIEvery422CarriesErrors(t *testing.T) {
	raw, err := os.ReadFile("../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	// resolve follows a local $ref.
	resolve := func(v any) any {
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return v
		}
		var cur any = doc
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[part]
		}
		return cur
	}
	// requiresErrors tells whether a schema (or a part of its allOf) requires `errors`.
	var requiresErrors func(v any) bool
	requiresErrors = func(v any) bool {
		m, _ := resolve(v).(map[string]any)
		req, _ := m["required"].([]any)
		if slices.Contains(req, any("errors")) {
			return true
		}
		all, _ := m["allOf"].([]any)
		return slices.ContainsFunc(all, requiresErrors)
	}
	seen := 0
	for path, ops := range doc["paths"].(map[string]any) {
		for method, op := range ops.(map[string]any) {
			opm, _ := op.(map[string]any)
			responses, _ := opm["responses"].(map[string]any)
			r, ok := responses["422"]
			if !ok {
				continue
			}
			seen++
			rm, _ := resolve(r).(map[string]any)
			content, _ := rm["content"].(map[string]any)
			js, _ := content["application/json"].(map[string]any)
			if !requiresErrors(js["schema"]) {
				t.Errorf("%s %s: its 422 does not require the errors map", strings.ToUpper(method), path)
			}
		}
	}
	if seen < 50 {
		t.Fatalf("only %d 422 answers read", seen)
	}
}

// An unknown record is 404 before anything else of the request is judged, on every call
// that names one: the walk covers every route whose path names a record (kit.RecordParam),
// the panel's with the admin's token and the app's with a partner's, each with an unknown id
// in every path value, a query and a body that are both wrong (no version either).
func TestEveryRecordCallAnswersAnUnknownRecord404First(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		appToken := a.appLogin(partnerSignIn(1001, "tajna1"))
		unknown := regexp.MustCompile(`\{[^}]+\}`)
		walked := map[string]bool{}
		for _, r := range a.app.Server.Routes() {
			if kit.RecordParam(r.Path) == "" {
				continue
			}
			token := a.admin
			if r.Access.App {
				token = appToken
			}
			path := unknown.ReplaceAllString(r.Path, "987654321") + "?page=zero&per_page=-5&sort=nope"
			got := a.do(r.Method, path, token, `{"partners": "nobody", "name": 7, "cash": [`)
			if got.status != 404 {
				t.Errorf("%s %s: %d %s, want 404", r.Method, path, got.status, got.body)
			}
			walked[r.Method+" "+r.Path] = true
		}
		for _, call := range []string{"POST /api/sliders/{id}/confirm", "PUT /api/users/{id}", "POST /api/products/{id}",
			"POST /api/saveCampaignPartners/{campaignId}", "POST /api/app/campaigns/{id}/cart", "POST /api/app/sliders/{id}/signup"} {
			if !walked[call] {
				t.Errorf("the walk missed %s", call)
			}
		}
		if len(walked) < 50 {
			t.Fatalf("walked only %d record calls", len(walked))
		}
	})
}

// A confirmation of nobody (`{"partners": []}`) is valid on a slider that exists (0
// confirmed) and 404 on one that does not; a missing list is still 422.
func TestSliderConfirmationOfNobody(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		w := a.partnerWorld()
		s := a.createSlider(sliderFields("Zimska akcija", 1, w.boje), nil)
		var out map[string]int
		a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", s.ID), a.admin, map[string]any{"partners": []int64{}}), 200).json(t, &out)
		if out["confirmed"] != 0 {
			t.Fatalf("confirmed %v", out)
		}
		a.expect(a.do("POST", "/api/sliders/987654321/confirm", a.admin, map[string]any{"partners": []int64{}}), 404)
		if got := a.expect(a.do("POST", fmt.Sprintf("/api/sliders/%d/confirm", s.ID), a.admin, map[string]any{}), 422).fieldErrors(t)["partners"]; len(got) != 1 || got[0] != "The partners field is required." {
			t.Fatalf("a missing list: %v", got)
		}
	})
}

// docs/openapi.yaml gives every call that names a record its 404.
func TestOpenAPIEveryRecordCallHasA404(t *testing.T) {
	paths, routes := openAPIAndRoutes(t)
	n := 0
	for _, r := range routes {
		if kit.RecordParam(r.Path) == "" {
			continue
		}
		n++
		op, _ := paths[r.Path][strings.ToLower(r.Method)].(map[string]any)
		responses, _ := op["responses"].(map[string]any)
		if _, ok := responses["404"]; !ok {
			t.Errorf("%s %s: no 404 in docs/openapi.yaml", r.Method, r.Path)
		}
	}
	if n < 50 {
		t.Fatalf("only %d record calls", n)
	}
}

// The campaign context names the folder of its products' pictures itself (it imports nothing
// of the catalog); it is the catalog's.
func TestCampaignProductPicturesAreTheCatalogs(t *testing.T) {
	if appcampaign.ProductImageFolder != appcatalog.ImageKind {
		t.Fatalf("campaign products' pictures in %q, the catalog's in %q", appcampaign.ProductImageFolder, appcatalog.ImageKind)
	}
}
