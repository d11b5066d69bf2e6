package bootstrap

import (
	"os"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
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
