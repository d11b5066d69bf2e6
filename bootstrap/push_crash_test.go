package bootstrap

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/push/fakefcm"
)

// TestMain lets the test binary be the server too: with VITRINA_TEST_CHILD=serve it runs
// `vitrina serve` from the environment, so a test can kill a real serving process.
func TestMain(m *testing.M) {
	if os.Getenv("VITRINA_TEST_CHILD") == "serve" {
		if err := Run(context.Background(), []string{"serve"}, os.Getenv, nil, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// serveChild starts this test binary as `vitrina serve` over dbURL with push aimed at fcm,
// and answers its address and process.
func serveChild(t *testing.T, dbURL, dataDir string, fcm *fakefcm.Server, creds string, timeout time.Duration) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "VITRINA_TEST_CHILD=serve", "VITRINA_ADDR=127.0.0.1:0", "VITRINA_DATABASE_URL="+dbURL,
		"VITRINA_DATA_DIR="+dataDir, "VITRINA_LOG_LEVEL=error", "VITRINA_FCM_CREDENTIALS="+creds, "VITRINA_FCM_ENDPOINT="+fcm.URL,
		"VITRINA_PUSH_WAIT=100ms", "VITRINA_PUSH_TIMEOUT="+timeout.String(), "VITRINA_ADMIN_USERNAME=", "VITRINA_ADMIN_PASSWORD=")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	a, err := servingAddress(out, 30*time.Second)
	if err != nil {
		t.Fatal("the child: ", err)
	}
	return a, cmd
}

// A serving process killed (SIGKILL) after the notification was committed and while its
// deliveries were on their way (the sender waiting for an access token): the next process
// sends them once the claim's lease ends, each device exactly once.
func TestPushSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills serving processes")
	}
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			dbURL := e.Open(t)
			// The world, written by an in-process API over the same database.
			setup := startAPIWith(t, dbURL, nil)
			w := setup.appWorld()
			app := setup.appLogin(partnerSignIn(1001, "tajna1"))
			for _, tok := range []string{"kill-1", "kill-2", "kill-3"} {
				setup.expect(setup.do("POST", "/api/app/devices", app, map[string]any{"token": tok, "platform": "android"}), 200)
			}
			fcm := fakefcm.Start(t)
			creds := fcm.WriteCredentials(t)
			fcm.HangTokenRequests(1_000)

			addr, first := serveChild(t, dbURL, t.TempDir(), fcm, creds, 2*time.Second)
			child := &api{t: t, srv: &httptest.Server{URL: addr}, admin: setup.admin}
			var n notificationOut
			child.expect(child.do("POST", "/api/notifications", child.admin, map[string]any{"subject": "Prije pada",
				"notification_text": "Tekst", "categories": []int64{w.alati}}), 200).json(t, &n)
			if n.Devices != 3 || n.Pending != 3 {
				t.Fatalf("answer %+v", n)
			}
			deadline := time.Now().Add(10 * time.Second)
			for fcm.TokenRequests() == 0 {
				if time.Now().After(deadline) {
					t.Fatal("the sender never asked for an access token")
				}
				time.Sleep(5 * time.Millisecond)
			}
			if err := first.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			_ = first.Wait()
			if fcm.Sent() != 0 {
				t.Fatalf("sent %d before the kill", fcm.Sent())
			}
			p := &pushAPI{api: setup, fcm: fcm, world: w}
			if got := p.notification(n.ID); got.Pending != 3 || got.Attempted != 0 {
				t.Fatalf("after the kill %+v", got)
			}

			fcm.HangTokenRequests(0)
			serveChild(t, dbURL, t.TempDir(), fcm, creds, 500*time.Millisecond)
			got := p.settled(n.ID, 30*time.Second)
			if got.Delivered != 3 {
				t.Fatalf("after the restart %+v", got)
			}
			for _, tok := range []string{"kill-1", "kill-2", "kill-3"} {
				if c := fcm.Received(tok); c != 1 {
					t.Fatalf("%s received %d times", tok, c)
				}
			}
			time.Sleep(300 * time.Millisecond) // nothing more comes
			if fcm.Sent() != 3 {
				t.Fatalf("sent %d in all, want 3", fcm.Sent())
			}
		})
	}
}
