package bootstrap

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"vitrina/adapters/http/kit"
	"vitrina/adapters/persistence/dbtest"
)

// openAPIAndRoutes is docs/openapi.yaml's paths (path → method → operation) and the calls
// the server registers.
func openAPIAndRoutes(t *testing.T) (map[string]map[string]any, []kit.Route) {
	t.Helper()
	raw, err := os.ReadFile("../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	app, cleanup, err := InitApp(context.Background(), Config{DatabaseURL: dbtest.SQLiteURL(t), TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error"})
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	return doc.Paths, app.Server.Routes()
}

// Every registered call is described in docs/openapi.yaml, and nothing described is missing.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	paths, routes := openAPIAndRoutes(t)
	registered := map[string]bool{"GET /healthz": true, "GET /readyz": true}
	for _, r := range routes {
		registered[r.Method+" "+r.Path] = true
	}
	for call := range registered {
		method, path, _ := strings.Cut(call, " ")
		if _, ok := paths[path][strings.ToLower(method)]; !ok {
			t.Errorf("%s is not in docs/openapi.yaml", call)
		}
	}
	for path, ops := range paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			if !registered[strings.ToUpper(method)+" "+path] {
				t.Errorf("docs/openapi.yaml describes %s %s, which the server does not register", strings.ToUpper(method), path)
			}
		}
	}
}

// The partner app's calls are described under their own tag `app`, and only they are; each
// needs the bearer scheme (the document's default) except the public sign-in, which says
// it needs none.
func TestOpenAPITagsTheAppCalls(t *testing.T) {
	paths, routes := openAPIAndRoutes(t)
	apps := 0
	for _, r := range routes {
		op, _ := paths[r.Path][strings.ToLower(r.Method)].(map[string]any)
		tags, _ := op["tags"].([]any)
		tagged := len(tags) == 1 && tags[0] == "app"
		if r.Access.App != tagged {
			t.Errorf("%s %s: App %v, tags %v", r.Method, r.Path, r.Access.App, tags)
		}
		if !r.Access.App {
			continue
		}
		apps++
		security, declared := op["security"].([]any)
		if r.Access.Public != (declared && len(security) == 0) {
			t.Errorf("%s %s: public %v, security %v", r.Method, r.Path, r.Access.Public, op["security"])
		}
		if responses, _ := op["responses"].(map[string]any); !r.Access.Public && (responses["401"] == nil || responses["403"] == nil) {
			t.Errorf("%s %s documents no 401 or 403", r.Method, r.Path)
		}
	}
	if apps < 4 {
		t.Fatalf("%d app calls", apps)
	}
}
