package bootstrap

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"go.yaml.in/yaml/v3"

	"vitrina/adapters/persistence/dbtest"
)

// metricName finds the metric names of a PromQL expression: Vitrina's, the pool's, Go's and
// the process's (up is Prometheus' own).
var metricName = regexp.MustCompile(`\b(vitrina|go|process)_[a-z0-9_]+\b`)

// The alert rules and the dashboard name only metrics the registry exposes (a histogram by
// its _bucket, _count and _sum), their rules are whole, and the README documents every
// vitrina_ metric. promtool check rules deploy/prometheus/alerts.yml checks the PromQL itself.
func TestDeployFilesNameOnlyExposedMetrics(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	w := a.partnerWorld()
	a.createPartner(partnerBody(31, "Prvi Partner", w.city, "12000", w.alati))
	a.expect(a.do("GET", "/api/partners?page=1&per_page=10", a.admin, nil), 200)
	a.expect(a.uploadFile("/api/saveAddPartnerExcelDoc", "Partneri.xlsx", workbook(t, a.download("sort=id"))), 200)
	families, err := a.app.Telemetry.Metrics.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	exposed := map[string]bool{}
	var ours []string
	for _, f := range families {
		exposed[f.GetName()] = true
		if f.GetType() == dto.MetricType_HISTOGRAM {
			for _, s := range []string{"_bucket", "_count", "_sum"} {
				exposed[f.GetName()+s] = true
			}
		}
		if strings.HasPrefix(f.GetName(), "vitrina_") {
			ours = append(ours, f.GetName())
		}
	}
	for _, want := range []string{"vitrina_list_query_duration_seconds", "vitrina_import_rows_total", "vitrina_push_outbox_deliveries",
		"vitrina_job_runs_total", "go_sql_open_connections", "go_goroutines", "process_resident_memory_bytes"} {
		if !exposed[want] {
			t.Fatalf("%s is not exposed", want)
		}
	}
	check := func(where, expr string) {
		t.Helper()
		for _, name := range metricName.FindAllString(expr, -1) {
			if !exposed[name] {
				t.Errorf("%s: %s is not a metric Vitrina exposes (in %q)", where, name, expr)
			}
		}
	}

	raw, err := os.ReadFile("../deploy/prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert       string            `yaml:"alert"`
				Expr        string            `yaml:"expr"`
				Labels      map[string]string `yaml:"labels"`
				Annotations map[string]string `yaml:"annotations"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	if err := yaml.Unmarshal(raw, &rules); err != nil {
		t.Fatal(err)
	}
	alerts := map[string]bool{}
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			if r.Alert == "" || r.Expr == "" || r.Labels["severity"] == "" || r.Annotations["summary"] == "" {
				t.Errorf("rule %+v lacks its name, expression, severity or summary", r)
			}
			alerts[r.Alert] = true
			check("alert "+r.Alert, r.Expr)
		}
	}
	for _, want := range []string{"VitrinaTargetDown", "VitrinaNotReady", "VitrinaHighErrorRate", "VitrinaSlowRequests",
		"VitrinaPushOutboxGrowing", "VitrinaPushPendingTooLong"} {
		if !alerts[want] {
			t.Errorf("alerts.yml lacks %s", want)
		}
	}

	raw, err = os.ReadFile("../deploy/grafana/vitrina.json")
	if err != nil {
		t.Fatal(err)
	}
	var dashboard struct {
		Panels []struct {
			Title   string `json:"title"`
			Type    string `json:"type"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if err := json.Unmarshal(raw, &dashboard); err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, p := range dashboard.Panels {
		if p.Type != "row" && len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
		for _, q := range p.Targets {
			check("panel "+p.Title, q.Expr)
			for _, name := range metricName.FindAllString(q.Expr, -1) {
				shown[strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "_bucket"), "_count"), "_sum")] = true
			}
		}
	}

	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range ours {
		if !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("the README does not document %s", name)
		}
		if !shown[name] {
			t.Errorf("the dashboard shows nothing of %s", name)
		}
	}
}
