// Package metrics is Vitrina's Prometheus instrumentation (ADR 0038): one registry of its
// own, built once, with the HTTP, list, import, sign-in, push and background-job metrics,
// the database pool's, the Go runtime's and the process's; served by Handler on a listener
// apart from the API's.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"vitrina/adapters/http/kit"
)

// The label values that stand for "anything else", so that no label takes a value from
// the request.
const (
	OtherRoute  = "other"
	OtherMethod = "OTHER"
)

// Metrics holds the registry and the metrics Vitrina updates. It is safe for concurrent use.
type Metrics struct {
	registry *prometheus.Registry

	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec
	httpInFlight prometheus.Gauge
	signIns      *prometheus.CounterVec

	listDuration *prometheus.HistogramVec

	imports        *prometheus.CounterVec
	importRows     *prometheus.CounterVec
	importDuration *prometheus.HistogramVec

	pushSends    *prometheus.CounterVec
	pushDuration prometheus.Histogram

	jobRuns     *prometheus.CounterVec
	jobFailures *prometheus.CounterVec
}

var _ kit.Meter = (*Metrics)(nil)

// New builds the registry with the Go runtime's and the process's collectors and
// vitrina_build_info carrying version.
func New(version string) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{registry: reg}
	f := func(c prometheus.Collector) prometheus.Collector { reg.MustRegister(c); return c }

	m.httpRequests = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_http_requests_total",
		Help: "HTTP requests answered, by route pattern (other: no route), method and status.",
	}, []string{"route", "method", "status"})).(*prometheus.CounterVec)
	m.httpDuration = f(prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "vitrina_http_request_duration_seconds",
		Help:    "Time to answer an HTTP request, by route pattern, method and status.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 120},
	}, []string{"route", "method", "status"})).(*prometheus.HistogramVec)
	m.httpInFlight = f(prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "vitrina_http_requests_in_flight",
		Help: "HTTP requests being answered now.",
	})).(prometheus.Gauge)
	m.signIns = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_sign_ins_total",
		Help: "Sign-in answers, by door (panel, app) and outcome (success, failure, throttled).",
	}, []string{"door", "outcome"})).(*prometheus.CounterVec)
	for _, door := range []string{"panel", "app"} {
		for _, outcome := range []string{"success", "failure", "throttled"} {
			m.signIns.WithLabelValues(door, outcome)
		}
	}

	m.listDuration = f(prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "vitrina_list_query_duration_seconds",
		Help:    "Time of each SQL statement of a list (page, count, sums, export), by list.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
	}, []string{"list"})).(*prometheus.HistogramVec)

	m.imports = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_imports_total",
		Help: "Saving spreadsheet imports (not previews), by kind and outcome (saved, refused).",
	}, []string{"kind", "outcome"})).(*prometheus.CounterVec)
	m.importRows = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_import_rows_total",
		Help: "Rows of saved imports, by kind and change (added, updated, unchanged).",
	}, []string{"kind", "change"})).(*prometheus.CounterVec)
	m.importDuration = f(prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "vitrina_import_duration_seconds",
		Help:    "Time of a saving import from its read file to its answer, by kind.",
		Buckets: []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120},
	}, []string{"kind"})).(*prometheus.HistogramVec)

	m.pushSends = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_push_sends_total",
		Help: "Push delivery attempts, by outcome (sent, transient, permanent, error).",
	}, []string{"outcome"})).(*prometheus.CounterVec)
	for _, o := range []string{"sent", "transient", "permanent", "error"} {
		m.pushSends.WithLabelValues(o)
	}
	m.pushDuration = f(prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "vitrina_push_send_duration_seconds",
		Help:    "Time of one message to the push provider (FCM), access token included.",
		Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60},
	})).(prometheus.Histogram)

	m.jobRuns = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_job_runs_total",
		Help: "Runs of a background job, by job.",
	}, []string{"job"})).(*prometheus.CounterVec)
	m.jobFailures = f(prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrina_job_failures_total",
		Help: "Failed runs of a background job, by job.",
	}, []string{"job"})).(*prometheus.CounterVec)

	build := f(prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "vitrina_build_info",
		Help: "Always 1; the version of the running binary.",
	}, []string{"version"})).(*prometheus.GaugeVec)
	build.WithLabelValues(version).Set(1)

	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is the registry every metric is in.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// Handler serves the registry in Prometheus' text format. A collector that fails leaves its
// metrics out of that scrape rather than failing it.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError, Registry: m.registry})
}

// WatchDB adds the connection pool's figures (go_sql_*{db_name="vitrina"}): open, in use,
// idle, waits and their time.
func (m *Metrics) WatchDB(db *sql.DB) {
	m.registry.MustRegister(collectors.NewDBStatsCollector(db, "vitrina"))
}

// WatchReadiness adds vitrina_ready, 1 when ready answers true at scrape time (what /readyz
// answers 200 for), so that an alert sees a replica that is up but not ready.
func (m *Metrics) WatchReadiness(ready func(ctx context.Context) bool) {
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "vitrina_ready",
		Help: "1 when /readyz would answer 200 (database, migrations, push sender), else 0.",
	}, func() float64 {
		if ready(context.Background()) {
			return 1
		}
		return 0
	}))
}

// Started counts a request in flight.
func (m *Metrics) Started() { m.httpInFlight.Inc() }

// Finished counts an answered request under its route, and a sign-in under its door and
// outcome.
func (m *Metrics) Finished(route, method string, status int, took time.Duration) {
	m.httpInFlight.Dec()
	if route == "" {
		route = OtherRoute
	}
	method = knownMethod(method)
	code := strconv.Itoa(status)
	m.httpRequests.WithLabelValues(route, method, code).Inc()
	m.httpDuration.WithLabelValues(route, method, code).Observe(took.Seconds())
	if door, ok := signInDoors[route]; ok && method == http.MethodPost {
		if outcome := signInOutcome(status); outcome != "" {
			m.signIns.WithLabelValues(door, outcome).Inc()
		}
	}
}

// signInDoors are the sign-in routes and the door each opens; counting them here keeps the
// identity code as it is.
var signInDoors = map[string]string{
	"/api/login":     "panel",
	"/api/login/mfa": "panel",
	"/api/app/login": "app",
}

// signInOutcome reads a sign-in's answer: 200 signed in, 401 and 422 refused, 429
// throttled; any other (a broken body, the database down) is not a sign-in's outcome.
func signInOutcome(status int) string {
	switch status {
	case http.StatusOK:
		return "success"
	case http.StatusUnauthorized, http.StatusUnprocessableEntity:
		return "failure"
	case http.StatusTooManyRequests:
		return "throttled"
	}
	return ""
}

// knownMethod keeps a method's label to the methods of HTTP: a client may send any token.
func knownMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return method
	}
	return OtherMethod
}

// Imported counts a saving import and the rows it saved.
func (m *Metrics) Imported(kind string, took time.Duration, saved *kit.ImportJSON) {
	m.importDuration.WithLabelValues(kind).Observe(took.Seconds())
	if saved == nil {
		m.imports.WithLabelValues(kind, "refused").Inc()
		return
	}
	m.imports.WithLabelValues(kind, "saved").Inc()
	m.importRows.WithLabelValues(kind, "added").Add(float64(saved.Added))
	m.importRows.WithLabelValues(kind, "updated").Add(float64(saved.Updated))
	m.importRows.WithLabelValues(kind, "unchanged").Add(float64(saved.Unchanged))
}

// ObserveList times one statement of the list named list (persistence.ListTimer).
func (m *Metrics) ObserveList(list string, took time.Duration) {
	m.listDuration.WithLabelValues(list).Observe(took.Seconds())
}

// Job makes job's series appear at zero before its first run.
func (m *Metrics) Job(job string) {
	m.jobRuns.WithLabelValues(job)
	m.jobFailures.WithLabelValues(job)
}

// JobRan counts a run of job, and its failure when err is not nil.
func (m *Metrics) JobRan(job string, err error) {
	m.jobRuns.WithLabelValues(job).Inc()
	if err != nil {
		m.jobFailures.WithLabelValues(job).Inc()
	}
}
