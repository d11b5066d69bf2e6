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
