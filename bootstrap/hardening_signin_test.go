package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
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

// deviceCookie is the device cookie a sign-in's answer sets ("" when none).
func deviceCookie(r resp) *http.Cookie {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == "vitrina_device" {
			return c
		}
	}
	return nil
}

// signInWith signs in at path from addr carrying the device cookie value ("" for none).
func (a *api) signInWith(path string, body map[string]any, addr, device string) resp {
	a.t.Helper()
	header := []string{"X-Forwarded-For", addr}
	if device != "" {
		header = append(header, "Cookie", "vitrina_device="+device)
	}
	return a.do("POST", path, "", body, header...)
}

// One address locked everyone out: 20 failures from an office's NAT made the right
// password of every account behind it answer 429. A browser that signed in before carries
// a signed device cookie (HttpOnly, SameSite=Strict, Secure over TLS, sent only to its own
// sign-in) that the address limit does not apply to; it has its own limit of 5 failures,
// and a guesser on the account without it does not lock it out. A forged or tampered
// cookie, and another account's, earn nothing. The key is kept in the database, so a
// second instance accepts the first one's cookies. The partner app's door alike.
func TestDeviceCookieOutlivesAnAddressLockout(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			url := e.Open(t)
			a := startAPI(t, url)
			a.appWorld()
			a.createUser(userBody("Ana Anić", "ana", "manager"))
			a.createUser(userBody("Bojan", "bojan", "manager"))
			const office = "10.30.0.1"
			ana, bojan := userSignIn("ana", "pass1234"), userSignIn("bojan", "pass1234")

			r := a.expect(a.signInWith("/api/login", ana, office, ""), 200)
			c := deviceCookie(r)
			if c == nil || !c.HttpOnly || c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/api/login" || c.MaxAge < 30*24*3600 {
				t.Fatalf("device cookie %+v", c)
			}
			anaDevice := c.Value
			tls := a.expect(a.do("POST", "/api/login", "", bojan, "X-Forwarded-For", office, "X-Forwarded-Proto", "https"), 200)
			if c := deviceCookie(tls); c == nil || !c.Secure {
				t.Fatalf("over TLS the cookie is Secure: %+v", c)
			}
			bojanDevice := deviceCookie(tls).Value
			app := a.expect(a.signInWith("/api/app/login", partnerSignIn(1001, "tajna1"), office, ""), 200)
			appCookie := deviceCookie(app)
			if appCookie == nil || appCookie.Path != "/api/app/login" {
				t.Fatalf("app device cookie %+v", appCookie)
			}

			// Someone behind the same address tries one password on 20 usernames.
			for i := 0; i < 20; i++ {
				a.expect(a.signInWith("/api/login", userSignIn(fmt.Sprintf("gost%02d", i), "ljeto2026"), office, ""), 401)
			}
			a.expect(a.signInWith("/api/login", ana, office, ""), 429)
			a.expect(a.signInWith("/api/app/login", partnerSignIn(1001, "tajna1"), office, ""), 429)

			parts := strings.Split(anaDevice, ".")
			tamper := func(s string) string {
				if s[len(s)-2] == 'A' {
					return s[:len(s)-2] + "B" + s[len(s)-1:]
				}
				return s[:len(s)-2] + "A" + s[len(s)-1:]
			}
			for name, forged := range map[string]string{
				"forged":           "d1.AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
				"tampered device":  parts[0] + "." + tamper(parts[1]) + "." + parts[2],
				"tampered mac":     parts[0] + "." + parts[1] + "." + tamper(parts[2]),
				"another account":  bojanDevice,
				"the app's cookie": appCookie.Value,
			} {
				if r := a.signInWith("/api/login", ana, office, forged); r.status != 429 {
					t.Fatalf("%s cookie: %d, want 429", name, r.status)
				}
			}

			// A second instance over the same database knows the key.
			replica := startAPI(t, url)
			r = replica.expect(replica.signInWith("/api/login", ana, office, anaDevice), 200)
			next := deviceCookie(r)
			if next == nil || next.Value == anaDevice {
				t.Fatalf("every sign-in renews the device cookie: %+v", next)
			}
			a.expect(a.signInWith("/api/app/login", partnerSignIn(1001, "tajna1"), office, appCookie.Value), 200)

			// A guesser on ana's account from elsewhere does not lock her device out.
			for i := 0; i < 5; i++ {
				a.expect(a.signInWith("/api/login", userSignIn("ana", "pogodak"), "10.30.0.9", ""), 401)
			}
			a.expect(a.signInWith("/api/login", ana, "10.30.0.9", ""), 429)
			a.expect(a.signInWith("/api/login", ana, "10.30.0.9", next.Value), 200)

			// The device has its own limit: 5 failures, then 429 even with the right password.
			for i := 0; i < 5; i++ {
				a.expect(a.signInWith("/api/login", userSignIn("ana", "pogodak"), office, next.Value), 401)
			}
			if msg := a.expect(a.signInWith("/api/login", ana, office, next.Value), 429).message(t); msg != "Too many login attempts. Try again later." {
				t.Fatalf("device limit: %q", msg)
			}

			var keys int
			if err := a.app.DB.NewRaw("SELECT count(*) FROM secrets WHERE name = 'device-cookie-key'").Scan(context.Background(), &keys); err != nil || keys != 1 {
				t.Fatalf("%d stored keys (%v)", keys, err)
			}
		})
	}
}

// With VITRINA_SECRET_KEY the cookies are signed under it and no key is stored; an instance
// with another secret refuses them.
func TestDeviceCookieKeyFromTheSetting(t *testing.T) {
	url := dbtest.SQLiteURL(t)
	secret := func(s string) func(*Config) { return func(c *Config) { c.SecretKey = s } }
	a := startAPIWith(t, url, secret(strings.Repeat("1a", 32)))
	a.createUser(userBody("Ana Anić", "ana", "manager"))
	const office = "10.31.0.1"
	device := deviceCookie(a.expect(a.signInWith("/api/login", userSignIn("ana", "pass1234"), office, ""), 200)).Value
	for i := 0; i < 20; i++ {
		a.expect(a.signInWith("/api/login", userSignIn(fmt.Sprintf("gost%02d", i), "ljeto2026"), office, ""), 401)
	}
	a.expect(a.signInWith("/api/login", userSignIn("ana", "pass1234"), office, device), 200)
	other := startAPIWith(t, url, secret(strings.Repeat("2b", 32)))
	other.expect(other.signInWith("/api/login", userSignIn("ana", "pass1234"), office, device), 429)
	var keys int
	if err := a.app.DB.NewRaw("SELECT count(*) FROM secrets").Scan(context.Background(), &keys); err != nil || keys != 0 {
		t.Fatalf("%d stored keys (%v)", keys, err)
	}
}

// Two instances over one database count one burst together: 15 wrong guesses sent at once
// to each check no more than 5 in all (the reservation is atomic in the database, not in a
// process).
func TestConcurrentGuessesAcrossInstances(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			url := e.Open(t)
			a := startAPI(t, url)
			a.createUser(userBody("Ana Anić", "ana", "manager"))
			b := startAPI(t, url)
			wrong := repeat(userSignIn("ana", "pogresno"), 15)
			first, second := a.burst("/api/login", "10.21.0.1", wrong), b.burst("/api/login", "10.21.0.1", wrong)
			x, y := first(), second()
			if x[401]+y[401] > 5 || x[401]+x[429] != 15 || y[401]+y[429] != 15 {
				t.Fatalf("two instances answered %v and %v; want at most 5 × 401 in all, the rest 429", x, y)
			}
			b.expect(b.do("POST", "/api/login", "", userSignIn("ana", "pass1234"), "X-Forwarded-For", "10.21.0.1"), 429)
			t.Logf("two instances: %v, %v", x, y)
		})
	}
}
