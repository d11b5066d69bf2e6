package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/security"
)

// edit sends PUT /api/users/{id} with the version the admin sees now, as the users screen does.
func (a *api) editUser(id int64, token string, body map[string]any) resp {
	a.t.Helper()
	var got []struct {
		Version int64 `json:"version"`
	}
	a.expect(a.do("GET", fmt.Sprintf("/api/users/%d", id), a.admin, nil), 200).json(a.t, &got)
	return a.do("PUT", fmt.Sprintf("/api/users/%d", id), token, body, "If-Match", fmt.Sprint(got[0].Version))
}

// The review's five steps of a director reaching above its rights, each on a fresh server
// so that each fails on its own without the rules: every one is refused, and the admin
// account stays as it was.
func TestDirectorCannotReachAboveItsRights(t *testing.T) {
	const notHeld, adminOnly = "You may grant only roles you hold.", "Only an admin may change an admin account."
	steps := []struct {
		name string
		run  func(t *testing.T, a *api, director string, self int64)
	}{
		{"1 gives itself the admin role", func(t *testing.T, a *api, director string, self int64) {
			body := map[string]any{"name": "Direktor", "username": "direktor", "roles": []string{"director", "admin"}}
			if msg := a.expect(a.editUser(self, director, body), 403).message(t); msg != notHeld {
				t.Fatalf("self-promotion: %q", msg)
			}
			var me map[string]any
			a.expect(a.do("GET", "/api/getLogedUserData", director, nil), 200).json(t, &me)
			if fmt.Sprint(me["roles"]) != "[director]" {
				t.Fatalf("roles after the attempt %v", me["roles"])
			}
		}},
		{"2 creates an admin", func(t *testing.T, a *api, director string, _ int64) {
			for _, role := range []string{"admin", "manager"} {
				if msg := a.expect(a.do("POST", "/api/users", director, userBody("Novi "+role, "novi"+role, role)), 403).message(t); msg != notHeld {
					t.Fatalf("create %s: %q", role, msg)
				}
			}
		}},
		{"3 changes the admin's password", func(t *testing.T, a *api, director string, _ int64) {
			body := map[string]any{"name": "Administrator", "username": "admin", "password": "preuzeto1", "confirmPassword": "preuzeto1", "roles": []string{"admin"}}
			if msg := a.expect(a.editUser(1, director, body), 403).message(t); msg != adminOnly {
				t.Fatalf("admin password: %q", msg)
			}
			a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "preuzeto1"}), 401)
		}},
		{"4 deactivates the admin", func(t *testing.T, a *api, director string, _ int64) {
			if msg := a.expect(a.do("DELETE", "/api/users/1", director, nil), 403).message(t); msg != adminOnly {
				t.Fatalf("admin deactivation: %q", msg)
			}
		}},
		{"5 links the admin to a partner", func(t *testing.T, a *api, director string, _ int64) {
			body := map[string]any{"name": "Administrator", "username": "admin", "partner_id": 4, "roles": []string{"admin"}}
			if msg := a.expect(a.editUser(1, director, body), 403).message(t); msg != adminOnly {
				t.Fatalf("admin link: %q", msg)
			}
		}},
	}
	for _, step := range steps {
		t.Run(step.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, a *api) {
				a.addPartner(4, "Partner Četiri")
				dir := a.createUser(userBody("Direktor", "direktor", "director"))
				step.run(t, a, a.login("direktor", "pass1234"), dir.ID)
				var admin []userOut
				a.expect(a.do("GET", "/api/users/1", a.admin, nil), 200).json(t, &admin)
				if !admin[0].IsActive || admin[0].PartnerID != nil || fmt.Sprint(admin[0].Roles) != "[admin]" {
					t.Fatalf("admin after the attempt %+v", admin[0])
				}
				a.login("admin", "admin-pass")
			})
		})
	}
}

// What a director holds it may still grant, and it manages the accounts below it.
func TestDirectorManagesAccountsBelowIt(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Direktor", "direktor", "director"))
		director := a.login("direktor", "pass1234")
		var peer userOut
		a.expect(a.do("POST", "/api/users", director, userBody("Drugi Direktor", "drugi", "director")), 201).json(t, &peer)
		a.expect(a.do("POST", "/api/users", director, userBody("Bez Uloge", "bezuloge")), 201)
		eng := a.createUser(userBody("Inženjer", "inzenjer", "engineer"))
		a.expect(a.editUser(eng.ID, director,
			map[string]any{"name": "Inženjer Novi", "username": "inzenjer", "roles": []string{"engineer"}}), 200) // a kept role is no grant
		a.expect(a.editUser(eng.ID, director,
			map[string]any{"name": "Inženjer Novi", "username": "inzenjer", "roles": []string{"engineer", "financier"}}), 403)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", peer.ID), director, nil), 200)
	})
}

// The last active admin cannot lose the admin role or be linked to a partner; with a
// second admin both are fine.
func TestLastAdminStays(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.addPartner(5, "Partner Pet")
		const last = "The last active admin cannot be deactivated, lose the admin role or be linked to a partner."
		strip := map[string]any{"name": "Administrator", "username": "admin", "roles": []string{"director"}}
		link := map[string]any{"name": "Administrator", "username": "admin", "partner_id": 5, "roles": []string{"admin"}}
		// An admin linked to a partner cannot use the panel, so it does not count.
		linked := userBody("Vezani Admin", "vezani", "admin")
		linked["partner_id"] = 5
		a.createUser(linked)
		for name, body := range map[string]map[string]any{"strip": strip, "link": link} {
			if msg := a.expect(a.editUser(1, a.admin, body), 435).message(t); msg != last {
				t.Fatalf("%s the last admin: %q", name, msg)
			}
		}
		second := a.createUser(userBody("Druga Adminka", "druga", "admin"))
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", second.ID), a.admin, nil), 200) // deactivated: one admin left
		a.expect(a.editUser(1, a.admin, strip), 435)
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", second.ID), a.admin, nil), 200) // active again
		a.expect(a.editUser(1, a.admin, strip), 200)
		// The admin who stepped down is now a director and may not touch the remaining admin.
		a.expect(a.do("DELETE", fmt.Sprintf("/api/users/%d", second.ID), a.admin, nil), 403)
	})
}

// Two admins who strip each other at the same moment cannot both succeed: the count of the
// other admins is taken under lock, so the second sees itself as the last.
func TestAdminsStrippingEachOtherKeepOne(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		second := a.createUser(userBody("Druga Adminka", "druga", "admin"))
		other := a.login("druga", "pass1234")
		strip := func(id int64, name, username string) map[string]any {
			return map[string]any{"name": name, "username": username, "roles": []string{"director"}}
		}
		var v1, v2 []struct {
			Version int64 `json:"version"`
		}
		a.expect(a.do("GET", "/api/users/1", a.admin, nil), 200).json(t, &v1)
		a.expect(a.do("GET", fmt.Sprintf("/api/users/%d", second.ID), a.admin, nil), 200).json(t, &v2)
		statuses := make(chan int, 2)
		var wg sync.WaitGroup
		for _, call := range []struct {
			token   string
			id      int64
			version int64
			body    map[string]any
		}{
			{a.admin, second.ID, v2[0].Version, strip(second.ID, "Druga Adminka", "druga")},
			{other, 1, v1[0].Version, strip(1, "Administrator", "admin")},
		} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				j, _ := json.Marshal(call.body)
				req, _ := http.NewRequest("PUT", fmt.Sprintf("%s/api/users/%d", a.srv.URL, call.id), bytes.NewReader(j))
				req.Header.Set("Authorization", "Bearer "+call.token)
				req.Header.Set("If-Match", fmt.Sprint(call.version))
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					statuses <- 0
					return
				}
				_ = res.Body.Close()
				statuses <- res.StatusCode
			}()
		}
		wg.Wait()
		close(statuses)
		got := map[int]int{}
		for s := range statuses {
			got[s]++
		}
		if got[200] != 1 || got[435]+got[403] != 1 {
			t.Fatalf("answers %v, want one 200 and one refusal", got)
		}
		var admins int
		if err := a.app.DB.NewRaw("SELECT count(*) FROM users WHERE roles LIKE '%admin%' AND is_active").Scan(context.Background(), &admins); err != nil || admins != 1 {
			t.Fatalf("%d admins left (%v)", admins, err)
		}
	})
}

// The bell's list of support messages needs read on customer support, like the screen.
func TestCommentInfoFollowsSupportRead(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Inženjer", "inzenjer", "engineer"))
		a.createUser(userBody("Finansije", "finansije", "financier"))
		engineer := a.login("inzenjer", "pass1234")
		a.expect(a.do("GET", "/api/customerSupport?page=1", engineer, nil), 403)
		a.expect(a.do("GET", "/api/getCommentInfo", engineer, nil), 403)
		financier := a.login("finansije", "pass1234")
		a.expect(a.do("GET", "/api/customerSupport?page=1", financier, nil), 200)
		var info map[string][]any
		a.expect(a.do("GET", "/api/getCommentInfo", financier, nil), 200).json(t, &info)
		if info["evidentions"] == nil {
			t.Fatal("evidentions must be a list")
		}
	})
}

// A new own password needs the current one; guessing it is throttled like signing in.
func TestOwnPasswordChangeAsksForTheCurrentOne(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		a.createUser(userBody("Ana Anić", "ana", "manager"))
		ana := a.login("ana", "pass1234")
		body := func(current string) map[string]string {
			return map[string]string{"name": "Ana Anić", "username": "ana", "password": "nova-sifra", "confirmPassword": "nova-sifra", "current_password": current}
		}
		const wrong = "The current password is incorrect."
		if f := a.expect(a.do("POST", "/api/userUpdate", ana, body(""), a.ownVersion(ana)...), 422).fieldErrors(t); f["current_password"][0] != wrong {
			t.Fatalf("missing current password: %v", f)
		}
		for i := 0; i < 5; i++ {
			if f := a.expect(a.do("POST", "/api/userUpdate", ana, body("pogodak"), a.ownVersion(ana)...), 422).fieldErrors(t); f["current_password"][0] != wrong {
				t.Fatalf("wrong current password: %v", f)
			}
		}
		a.expect(a.do("POST", "/api/userUpdate", ana, body("pass1234"), a.ownVersion(ana)...), 429)
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ana", "password": "pass1234"}), 429)
		a.login("ana", "pass1234", "X-Forwarded-For", "10.9.9.9") // the throttle is per address

		a.createUser(userBody("Bojan", "bojan", "manager"))
		bojan := a.login("bojan", "pass1234")
		a.expect(a.do("POST", "/api/userUpdate", bojan, map[string]string{"name": "Bojan", "username": "bojan",
			"password": "nova-sifra", "confirmPassword": "nova-sifra", "current_password": "pass1234"}, a.ownVersion(bojan)...), 200)
		a.login("bojan", "nova-sifra")
	})
}

// One address trying one password on 40 usernames is held back after 20 failures.
func TestAddressThrottleAcrossUsernames(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		from := []string{"X-Forwarded-For", "10.4.4.4"}
		counts := map[int]int{}
		for i := 0; i < 40; i++ {
			r := a.do("POST", "/api/login", "", map[string]string{"username": fmt.Sprintf("korisnik%02d", i), "password": "ljeto2026"}, from...)
			counts[r.status]++
		}
		if counts[401] != 20 || counts[429] != 20 {
			t.Fatalf("40 usernames from one address: %v", counts)
		}
		a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "admin-pass"}, from...), 429)
		a.login("admin", "admin-pass", "X-Forwarded-For", "10.5.5.5")
	})
}

// With every hashing slot taken, a sign-in waits briefly and then answers 429; once a slot
// frees, sign-in works again.
func TestBusyHasherAnswers429(t *testing.T) {
	a := startAPI(t, dbtest.SQLiteURL(t))
	var releases []func()
	for range security.HashGate.Size() {
		release, err := security.HashGate.Enter(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
	}
	start := time.Now()
	r := a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "admin", "password": "admin-pass"}), 429)
	waited := time.Since(start)
	for _, release := range releases {
		release()
	}
	if r.message(t) != "The server is busy. Try again in a moment." {
		t.Fatalf("busy message %q", r.message(t))
	}
	if waited < security.DefaultHashWait || waited > security.DefaultHashWait+2*time.Second {
		t.Fatalf("answered after %v", waited)
	}
	// Nothing was checked, so the attempt reserved for it (ADR 0025) no longer counts.
	var attempts int
	if err := a.app.DB.NewRaw("SELECT count(*) FROM login_attempts").Scan(context.Background(), &attempts); err != nil || attempts != 0 {
		t.Fatalf("%d attempts counted after a busy answer (%v)", attempts, err)
	}
	a.login("admin", "admin-pass")
}
