package bootstrap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"go.uber.org/zap"

	"vitrina/adapters/metrics"
	"vitrina/adapters/persistence/dbtest"
)

// value adds up the samples of the metric name whose labels include want: a counter's or a
// gauge's value, a histogram's count of observations.
func value(t *testing.T, reg prometheus.Gatherer, name string, want map[string]string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	metrics:
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			for k, v := range want {
				if labels[k] != v {
					continue metrics
				}
			}
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				sum += m.GetCounter().GetValue()
			case dto.MetricType_GAUGE:
				sum += m.GetGauge().GetValue()
			case dto.MetricType_HISTOGRAM:
				sum += float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return sum
}

// seriesOf counts the series of the families whose names start with prefix.
func seriesOf(t *testing.T, reg prometheus.Gatherer, prefix string) int {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range families {
		if strings.HasPrefix(f.GetName(), prefix) {
			n += len(f.GetMetric())
		}
	}
	return n
}

// eventually waits until ok holds, failing after ten seconds: a wait on a state another
// goroutine reaches, never a fixed pause.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The HTTP metrics are labelled by the route's pattern, never by the path: 10,000 different
// partner ids (most unknown, 404), unknown paths under /api and pages of the app add no series
// past those of the first few; a method no route has is OTHER.
func TestMetricsLabelsStayBounded(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	reg := a.app.Telemetry.Metrics.Registry()
	h := a.app.Server.Handler()
	get := func(method, path string) int {
		req := httptest.NewRequest(method, path, nil)
		req.Header.Set("Authorization", "Bearer "+a.admin)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	w := a.partnerWorld()
	a.createPartner(partnerBody(7, "Sedmi Partner", w.city, "0", w.alati))
	round := func(from, to int) {
		for i := from; i <= to; i++ {
			if code := get("GET", fmt.Sprintf("/api/partners/%d?name=%d", i, i)); code != 200 && code != 404 {
				t.Fatalf("GET /api/partners/%d answered %d", i, code)
			}
			get("GET", fmt.Sprintf("/api/no-such-thing/%d", i))
			get("GET", fmt.Sprintf("/partners/%d/edit", i))
			get(fmt.Sprintf("BREW%d", i), "/api/partners")
		}
	}
	round(1, 10)
	few := seriesOf(t, reg, "vitrina_http_")
	round(11, 10_000)
	if many := seriesOf(t, reg, "vitrina_http_"); many != few {
		t.Fatalf("the HTTP metrics grew from %d to %d series with 10,000 ids", few, many)
	}
	if n := value(t, reg, "vitrina_http_requests_total", map[string]string{"route": "/api/partners/{id}", "method": "GET", "status": "404"}); n != 9_999 {
		t.Fatalf("GET /api/partners/{id} 404: %v, want 9999", n)
	}
	if n := value(t, reg, "vitrina_http_requests_total", map[string]string{"route": "/api/partners/{id}", "status": "200"}); n != 1 {
		t.Fatalf("GET /api/partners/{id} 200: %v, want 1", n)
	}
	if n := value(t, reg, "vitrina_http_requests_total", map[string]string{"route": "other", "method": "OTHER"}); n != 10_000 {
		t.Fatalf("unknown methods: %v, want 10000 under route other, method OTHER", n)
	}
	if n := value(t, reg, "vitrina_http_request_duration_seconds", map[string]string{"route": "other", "method": "GET"}); n != 20_000 {
		t.Fatalf("unknown paths and app pages: %v timed, want 20000 under route other", n)
	}
	if n := value(t, reg, "vitrina_http_requests_in_flight", nil); n != 0 {
		t.Fatalf("in flight after every answer: %v", n)
	}
}

// Sign-ins are counted by door and outcome from the sign-in routes' answers; the list
// screens' statements are timed by list; a saving import counts its rows and its time, a
// preview nothing.
func TestMetricsCountSignInsListsAndImports(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		reg := a.app.Telemetry.Metrics.Registry()
		panel := func(outcome string) float64 {
			return value(t, reg, "vitrina_sign_ins_total", map[string]string{"door": "panel", "outcome": outcome})
		}
		app := func(outcome string) float64 {
			return value(t, reg, "vitrina_sign_ins_total", map[string]string{"door": "app", "outcome": outcome})
		}
		success, failure := panel("success"), panel("failure") // startAPI signed the admin in
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "wrong"}), 401)
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "", "password": ""}), 422)
		a.login("admin", "admin-pass")
		if panel("success") != success+1 || panel("failure") != failure+2 {
			t.Fatalf("panel sign-ins: success %v → %v, failure %v → %v", success, panel("success"), failure, panel("failure"))
		}
		for i := 0; i < 30 && a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "wrong"}, "X-Forwarded-For", "198.51.100.7").status != 429; i++ {
		}
		if panel("throttled") < 1 {
			t.Fatal("a throttled sign-in is not counted")
		}
		a.expect(a.do("POST", "/api/app/login", "", map[string]any{"partner_id": 999, "password": "nope"}), 401)
		if app("failure") != 1 || app("success") != 0 {
			t.Fatalf("app sign-ins: failure %v, success %v", app("failure"), app("success"))
		}

		a.expect(a.do("GET", "/api/users?page=1&per_page=10&name=adm", a.admin, nil), 200)
		if n := value(t, reg, "vitrina_list_query_duration_seconds", map[string]string{"list": "users"}); n < 1 {
			t.Fatalf("the users list's statements timed %v times", n)
		}
		w := a.partnerWorld()
		a.createPartner(partnerBody(31, "Prvi Partner", w.city, "12000", w.alati))
		a.expect(a.do("GET", "/api/partners?page=1&per_page=10", a.admin, nil), 200)
		if n := value(t, reg, "vitrina_list_query_duration_seconds", map[string]string{"list": "partners"}); n < 1 {
			t.Fatalf("the partners list's statements timed %v times", n)
		}

		rows := a.download("sort=id")
		rows = append(rows, []string{"33", "Novi iz Excela", "Bulevar 1", "", "", "Podgorica", "", "1", "2", "3", "4", "5", "6", "Alati", ""})
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Pregled.xlsx", workbook(t, rows)), 200)
		if n := value(t, reg, "vitrina_import_duration_seconds", nil); n != 0 {
			t.Fatalf("a preview is not an import: %v timed", n)
		}
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partneri.xlsx", workbook(t, rows)), 200)
		for change, want := range map[string]float64{"added": 1, "unchanged": 1, "updated": 0} {
			if n := value(t, reg, "vitrina_import_rows_total", map[string]string{"kind": "partners", "change": change}); n != want {
				t.Fatalf("rows %s: %v, want %v", change, n, want)
			}
		}
		bad := append(rows, []string{"x", "", "", "", "", "", "", "", "", "", "", "", "", "", ""})
		a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Lose.xlsx", workbook(t, bad)), 422)
		if value(t, reg, "vitrina_imports_total", map[string]string{"kind": "partners", "outcome": "saved"}) != 1 ||
			value(t, reg, "vitrina_imports_total", map[string]string{"kind": "partners", "outcome": "refused"}) != 1 ||
			value(t, reg, "vitrina_import_duration_seconds", map[string]string{"kind": "partners"}) != 2 {
			t.Fatal("one saved and one refused partner import are counted and timed")
		}
	})
}

type readiness struct {
	Status     string `json:"status"`
	Message    string `json:"message"`
	Database   string `json:"database"`
	Migrations *struct {
		Current  int64 `json:"current"`
		Expected int64 `json:"expected"`
	} `json:"migrations"`
	PushSender string `json:"push_sender"`
}

func (a *api) readiness(status int) readiness {
	a.t.Helper()
	var out readiness
	a.expect(a.do("GET", "/readyz", "", nil), status).json(a.t, &out)
	return out
}

// /readyz says where the schema stands against the binary, and is not ready while the
// database lacks one of its migrations; without push it says push is not configured and
// stays ready.
func TestReadinessReportsMigrations(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		r := a.readiness(200)
		if r.Status != "ready" || r.Database != "ok" || r.PushSender != "not_configured" || r.Migrations == nil ||
			r.Migrations.Current != r.Migrations.Expected || r.Migrations.Expected < 20261128000002 {
			t.Fatalf("ready: %+v", r)
		}
		latest := fmt.Sprint(r.Migrations.Expected)
		if _, err := a.app.DB.ExecContext(context.Background(), "DELETE FROM bun_migrations WHERE name = ?", latest); err != nil {
			t.Fatal(err)
		}
		r = a.readiness(503)
		if r.Status != "not_ready" || !strings.Contains(r.Message, "migrations") || r.Migrations.Current >= r.Migrations.Expected {
			t.Fatalf("behind: %+v", r)
		}
		if n := value(t, a.app.Telemetry.Metrics.Registry(), "vitrina_ready", nil); n != 0 {
			t.Fatalf("vitrina_ready %v while behind", n)
		}
		if _, err := a.app.DB.ExecContext(context.Background(),
			"INSERT INTO bun_migrations (name, group_id, migrated_at) SELECT ?, 1, CURRENT_TIMESTAMP WHERE NOT EXISTS (SELECT 1 FROM bun_migrations WHERE name = ?)", latest, latest); err != nil {
			t.Fatal(err)
		}
		if r = a.readiness(200); r.Migrations.Current != r.Migrations.Expected {
			t.Fatalf("caught up: %+v", r)
		}
	})
}

// With push configured /readyz follows the push sender: not ready until it runs, ready while
// it does, not ready once it stopped. The sends are counted by outcome and timed, and the
// outbox's depth counts every delivery.
func TestReadinessFollowsThePushSender(t *testing.T) {
	p := startPushAPI(t, dbtest.SQLiteURL(t), nil)
	eventually(t, "the push sender running", func() bool { return p.readinessNow().PushSender == "running" })
	p.readiness(200)
	reg := p.app.Telemetry.Metrics.Registry()
	p.send("Akcija", []int64{p.world.alati}, 200)
	eventually(t, "the sends counted", func() bool {
		return value(t, reg, "vitrina_push_sends_total", map[string]string{"outcome": "sent"}) == 2
	})
	if n := value(t, reg, "vitrina_push_send_duration_seconds", nil); n != 2 {
		t.Fatalf("%v sends timed, want 2", n)
	}
	eventually(t, "the session purge counted", func() bool {
		return value(t, reg, "vitrina_job_runs_total", map[string]string{"job": "session purge"}) >= 1
	})
	var deliveries int
	if err := p.app.DB.NewRaw("SELECT count(*) FROM deliveries").Scan(context.Background(), &deliveries); err != nil {
		t.Fatal(err)
	}
	if n := value(t, reg, "vitrina_push_outbox_deliveries", nil); deliveries == 0 || n != float64(deliveries) {
		t.Fatalf("the outbox's depth counts %v deliveries of %d", n, deliveries)
	}
	if err := p.workers.Stop(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	r := p.readiness(503)
	if r.PushSender != "stopped" || !strings.Contains(r.Message, "push sender") {
		t.Fatalf("stopped: %+v", r)
	}
	again := StartWorkers(p.app.Log, p.app.Workers)
	t.Cleanup(func() {
		if err := again.Stop(10 * time.Second); err != nil {
			t.Error(err)
		}
	})
	eventually(t, "the push sender running again", func() bool { return p.readinessNow().PushSender == "running" })
	p.readiness(200)
}

func (a *api) readinessNow() readiness {
	var out readiness
	r := a.do("GET", "/readyz", "", nil)
	_ = json.Unmarshal(r.body, &out)
	return out
}

// /metrics listens on VITRINA_METRICS_ADDR alone, never beside the API, and stops with serve.
func TestServeServesMetricsOnItsOwnListener(t *testing.T) {
	vars := map[string]string{"VITRINA_ADDR": "127.0.0.1:0", "VITRINA_METRICS_ADDR": "127.0.0.1:0",
		"VITRINA_DATABASE_URL": dbtest.SQLiteURL(t), "VITRINA_LOG_LEVEL": "error"}
	cfg, err := LoadConfig(env(vars))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	app, cleanup, err := InitApp(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	ready := make(chan Listening, 1)
	done := make(chan error, 1)
	go func() { done <- serve(ctx, app, io.Discard, ready) }()
	at := <-ready
	if at.Metrics == "" || at.Metrics == at.API {
		t.Fatalf("listening at %+v", at)
	}
	read := func(url string) (int, string) {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, _ := read("http://" + at.API + "/healthz"); code != 200 {
		t.Fatalf("healthz %d", code)
	}
	code, body := read("http://" + at.Metrics + "/metrics")
	for _, want := range []string{`vitrina_http_requests_total{method="GET",route="/healthz",status="200"} 1`,
		"go_goroutines", "process_cpu_seconds_total", `go_sql_open_connections{db_name="vitrina"}`,
		`vitrina_push_outbox_deliveries{state="pending"} 0`, `vitrina_job_runs_total{job="push sender"}`, "vitrina_ready 1"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Fatalf("/metrics answered %d without %s:\n%s", code, want, body)
		}
	}
	if _, body := read("http://" + at.API + "/metrics"); strings.Contains(body, "vitrina_http_requests_total") {
		t.Fatal("the API's listener must not serve the metrics")
	}
	if code, _ := read("http://" + at.Metrics + "/api/users"); code != 404 {
		t.Fatalf("the metrics' listener answered the API: %d", code)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get("http://" + at.Metrics + "/metrics"); err == nil {
		t.Fatal("the metrics' listener must be closed after shutdown")
	}
}

// A periodic job counts each call as a run and a failed call as a failure; a long-running
// worker counts its return, a panic as a failure; /readyz's states follow each from its
// start to its return.
func TestJobsAreCountedByName(t *testing.T) {
	m := metrics.New("test")
	states := NewWorkerStates()
	calls := make(chan int, 100)
	n := 0
	job := func(context.Context) error {
		n++
		select {
		case calls <- n:
		default: // the test has seen enough calls
		}
		if n == 2 {
			return errors.New("the second call fails")
		}
		return nil
	}
	stop := make(chan struct{})
	r := StartWorkers(zap.NewNop(), Workers{
		watched(Every("tick", time.Millisecond, zap.NewNop(), metered(m, "tick", job)), states, m, true),
		watched(Worker{Name: "crash", Run: func(context.Context) error { <-stop; panic("boom") }}, states, m, false),
	})
	for <-calls < 3 {
	}
	eventually(t, "the crash worker running", func() bool { return states.Running("crash") })
	close(stop)
	err := r.Stop(10 * time.Second)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("stop: %v", err)
	}
	reg := m.Registry()
	if runs := value(t, reg, "vitrina_job_runs_total", map[string]string{"job": "tick"}); runs < 3 ||
		value(t, reg, "vitrina_job_failures_total", map[string]string{"job": "tick"}) != 1 {
		t.Fatalf("tick: %v runs, %v failures", runs, value(t, reg, "vitrina_job_failures_total", map[string]string{"job": "tick"}))
	}
	if value(t, reg, "vitrina_job_runs_total", map[string]string{"job": "crash"}) != 1 ||
		value(t, reg, "vitrina_job_failures_total", map[string]string{"job": "crash"}) != 1 {
		t.Fatal("a worker that panicked counts one failed run")
	}
	if states.Running("tick") || states.Running("crash") {
		t.Fatal("stopped workers are not running")
	}
}
