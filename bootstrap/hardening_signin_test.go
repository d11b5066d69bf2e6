package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"
)

// burst sends every body to path at once, as a client at addr would, and answers how many
// of each status came back once all are answered.
func (a *api) burst(path, addr string, bodies []map[string]any) func() map[int]int {
	a.t.Helper()
	statuses := make(chan int, len(bodies))
	var ready, done sync.WaitGroup
	ready.Add(1)
	for _, body := range bodies {
		done.Add(1)
		go func() {
			defer done.Done()
			j, _ := json.Marshal(body)
			req, _ := http.NewRequest("POST", a.srv.URL+path, bytes.NewReader(j))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", addr)
			ready.Wait()
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			_ = res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	ready.Done()
	return func() map[int]int {
		done.Wait()
		close(statuses)
		got := map[int]int{}
		for s := range statuses {
			got[s]++
		}
		return got
	}
}

// attemptsFrom waits until at least n sign-in attempts from addr are counted and answers
// how many there are.
func (a *api) attemptsFrom(addr string, n int) int {
	a.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var count int
		if err := a.app.DB.NewRaw("SELECT count(*) FROM login_attempts WHERE address = ?", addr).Scan(context.Background(), &count); err != nil {
			a.t.Fatal(err)
		}
		if count >= n || time.Now().After(deadline) {
			return count
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func repeat(body map[string]any, n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = body
	}
	return out
}

// The review's burst: 30 guesses sent at once were all checked (29 × 401, 1 × 200). Each
// attempt is now counted before its password is checked, so of a burst of any size at most
// the limit (5) are checked and the rest answer 429; the right password sent once the limit
// is counted, while the burst is still being answered, is 429 too. The same at the panel's
// door and at the partner app's.
func TestConcurrentGuessesMeetTheThrottle(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.appWorld()
		a.createUser(userBody("Ana Anić", "ana", "manager"))
		doors := []struct {
			name, path, addr string
			wrong, right     map[string]any
		}{
			{"panel", "/api/login", "10.20.0.1", userSignIn("ana", "pogresno"), userSignIn("ana", "pass1234")},
			{"app", "/api/app/login", "10.20.0.2", partnerSignIn(1001, "pogresno"), partnerSignIn(1001, "tajna1")},
		}
		for _, d := range doors {
			answers := a.burst(d.path, d.addr, repeat(d.wrong, 30))
			a.attemptsFrom(d.addr, 5)
			r := a.expect(a.do("POST", d.path, "", d.right, "X-Forwarded-For", d.addr), 429)
			if msg := r.message(t); msg != "Too many login attempts. Try again later." {
				t.Fatalf("%s: the right password after the limit: %q", d.name, msg)
			}
			got := answers()
			if got[401] > 5 || got[401]+got[429] != 30 {
				t.Fatalf("%s: 30 wrong guesses at once answered %v; want at most 5 × 401, the rest 429", d.name, got)
			}
			if n := a.attemptsFrom(d.addr, 0); n != got[401] {
				t.Fatalf("%s: %d attempts counted, %d checked", d.name, n, got[401])
			}
			t.Logf("%s: 30 wrong guesses at once: %v", d.name, got)
		}
	})
}
