package bench

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence/dbtest"
	appidentity "vitrina/application/identity"
	"vitrina/bootstrap"
)

var (
	productKinds = []string{"Bušilica", "Odvijač", "Brusilica", "Čekić", "Libela", "Ljepilo", "Boja", "Cijev", "Kabl", "Sijalica",
		"Rukavice", "Crijevo", "Vijci", "Daljinomjer", "Mješalica", "Testera", "Kliješta", "Ključ", "Metar", "Lopata"}
	productBrands = []string{"Alfa", "Bora", "Centar", "Delta", "Elektra", "Forma", "Gama", "Hidra", "Iskra", "Jadran",
		"Kvadrat", "Lovćen", "Morača", "Nivo", "Orjen", "Piva", "Rumija", "Sinjajevina", "Tara", "Zeta"}
)

func loadProducts(b testing.TB, db *bun.DB) {
	now := time.Now().UTC()
	insertRows(b, db, users, "INSERT INTO products (name, name_fold, description, description_fold, price_milli, image, is_active, created_at, updated_at)",
		"(?, ?, ?, ?, ?, 'x.jpg', ?, ?, ?)", func(j int) []any {
			name := fmt.Sprintf("%s %s %d", productKinds[j%len(productKinds)], productBrands[(j/20)%len(productBrands)], j)
			desc := fmt.Sprintf("Model %d, serija %s", j%997, productBrands[(j/7)%len(productBrands)])
			return []any{name, fold(name), desc, fold(desc), int64(j%50000) * 10, j%10 != 0, now, now}
		})
}

func benchProducts(b *testing.B, dbURL string) {
	ctx := context.Background()
	app, cleanup, err := bootstrap.InitApp(ctx, bootstrap.Config{DatabaseURL: dbURL, DataDir: b.TempDir(), TokenTTL: time.Hour,
		LogFormat: "json", LogLevel: "error", AdminUsername: "bench-admin", AdminPassword: "bench-pass"})
	if err != nil {
		b.Fatal(err)
	}
	defer cleanup()
	if err := bootstrap.Prepare(ctx, app); err != nil {
		b.Fatal(err)
	}
	loadProducts(b, app.DB)
	if _, err := app.DB.ExecContext(ctx, strings.Replace(analyze(app.DB), "users", "products", 1)); err != nil {
		b.Fatal(err)
	}
	login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", appidentity.Client{Address: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	measureList(b, app.Server.Handler(), login.Token, "/api/products", []listCase{
		{"name-filter", "page=1&per_page=20&sort=name&order=asc&name=cekic%20zeta"},
		{"name-filter-by-price", "page=1&per_page=20&sort=price&order=desc&name=brusilica"},
		{"broad-two-letters-by-price", "page=1&per_page=20&sort=price&order=desc&name=al"},
		{"no-filter", "page=1&per_page=20&sort=name&order=asc"},
	})
}

func BenchmarkProductsListSQLite(b *testing.B) {
	benchProducts(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkProductsListPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchProducts(b, dbtest.PostgresURL(b))
}
