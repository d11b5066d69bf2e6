// Package bench measures the list contract at the size the issues ask for.
// Run with `go tool task bench`.
package bench

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence/dbtest"
	appidentity "vitrina/application/identity"
	"vitrina/bootstrap"
)

const users = 100_000

var (
	firstNames = []string{"Marko", "Ana", "Nikola", "Jelena", "Milica", "Stefan", "Vuk", "Ivana", "Luka", "Dragana",
		"Đorđe", "Sanja", "Petar", "Tamara", "Bojan", "Maja", "Žarko", "Čedomir", "Snežana", "Milan",
		"Aleksa", "Teodora", "Filip", "Katarina", "Lazar", "Nevena", "Ognjen", "Sara", "Uroš", "Vesna"}
	stems    = []string{"Petr", "Vuj", "Rad", "Mark", "Pop", "Đukan", "Šćek", "Knež", "Lak", "Per", "Bulat", "Vuk", "Mijušk", "Raič", "Kovač", "Jov", "Nik", "Mil", "Stan", "Bož"}
	suffixes = []string{"ović", "ević", "ić", "inović", "ačić"}
)

func fold(s string) string {
	return strings.ToLower(strings.NewReplacer("č", "c", "ć", "c", "š", "s", "ž", "z", "đ", "dj", "Č", "c", "Ć", "c", "Š", "s", "Ž", "z", "Đ", "dj").Replace(s))
}

// insertRows inserts rows built by row(j) for j in [0, n), in multi-row batches inside one
// transaction, as an import would.
func insertRows(b testing.TB, db *bun.DB, n int, insert, placeholders string, row func(j int) []any) {
	ctx := context.Background()
	start := time.Now()
	err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		const batch = 500
		for i := 0; i < n; i += batch {
			var sb strings.Builder
			var args []any
			sb.WriteString(insert + " VALUES ")
			for j := i; j < i+batch && j < n; j++ {
				if j > i {
					sb.WriteString(",")
				}
				sb.WriteString(placeholders)
				args = append(args, row(j)...)
			}
			if _, err := tx.NewRaw(sb.String(), args...).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("loaded %d rows in %s", n, time.Since(start).Round(time.Millisecond))
}

func load(b testing.TB, db *bun.DB) {
	now := time.Now().UTC()
	insertRows(b, db, users, "INSERT INTO users (name, name_fold, username, username_fold, password_hash, is_active, roles, created_at, updated_at)",
		"(?, ?, ?, ?, 'x', ?, 'engineer', ?, ?)", func(j int) []any {
			name := fmt.Sprintf("%s %s%s", firstNames[j%len(firstNames)], stems[(j/7)%len(stems)], suffixes[(j/3)%len(suffixes)])
			username := fmt.Sprintf("%s%d", fold(strings.ReplaceAll(name, " ", ".")), j)
			return []any{name, fold(name), username, username, j%10 != 0, now, now}
		})
}

func benchList(b *testing.B, dbURL string) {
	ctx := context.Background()
	cfg := bootstrap.Config{DatabaseURL: dbURL, TokenTTL: time.Hour, LogFormat: "json", LogLevel: "error",
		AdminUsername: "bench-admin", AdminPassword: "bench-pass"}
	app, cleanup, err := bootstrap.InitApp(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer cleanup()
	if err := bootstrap.Prepare(ctx, app); err != nil {
		b.Fatal(err)
	}
	load(b, app.DB)
	if _, err := app.DB.ExecContext(ctx, analyze(app.DB)); err != nil {
		b.Fatal(err)
	}
	login, err := app.Identity.Login(ctx, "bench-admin", "bench-pass", appidentity.Client{Address: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	h := app.Server.Handler()

	measureList(b, h, login.Token, "/api/users", []listCase{
		{"name-filter", "page=1&per_page=20&sort=name&order=asc&name=petrov"},
		{"name-filter-page-5", "page=5&per_page=20&sort=name&order=asc&name=petrov&is_active=1"},
		{"broad-two-letters", "page=1&per_page=20&sort=name&order=asc&name=ov"},
		{"broad-word-by-updated", "page=1&per_page=20&sort=updated_at&order=desc&name=marko"},
		{"no-filter", "page=1&per_page=20&sort=name&order=asc"},
		{"no-filter-page-2000", "page=2000&per_page=20&sort=name&order=desc"},
	})
}

type listCase struct{ name, query string }

// measureList times each list request through the whole HTTP stack and reports the
// median and 95th percentile, since a mean hides the outliers users feel.
func measureList(b *testing.B, h http.Handler, token, path string, cases []listCase) {
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", path+"?"+c.query, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			durations := make([]time.Duration, 0, b.N)
			var total string
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w := httptest.NewRecorder()
				t0 := time.Now()
				h.ServeHTTP(w, req)
				durations = append(durations, time.Since(t0))
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body.String())
				}
				total = w.Header().Get("X-Total-Count")
			}
			b.StopTimer()
			sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
			b.ReportMetric(float64(durations[len(durations)/2].Microseconds())/1000, "ms-median")
			b.ReportMetric(float64(durations[len(durations)*95/100].Microseconds())/1000, "ms-p95")
			b.Logf("%s: total %s rows", c.name, total)
		})
	}
}

func analyze(db *bun.DB) string {
	if db.Dialect().Name().String() == "sqlite" {
		return "ANALYZE"
	}
	return "ANALYZE users"
}

func BenchmarkUsersListSQLite(b *testing.B) {
	benchList(b, "sqlite://"+b.TempDir()+"/bench.db")
}

func BenchmarkUsersListPostgres(b *testing.B) {
	if os.Getenv("VITRINA_TEST_DATABASE_URL") == "" {
		b.Skip("VITRINA_TEST_DATABASE_URL not set")
	}
	benchList(b, dbtest.PostgresURL(b))
}
