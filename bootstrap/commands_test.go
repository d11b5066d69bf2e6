package bootstrap

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptrace"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadConfig(t *testing.T) {
	cfg, err := LoadConfig(env(nil))
	if err != nil || cfg.Addr != "127.0.0.1:8080" || cfg.DatabaseURL != "sqlite://data/vitrina.db" || cfg.TokenTTL != 12*time.Hour || cfg.DataDir != "data" ||
		cfg.TimeZone.String() != "Europe/Podgorica" || cfg.Exports != 2 || cfg.HSTS {
		t.Fatalf("defaults %+v, %v", cfg, err)
	}
	if cfg.AuditRetention != 3*365*24*time.Hour {
		t.Fatalf("the audit retention defaults to three years, got %v", cfg.AuditRetention)
	}
	if cfg.UndoWindow != 30*time.Minute {
		t.Fatalf("the undo window defaults to 30 minutes, got %v", cfg.UndoWindow)
	}
	if cfg, err := LoadConfig(env(map[string]string{"VITRINA_UNDO_WINDOW": "2h"})); err != nil || cfg.UndoWindow != 2*time.Hour {
		t.Fatalf("VITRINA_UNDO_WINDOW=2h: %v, %v", cfg.UndoWindow, err)
	}
	for v, want := range map[string]time.Duration{"30": 30 * 24 * time.Hour, "400d": 400 * 24 * time.Hour, "720h": 30 * 24 * time.Hour, "8760h": 365 * 24 * time.Hour} {
		if cfg, err := LoadConfig(env(map[string]string{"VITRINA_AUDIT_RETENTION": v})); err != nil || cfg.AuditRetention != want {
			t.Errorf("VITRINA_AUDIT_RETENTION=%s: %v, %v; want %v", v, cfg.AuditRetention, err, want)
		}
	}
	if cfg, err := LoadConfig(env(map[string]string{"VITRINA_EXPORTS": "8", "VITRINA_HSTS": "true"})); err != nil || cfg.Exports != 8 || !cfg.HSTS {
		t.Fatalf("exports and HSTS: %+v, %v", cfg, err)
	}
	if cfg.MetricsAddr != "" {
		t.Fatal("the metrics' listener is off by default")
	}
	if cfg, err := LoadConfig(env(map[string]string{"VITRINA_METRICS_ADDR": "127.0.0.1:9090"})); err != nil || cfg.MetricsAddr != "127.0.0.1:9090" {
		t.Fatalf("VITRINA_METRICS_ADDR: %+v, %v", cfg.MetricsAddr, err)
	}
	if cfg.SecretKey != "" {
		t.Fatal("without VITRINA_SECRET_KEY the device cookies' key is kept in the database")
	}
	key := strings.Repeat("0f", 32)
	if cfg, err := LoadConfig(env(map[string]string{"VITRINA_SECRET_KEY": key})); err != nil || cfg.SecretKey != key {
		t.Fatalf("a 64-hex-digit secret: %v", err)
	}
	if cfg.SessionIdle != 8*time.Hour || cfg.MFARequiredRoles != nil {
		t.Fatalf("the defaults: idle %v, roles %v", cfg.SessionIdle, cfg.MFARequiredRoles)
	}
	if cfg, err := LoadConfig(env(map[string]string{"VITRINA_SECRET_KEY": key, "VITRINA_MFA_REQUIRED_ROLES": " admin, financier ",
		"VITRINA_SESSION_IDLE": "30m"})); err != nil || strings.Join(cfg.MFARequiredRoles, ",") != "admin,financier" || cfg.SessionIdle != 30*time.Minute {
		t.Fatalf("two-factor roles and idle: %+v, %v", cfg, err)
	}
	for _, bad := range []map[string]string{
		{"VITRINA_TOKEN_TTL": "soon"},
		{"VITRINA_LOG_FORMAT": "xml"},
		{"VITRINA_ADMIN_USERNAME": "admin"},
		{"VITRINA_TRUST_PROXY": "maybe"},
		{"VITRINA_MAP_TILES": "javascript:alert(1)"},
		{"VITRINA_TIME_ZONE": "Mars/Olympus"},
		{"VITRINA_TIME_ZONE": "Local"},
		{"VITRINA_EXPORTS": "0"},
		{"VITRINA_EXPORTS": "65"},
		{"VITRINA_EXPORTS": "two"},
		{"VITRINA_HSTS": "yes please"},
		{"VITRINA_SECRET_KEY": "too-short-to-sign-anything"},
		{"VITRINA_SECRET_KEY": strings.Repeat("k", 64)},
		{"VITRINA_SECRET_KEY": strings.Repeat("0f", 31)},
		{"VITRINA_MFA_REQUIRED_ROLES": "admin"},
		{"VITRINA_MFA_REQUIRED_ROLES": "owner", "VITRINA_SECRET_KEY": strings.Repeat("0f", 32)},
		{"VITRINA_SESSION_IDLE": "30s"},
		{"VITRINA_SESSION_IDLE": "forever"},
		{"VITRINA_AUDIT_RETENTION": "29d"},
		{"VITRINA_AUDIT_RETENTION": "719h"},
		{"VITRINA_AUDIT_RETENTION": "-40d"},
		{"VITRINA_AUDIT_RETENTION": "three years"},
		{"VITRINA_AUDIT_RETENTION": "99999999999d"},
		{"VITRINA_UNDO_WINDOW": "30s"},
		{"VITRINA_UNDO_WINDOW": "30"},
		{"VITRINA_UNDO_WINDOW": "200h"},
		{"VITRINA_METRICS_ADDR": "9090"},
		{"VITRINA_METRICS_ADDR": "127.0.0.1:8080"}, // the API's own
	} {
		if _, err := LoadConfig(env(bad)); err == nil {
			t.Errorf("%v must be refused", bad)
		}
	}
}

// serve stops on cancellation after in-flight requests finish, and returns nil (exit 0).
func TestServeShutsDownGracefully(t *testing.T) {
	vars := map[string]string{"VITRINA_ADDR": "127.0.0.1:0", "VITRINA_DATABASE_URL": dbtest.SQLiteURL(t),
		"VITRINA_LOG_LEVEL": "error", "VITRINA_ADMIN_USERNAME": "admin", "VITRINA_ADMIN_PASSWORD": "admin-pass"}
	cfg, err := LoadConfig(env(vars))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	app, cleanup, err := InitApp(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	ready := make(chan Listening, 1)
	done := make(chan error, 1)
	var out bytes.Buffer
	go func() { done <- serve(ctx, app, &out, ready) }()
	addr := (<-ready).API

	// A login (argon2 verification, tens of milliseconds) is in flight when the stop comes:
	// the stop waits until the request has been written and the server had time to read it.
	inflight := make(chan int, 1)
	wrote := make(chan struct{})
	go func() {
		trace := &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { close(wrote) }}
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "POST",
			"http://"+addr+"/api/login", strings.NewReader(`{"username":"admin","password":"admin-pass"}`))
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			inflight <- 0
			return
		}
		res.Body.Close()
		inflight <- res.StatusCode
	}()
	<-wrote
	time.Sleep(5 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v, want nil", err)
	}
	if code := <-inflight; code != 200 {
		t.Fatalf("in-flight request got %d", code)
	}
	if !strings.Contains(out.String(), "Vitrina is serving on http://"+addr) {
		t.Fatalf("banner %q", out.String())
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Fatal("the listener must be closed after shutdown")
	}
}

func TestUserCreateReadsPasswordFromStdin(t *testing.T) {
	vars := map[string]string{"VITRINA_DATABASE_URL": dbtest.SQLiteURL(t), "VITRINA_LOG_LEVEL": "error"}
	var out bytes.Buffer
	err := Run(context.Background(), []string{"user", "create", "--username", "maja", "--name", "Maja Perović", "--role", "manager,financier"},
		env(vars), strings.NewReader("tajna123\n"), &out)
	if err != nil || !strings.Contains(out.String(), "created user maja") || !strings.Contains(out.String(), "manager, financier") {
		t.Fatalf("%v: %s", err, out.String())
	}
	err = Run(context.Background(), []string{"user", "create", "--username", "kratka", "--name", "Kratka"}, env(vars), strings.NewReader("abc\n"), &out)
	if err == nil || !strings.Contains(err.Error(), "at least 4 characters") {
		t.Fatalf("short password: %v", err)
	}
}

// `vitrina audit verify` checks the chain: it holds after ordinary changes and names the
// first event an UPDATE by SQL edited (issue 21).
func TestAuditVerifyCommand(t *testing.T) {
	url := dbtest.SQLiteURL(t)
	vars := map[string]string{"VITRINA_DATABASE_URL": url, "VITRINA_LOG_LEVEL": "error"}
	var out bytes.Buffer
	for _, u := range []string{"maja", "ana"} {
		if err := Run(context.Background(), []string{"user", "create", "--username", u, "--name", "Ime " + u, "--role", "manager"},
			env(vars), strings.NewReader("tajna123\n"), &out); err != nil {
			t.Fatal(err)
		}
	}
	out.Reset()
	if err := Run(context.Background(), []string{"audit", "verify"}, env(vars), nil, &out); err != nil || !strings.Contains(out.String(), "ok: 2 events") {
		t.Fatalf("an intact chain: %v: %s", err, out.String())
	}
	db, err := persistence.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(context.Background(), "UPDATE audit_events SET actor_name = 'Mallory' WHERE id = 2"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out.Reset()
	err = Run(context.Background(), []string{"audit", "verify"}, env(vars), nil, &out)
	if !errors.Is(err, errChainBroken) || !strings.Contains(out.String(), "the first broken event is 2") {
		t.Fatalf("an edited event: %v: %s", err, out.String())
	}
	if err := Run(context.Background(), []string{"audit", "fix"}, env(vars), nil, &out); err == nil {
		t.Fatal("audit fix is not a command")
	}
}
