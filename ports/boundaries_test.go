package ports_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The import boundaries of ADR 0014, checked on every Go file (tests included) under
// domain/, application/ and ports/:
//   - a context's domain, application or ports package imports no other context's domain,
//     application or ports package (the contexts are the directories under those three);
//   - domain imports the standard library (but context, database/sql and net/http), its own
//     package and domain/kernel, nothing else;
//   - ports import neither application, adapters nor bootstrap, and the shared ports (ports/
//     itself) no context's package;
//   - application imports neither adapters nor bootstrap, except that its external test
//     packages may assemble a service with real adapters (style rule 8: real databases) and
//     build other contexts' records from their domain as fixtures;
//   - a context's HTTP adapter (adapters/http/<context>http) imports no other context's
//     domain, application or ports package: what it shows of another context comes through
//     its own context's ports (ADR 0023).

// layers are the top directories whose files the boundary governs; httpAdapters is the
// directory of the contexts' HTTP adapters, governed too.
var layers = []string{"domain", "application", "ports"}

const httpAdapters = "adapters/http"

// shared are the packages of a layer that belong to no context: every context may use them,
// and they use no context (application/spreadsheet, the upload pipeline; ADR 0027; the audit
// record, domain/audit, whose recorder is a shared port; ADR 0031; the rules of a bulk action,
// domain/bulk, which every context's lists apply to their own records; ADR 0043).
var shared = map[string]bool{"spreadsheet": true, "audit": true, "bulk": true}

// goFile is one parsed file: its slash path from the module root, whether it belongs to an
// external test package, and its imports.
type goFile struct {
	path         string
	externalTest bool
	imports      []string
}

// boundary knows the module and its contexts and judges one import of one file.
type boundary struct {
	module   string
	contexts map[string]bool
}

// parts splits a slash path inside the module into its layer and context ("" for none). A
// context's HTTP adapter, adapters/http/<context>http, is the layer "adapters/http" of that
// context.
func (b boundary) parts(rel string) (layer, ctx string) {
	if rest, ok := strings.CutPrefix(rel, httpAdapters+"/"); ok {
		dir, _, _ := strings.Cut(rest, "/")
		if c, ok := strings.CutSuffix(dir, "http"); ok && b.contexts[c] {
			return httpAdapters, c
		}
		return httpAdapters, ""
	}
	elems := strings.Split(rel, "/")
	layer = elems[0]
	if len(elems) > 1 && (b.contexts[elems[1]] || elems[1] == "kernel") {
		ctx = elems[1]
	}
	return layer, ctx
}

// violation returns why file f may not import imp, or "" when it may.
func (b boundary) violation(f goFile, imp string) string {
	layer, ctx := b.parts(f.path)
	ours := imp == b.module || strings.HasPrefix(imp, b.module+"/")
	var ilayer, ictx string
	if ours {
		ilayer, ictx = b.parts(strings.TrimPrefix(strings.TrimPrefix(imp, b.module), "/"))
	}
	governed := map[string]bool{"domain": true, "application": true, "ports": true}
	// An application's external test package sets up the world its use cases meet, with
	// real adapters and other contexts' records (a partner using a category): it may build
	// those records from their domain, but never reach another context's use cases or ports.
	fixture := layer == "application" && f.externalTest && ilayer == "domain"
	if ours && governed[layer] && governed[ilayer] && b.contexts[ctx] && b.contexts[ictx] && ictx != ctx && !fixture {
		return fmt.Sprintf("the %s context imports the %s context's %s", ctx, ictx, ilayer)
	}
	if ours && layer == httpAdapters && b.contexts[ctx] && governed[ilayer] && b.contexts[ictx] && ictx != ctx {
		return fmt.Sprintf("the %s context's HTTP adapter imports the %s context's %s", ctx, ictx, ilayer)
	}
	switch layer {
	case "domain":
		if ours && !(ilayer == "domain" && (ictx == "kernel" || ictx == ctx)) {
			return "domain imports nothing of ours but domain/kernel"
		}
		first := strings.Split(imp, "/")[0]
		if !ours && strings.Contains(first, ".") {
			return "domain imports the standard library only"
		}
		switch imp {
		case "context", "database/sql", "net/http":
			return "domain knows no requests, contexts or databases"
		}
	case "ports":
		if ours && (ilayer == "application" || ilayer == "adapters" || ilayer == "bootstrap") {
			return "ports import neither application, adapters nor bootstrap"
		}
		if ours && ctx == "" && b.contexts[ictx] {
			return "the shared ports import no context's package"
		}
	case "application":
		if ours && ctx == "" && b.contexts[ictx] {
			return "the shared application packages import no context's package"
		}
		if ours && ilayer == "bootstrap" {
			return "application imports no bootstrap"
		}
		if ours && ilayer == "adapters" && !f.externalTest {
			return "application imports no adapters"
		}
	}
	return ""
}

// scan reads the module at root: its name, its contexts and the files of the governed layers.
func scan(root string) (boundary, []goFile, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return boundary{}, nil, err
	}
	b := boundary{contexts: map[string]bool{}}
	for _, line := range strings.Split(string(mod), "\n") {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			b.module = strings.TrimSpace(name)
		}
	}
	if b.module == "" {
		return boundary{}, nil, fmt.Errorf("no module line in %s/go.mod", root)
	}
	for _, layer := range layers {
		entries, err := os.ReadDir(filepath.Join(root, layer))
		if err != nil {
			return boundary{}, nil, err
		}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "kernel" && e.Name() != "testdata" && !shared[e.Name()] {
				b.contexts[e.Name()] = true
			}
		}
	}
	var files []goFile
	fset := token.NewFileSet()
	for _, layer := range append(layers[:len(layers):len(layers)], httpAdapters) {
		dir := filepath.Join(root, filepath.FromSlash(layer))
		if _, err := os.Stat(dir); layer == httpAdapters && os.IsNotExist(err) {
			continue // a module without HTTP adapters
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") {
				return nil
			}
			ast, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			f := goFile{path: filepath.ToSlash(rel), externalTest: strings.HasSuffix(ast.Name.Name, "_test")}
			for _, spec := range ast.Imports {
				imp, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					return err
				}
				f.imports = append(f.imports, imp)
			}
			files = append(files, f)
			return nil
		})
		if err != nil {
			return boundary{}, nil, err
		}
	}
	return b, files, nil
}

// check lists every import that crosses a boundary, as "file: import (why)".
func check(b boundary, files []goFile) []string {
	var out []string
	for _, f := range files {
		for _, imp := range f.imports {
			if why := b.violation(f, imp); why != "" {
				out = append(out, fmt.Sprintf("%s: %q (%s)", f.path, imp, why))
			}
		}
	}
	sort.Strings(out)
	return out
}

// moduleRoot is the directory of go.mod above the test's package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

func TestImportBoundaries(t *testing.T) {
	b, files, err := scan(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	// Not vacuous: the three contexts there are now, and their files, were read.
	for _, c := range []string{"identity", "partner", "catalog"} {
		if !b.contexts[c] {
			t.Fatalf("context %s not found among %v", c, b.contexts)
		}
	}
	if len(files) < 30 {
		t.Fatalf("only %d files read", len(files))
	}
	adapters := 0
	for _, f := range files {
		if layer, ctx := b.parts(f.path); layer == httpAdapters && ctx != "" {
			adapters++
		}
	}
	if adapters < 10 {
		t.Fatalf("only %d files of the contexts' HTTP adapters read", adapters)
	}
	for _, v := range check(b, files) {
		t.Error(v)
	}
}

// The checker catches each kind of crossing and lets the allowed imports through.
func TestBoundaryCheckerCatchesViolations(t *testing.T) {
	b := boundary{module: "vitrina", contexts: map[string]bool{"identity": true, "partner": true, "catalog": true, "campaign": true}}
	cases := []struct {
		file         string
		externalTest bool
		imp          string
		bad          bool
	}{
		{"application/partner/service.go", false, "vitrina/domain/catalog", true},
		{"application/partner/service.go", false, "vitrina/ports/identity", true},
		{"application/campaign/service.go", false, "vitrina/application/partner", true},
		{"ports/partner/partner.go", false, "vitrina/ports/identity", true},
		{"ports/partner/partner.go", false, "vitrina/domain/catalog", true},
		{"domain/partner/partner_test.go", false, "vitrina/domain/identity", true},
		{"domain/partner/partner.go", false, "vitrina/ports", true},
		{"domain/kernel/amount.go", false, "vitrina/domain/catalog", true},
		{"domain/catalog/product.go", false, "github.com/uptrace/bun", true},
		{"domain/catalog/product.go", false, "go.uber.org/zap", true},
		{"domain/catalog/product.go", false, "github.com/go-kit/kit/endpoint", true},
		{"domain/catalog/product.go", false, "net/http", true},
		{"domain/catalog/product.go", false, "context", true},
		{"ports/listing.go", false, "vitrina/domain/partner", true},
		{"ports/listing.go", false, "vitrina/ports/partner", true},
		{"ports/identity/identity.go", false, "vitrina/application/identity", true},
		{"ports/catalog/catalog.go", false, "vitrina/adapters/persistence", true},
		{"application/identity/service.go", false, "vitrina/adapters/persistence", true},
		{"application/identity/service_test.go", true, "vitrina/bootstrap", true},
		{"application/identity/service.go", false, "vitrina/bootstrap", true},
		{"application/catalog/service.go", false, "vitrina/domain/partner", true},
		{"application/catalog/service_test.go", false, "vitrina/domain/partner", true},
		{"application/catalog/service_test.go", true, "vitrina/application/partner", true},
		{"application/catalog/service_test.go", true, "vitrina/ports/partner", true},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/application/catalog", true},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/ports/partner", true},
		{"adapters/http/partnerhttp/transport_test.go", true, "vitrina/domain/catalog", true},
		{"application/spreadsheet/import.go", false, "vitrina/domain/partner", true},
		{"application/spreadsheet/import.go", false, "vitrina/application/campaign", true},
		{"application/partner/excel.go", false, "vitrina/application/spreadsheet", false},
		{"ports/ports.go", false, "vitrina/domain/audit", false},
		{"application/partner/service.go", false, "vitrina/domain/audit", false},
		{"domain/audit/event.go", false, "vitrina/domain/kernel", false},
		{"domain/audit/event.go", false, "vitrina/domain/partner", true},
		{"application/campaign/excel.go", false, "vitrina/application/spreadsheet", false},

		{"application/partner/service.go", false, "vitrina/ports/partner", false},
		{"application/partner/service.go", false, "vitrina/ports", false},
		{"application/partner/service.go", false, "vitrina/domain/kernel", false},
		{"ports/partner/partner.go", false, "vitrina/domain/partner", false},
		{"ports/partner/partner.go", false, "vitrina/ports", false},
		{"ports/listing.go", false, "vitrina/domain/kernel", false},
		{"domain/partner/partner.go", false, "vitrina/domain/kernel", false},
		{"domain/partner/partner_test.go", false, "vitrina/domain/partner", false},
		{"domain/partner/partner.go", false, "strings", false},
		{"application/identity/service_test.go", true, "vitrina/adapters/persistence", false},
		{"application/catalog/service_test.go", true, "vitrina/domain/partner", false},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/application/campaign", false},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/ports/campaign", false},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/domain/kernel", false},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/ports", false},
		{"adapters/http/campaignhttp/transport.go", false, "vitrina/adapters/http/kit", false},
		{"adapters/http/kit/auth.go", false, "vitrina/domain/identity", false},
		{"adapters/http/server/server.go", false, "vitrina/application/catalog", false},
	}
	for _, c := range cases {
		got := b.violation(goFile{path: c.file, externalTest: c.externalTest}, c.imp)
		if (got != "") != c.bad {
			t.Errorf("%s importing %s: violation %q, want one: %v", c.file, c.imp, got, c.bad)
		}
	}
}

// A planted file in a module tree on disk is found and named with its import.
func TestBoundaryScanFindsPlantedImport(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.test/shop\n\ngo 1.26\n")
	write("domain/kernel/id.go", "package kernel\n")
	write("domain/catalog/catalog.go", "package catalog\n\nimport \"example.test/shop/domain/kernel\"\n")
	write("application/campaign/service.go", "package campaign\n\nimport (\n\t\"example.test/shop/ports\"\n\tcat \"example.test/shop/domain/catalog\"\n)\n")
	write("ports/ports.go", "package ports\n")
	write("adapters/http/cataloghttp/transport.go", "package cataloghttp\n\nimport \"example.test/shop/domain/catalog\"\n")
	write("adapters/http/campaignhttp/transport.go", "package campaignhttp\n\nimport \"example.test/shop/ports\"\n")
	write("adapters/http/campaignhttp/products.go", "package campaignhttp\n\nimport \"example.test/shop/domain/catalog\"\n")
	got := func() []string {
		b, files, err := scan(root)
		if err != nil {
			t.Fatal(err)
		}
		return check(b, files)
	}()
	want := []string{
		`adapters/http/campaignhttp/products.go: "example.test/shop/domain/catalog" (the campaign context's HTTP adapter imports the catalog context's domain)`,
		`application/campaign/service.go: "example.test/shop/domain/catalog" (the campaign context imports the catalog context's domain)`,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("violations %q, want %q", got, want)
	}
}
