package bootstrap

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/application/identity"
)

// `vitrina seed --demo` on a database with no user and no VITRINA_ADMIN_* creates the demo
// admin, says so with its login, and that login signs in; a second run (a user exists now)
// neither creates nor prints one. With VITRINA_ADMIN_* set, that admin is the first user and
// the demo one is not made.
func TestSeedDemoCreatesTheDemoAdminWhenNobodyCanSignIn(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			vars := map[string]string{"VITRINA_DATABASE_URL": e.Open(t), "VITRINA_DATA_DIR": t.TempDir(), "VITRINA_LOG_LEVEL": "error"}
			line := "sign in as " + DemoAdminUsername + " / " + DemoAdminPassword
			for run := 0; run < 2; run++ {
				var out bytes.Buffer
				if err := Run(context.Background(), []string{"seed", "--demo"}, env(vars), strings.NewReader(""), &out); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
				if strings.Contains(out.String(), line) != (run == 0) {
					t.Fatalf("run %d printed:\n%s", run, out.String())
				}
			}
			cfg, _ := LoadConfig(env(vars))
			app, cleanup, err := InitApp(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer cleanup()
			if _, err := app.Identity.Login(context.Background(), DemoAdminUsername, DemoAdminPassword, identity.Client{Address: "192.0.2.1"}); err != nil {
				t.Fatalf("the printed login does not sign in: %v", err)
			}
		})
	}
}
