package bootstrap

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"vitrina/adapters/authz"
	"vitrina/adapters/http/server"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/storage"
	"vitrina/frontend"
)

// Every request is logged with its request id, and no password or token reaches the log,
// whatever the request carried or however it failed.
func TestLogsCarryRequestIDsAndNoSecrets(t *testing.T) {
	base := startAPI(t, dbtest.SQLiteURL(t))
	core, logs := observer.New(zap.DebugLevel)
	srv := server.New(server.Deps{Log: zap.New(core), Identity: base.app.Identity, Catalog: base.app.Catalog, Partner: base.app.Partner, Content: base.app.Content, Notifications: base.app.Notifications,
		Campaign: base.app.Campaign,
		Images:   storage.NewImages(base.app.Config.DataDir), Authz: mustAuthz(t),
		Pinger: persistence.NewPinger(base.app.DB), SPA: frontend.Dist()})
	a := &api{t: t, app: base.app, srv: httptest.NewServer(srv.Handler())}
	defer a.srv.Close()

	const secret = "Sup3r-secret-pass"
	a.expect(a.do("POST", "/api/users", base.admin, userBody("Tajni", "tajni")), 201)
	a.expect(a.do("POST", "/api/users", base.admin, map[string]any{"name": "Neko", "username": "neko", "password": secret, "confirmPassword": secret}), 201)
	token := a.login("neko", secret)
	a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "neko", "password": secret + "x"}), 401)
	a.expect(a.do("GET", "/api/users?page=1&name="+secret, base.admin, nil), 200)
	a.expect(a.do("GET", "/api/getLogedUserData", token, nil), 200)
	a.expect(a.do("GET", "/api/users", token+"broken", nil), 401)
	a.expect(a.do("POST", "/api/userUpdate", token, map[string]string{"name": "Neko", "username": "neko", "password": secret + "2", "confirmPassword": secret + "2", "current_password": secret}, a.ownVersion(token)...), 200)

	entries := logs.All()
	if len(entries) < 8 {
		t.Fatalf("want a log line per request, got %d", len(entries))
	}
	failed := false
	for _, e := range entries {
		line, _ := json.Marshal(map[string]any{"msg": e.Message, "fields": e.ContextMap()})
		for _, s := range []string{secret, token, base.admin} {
			if strings.Contains(string(line), s) {
				t.Errorf("secret in log: %s", line)
			}
		}
		if e.ContextMap()["request_id"] == nil {
			t.Errorf("log line without request id: %s", line)
		}
		if e.Message == "login failed" {
			failed = true
		}
	}
	if !failed {
		t.Fatal("a failed login must be logged")
	}
}

func mustAuthz(t *testing.T) *authz.Enforcer {
	t.Helper()
	e, err := authz.New()
	if err != nil {
		t.Fatal(err)
	}
	return e
}
