package bootstrap

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"vitrina/adapters/persistence"
	"vitrina/adapters/push/fakefcm"
)

// Three replicas of the real binary over one PostgreSQL database and one S3-compatible
// bucket, behind a round-robin proxy (issue 24, ADR 0040). They start at once (the
// migrations and the first admin happen once), follow each other's writes (sessions,
// permissions and the two-factor policy at once, the partner index before it answers),
// throttle sign-in together, and take turns at imports. Then staff edit, upload, order
// and push through the proxy while one replica is killed with SIGKILL in the middle of an
// import and a push: every accepted write is there once, every image reads from every
// surviving replica, the import saved whole or not at all, every device got the push.
func TestReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts three replicas and an S3 server")
	}
	dbURL := postgresOnly(t)
	c := startCluster(t, dbURL, 3)
	ctx := clusterCtx(t)
	db, err := persistence.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })

	// Started together, the replicas migrated once and created one admin.
	ms, err := persistence.Migrations(db)
	if err != nil {
		t.Fatal(err)
	}
	var rows, names, users int
	if err := db.NewRaw("SELECT count(*), count(DISTINCT name) FROM bun_migrations").Scan(ctx, &rows, &names); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw("SELECT count(*) FROM users").Scan(ctx, &users); err != nil {
		t.Fatal(err)
	}
	if rows != len(ms.Sorted()) || names != rows || users != 1 {
		t.Fatalf("%d migrations recorded (%d names) of %d, %d users", rows, names, len(ms.Sorted()), users)
	}

	// The world, set up through the proxy: each call may land on another replica.
	a := &api{t: t, srv: &httptest.Server{URL: c.proxy.url}}
	a.admin = a.login("admin", "admin-pass")
	w := a.campaignWorld()
	on := func(r *replica) *api { return &api{t: t, srv: &httptest.Server{URL: r.url}, admin: a.admin} }
	r1, r2, r3 := on(c.replicas[0]), on(c.replicas[1]), on(c.replicas[2])

	section(t, "sessions end everywhere at once", func(t *testing.T) {
		tok := r1.login("admin", "admin-pass")
		r2.expect(r2.do("GET", "/api/getLogedUserData", tok, nil), 200)
		r1.expect(r1.do("POST", "/api/logout", tok, nil), 204)
		r2.expect(r2.do("GET", "/api/getLogedUserData", tok, nil), 401)
		r3.expect(r3.do("GET", "/api/getLogedUserData", tok, nil), 401)
	})

	section(t, "permissions follow at once", func(t *testing.T) {
		u := a.createUser(userBody("Rola Mijenja", "rola", "manager"))
		tok := r2.login("rola", "pass1234")
		r3.expect(r3.do("GET", "/api/getCommentInfo", tok, nil), 200)
		path := fmt.Sprintf("/api/users/%d", u.ID)
		r1.expect(r1.do("PUT", path, a.admin, map[string]any{"name": "Rola Mijenja", "username": "rola", "partner_id": nil,
			"roles": []string{"engineer"}}, append(r1.ifMatch(path), "X-Request-Id", "lb-7f3a")...), 200)
		r2.expect(r2.do("GET", "/api/getCommentInfo", tok, nil), 403)
		r3.expect(r3.do("GET", "/api/getCommentInfo", tok, nil), 403)
		// The balancer's request id is the change's on record, whichever replica took it.
		var n int
		if err := db.NewRaw("SELECT count(*) FROM audit_events WHERE request_id = 'lb-7f3a' AND resource = 'users'").Scan(ctx, &n); err != nil || n != 1 {
			t.Fatalf("%d events of the request (%v)", n, err)
		}
	})

	section(t, "the two-factor policy follows", func(t *testing.T) {
		a.createUser(userBody("Dvofaktorski Menadžer", "dvof", "manager"))
		tok := r2.login("dvof", "pass1234")
		r3.expect(r3.do("GET", "/api/partners?page=1", tok, nil), 200)
		var set struct {
			Version int64 `json:"version"`
		}
		r1.expect(r1.do("GET", "/api/settings/security", a.admin, nil), 200).json(t, &set)
		r1.expect(r1.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{"manager"}, "version": set.Version}), 200)
		for _, r := range []*api{r2, r3} {
			// Notified after the commit: at once but for the notification's trip.
			waitFor(t, time.Second, "the policy reached "+r.srv.URL, func() bool {
				return r.do("GET", "/api/partners?page=1", tok, nil).status == 403
			})
		}
		r2.expect(r2.do("PUT", "/api/settings/security", a.admin, map[string]any{"mfa_required_roles": []string{}, "version": set.Version + 1}), 200)
		waitFor(t, time.Second, "the policy's removal reached every replica", func() bool {
			return r1.do("GET", "/api/partners?page=1", tok, nil).status == 200 && r3.do("GET", "/api/partners?page=1", tok, nil).status == 200
		})
	})

	section(t, "the partner index follows writes on other replicas", func(t *testing.T) {
		// Every replica loads its index; each answers a filter after reading the others' writes.
		p := a.createPartner(partnerBody(1500, "Jedinstveni Kvarcit", w.city, "1", w.alati))
		for _, r := range []*api{r1, r2, r3} {
			if ids, total := r.partnerIDs("name=kvarcit"); total != "1" || ids[0] != p.ID {
				t.Fatalf("%s: %v %s", r.srv.URL, ids, total)
			}
		}
		body := partnerBody(1500, "Preimenovani Opsidijan", w.city, "1", w.alati)
		body["version"] = p.Version
		r1.expect(r1.do("PUT", "/api/partners/1500", a.admin, body), 200)
		for _, r := range []*api{r2, r3} {
			if _, total := r.partnerIDs("name=kvarcit"); total != "0" {
				t.Fatalf("%s still finds the old name", r.srv.URL)
			}
			if ids, total := r.partnerIDs("name=opsidijan"); total != "1" || ids[0] != 1500 {
				t.Fatalf("%s: %v %s", r.srv.URL, ids, total)
			}
		}
	})

	section(t, "sign-in throttling is shared", func(t *testing.T) {
		a.createUser(userBody("Ana Anić", "ana", "manager"))
		for range 5 { // round robin: each replica sees some of them
			a.expect(a.do("POST", "/api/login", "", map[string]string{"username": "ana", "password": "wrong"}), 401)
		}
		for _, r := range []*api{r1, r2, r3} {
			r.expect(r.do("POST", "/api/login", "", map[string]string{"username": "ana", "password": "pass1234"}), 429)
		}
	})

	section(t, "one import at a time across replicas", func(t *testing.T) {
		file := partnerFile(t, "Uvoz A", 100_000, 30_000)
		done := make(chan resp, 1)
		go func() { done <- r1.tryUpload("/api/saveAddPartnerExcelDoc", "Partners.xlsx", file) }()
		waitFor(t, time.Minute, "the first import holds the lock", func() bool { return importLockHeld(ctx, t, db) })
		r := r2.uploadFile("/api/saveAddPartnerExcelDoc?preview=1", "Partners.xlsx", partnerFile(t, "Uvoz X", 90_000, 2))
		r2.expect(r, 429)
		first := <-done
		r1.expect(first, 200)
		var out importOut
		first.json(t, &out)
		if out.Added != 30_000 {
			t.Fatalf("the first import: %s", first.body)
		}
	})

	// The push's devices: one each of 300 partners of the first import (Alati), written as
	// the app's registration writes them (a partner keeps at most 20).
	app := a.appLogin(partnerSignIn(1001, "tajna1"))
	devices := make([]string, 300)
	for i := range devices {
		devices[i] = fmt.Sprintf("dev-%03d", i)
	}
	if _, err := db.NewRaw("INSERT INTO devices (token, partner_id, platform, registered_at) " +
		"SELECT 'dev-' || lpad(n::text, 3, '0'), 100000 + n, 'android', now() FROM generate_series(0, 299) n").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	p := &pushAPI{api: a, fcm: c.fcm, world: w.partnerWorld}
	section(t, "three senders share the outbox: each device once", func(t *testing.T) {
		// Three notifications at once, one posted to each replica, whose sender wakes and
		// claims: the three senders take from the same outbox.
		var wg sync.WaitGroup
		sent := make([]notificationOut, 3)
		for i, r := range []*api{r1, r2, r3} {
			wg.Go(func() {
				status, _, b, err := c.via(r.srv.URL).call("POST", "/api/notifications", a.admin, "application/json",
					[]byte(fmt.Sprintf(`{"subject": "Svima %d", "notification_text": "Tekst", "categories": [%d]}`, i, w.alati)))
				if status != 200 || err != nil || json.Unmarshal(b, &sent[i]) != nil {
					t.Errorf("notification %d: %d %s %v", i, status, b, err)
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		for _, n := range sent {
			if got := p.settled(n.ID, time.Minute); got.Delivered != 300 {
				t.Fatalf("%+v", got)
			}
		}
		senders := map[string]bool{}
		each := map[string]int{}
		for _, m := range c.fcm.Messages() {
			if strings.HasPrefix(m.Title, "Svima ") {
				senders[m.AccessToken] = true
				each[m.Token+" "+m.Title]++
			}
		}
		for _, d := range devices {
			for i := range 3 {
				if got := each[fmt.Sprintf("%s Svima %d", d, i)]; got != 1 {
					t.Fatalf("%s received notification %d %d times", d, i, got)
				}
			}
		}
		t.Logf("900 deliveries sent once each by %d replicas' senders", len(senders))
	})

	// The storm: staff edit one partner, upload products with images, the app orders, an
	// import and a push run on the replica that is killed midway.
	victim := c.replicas[2]
	rv := r3
	jpeg := testJPEG(t, 64, 48)
	proxy := c.via(c.proxy.url)
	stop := make(chan struct{})
	storming := func() bool {
		select {
		case <-stop:
			return false
		default:
			return true
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var unexpected []string
	odd := func(what string, status int, body []byte) {
		mu.Lock()
		unexpected = append(unexpected, fmt.Sprintf("%s: %d %.200s", what, status, body))
		mu.Unlock()
	}
	ambiguous := func(status int) bool { return status == 0 || status == http.StatusBadGateway }

	type edit struct {
		version int64
		name    string
		status  int
	}
	var edits []edit
	editBody := partnerBody(1002, "", w.otherCity, "7", w.boje)
	delete(editBody, "password")
	delete(editBody, "confirmPassword")
	for e := range 4 {
		wg.Go(func() {
			for n := 0; storming(); n++ {
				status, _, b, _ := proxy.call("GET", "/api/partners/1002", a.admin, "", nil)
				if status != 200 {
					if !ambiguous(status) {
						odd("read the partner", status, b)
					}
					continue
				}
				var rows []partnerOut // a record's GET answers it alone in a list
				if json.Unmarshal(b, &rows) != nil || len(rows) != 1 {
					odd("read the partner", status, b)
					continue
				}
				cur := rows[0]
				body := maps.Clone(editBody)
				body["name"], body["version"] = fmt.Sprintf("Urednik %d-%d", e, n), cur.Version
				j, _ := json.Marshal(body)
				status, _, b, _ = proxy.call("PUT", "/api/partners/1002", a.admin, "application/json", j)
				if status != 200 && status != 409 && !ambiguous(status) {
					odd("edit the partner", status, b)
				}
				mu.Lock()
				edits = append(edits, edit{cur.Version + 1, body["name"].(string), status})
				mu.Unlock()
			}
		})
	}

	type upload struct {
		id              int64
		name            string
		image, imageURL string
		thumbURL        string
	}
	var uploads []upload
	var uncertainUploads int
	for u := range 2 {
		wg.Go(func() {
			for n := 0; storming(); n++ {
				name := fmt.Sprintf("Slika %d-%d", u, n)
				ct, body := productForm(name, jpeg)
				status, _, b, _ := proxy.call("POST", "/api/products", a.admin, ct, body)
				switch {
				case status == 201:
					var p struct {
						ID       int64  `json:"id"`
						Image    string `json:"image"`
						ImageURL string `json:"image_url"`
						ThumbURL string `json:"thumb_url"`
					}
					_ = json.Unmarshal(b, &p)
					mu.Lock()
					uploads = append(uploads, upload{p.ID, name, p.Image, p.ImageURL, p.ThumbURL})
					mu.Unlock()
				case ambiguous(status):
					mu.Lock()
					uncertainUploads++
					mu.Unlock()
				default:
					odd("upload a product", status, b)
				}
			}
		})
	}

	cartPath := fmt.Sprintf("/api/app/campaigns/%d/cart", w.campaign.ID)
	for range 4 {
		wg.Go(func() {
			for i := 0; i < 8 && storming(); i++ {
				body := []byte(fmt.Sprintf(`{"product_id": %d, "quantity": 4}`, w.boja))
				status, _, b, _ := proxy.call("POST", cartPath, app, "application/json", body)
				if status != 200 && status != 201 && status != 422 && !ambiguous(status) {
					odd("order in the app", status, b)
				}
			}
		})
	}

	// The import on the victim, held when the kill comes; then a push posted to it.
	importB := partnerFile(t, "Uvoz B", 200_000, 30_000)
	importDone := make(chan resp, 1)
	go func() { importDone <- rv.tryUpload("/api/saveAddPartnerExcelDoc", "Partners.xlsx", importB) }()
	waitFor(t, time.Minute, "the victim's import holds the lock", func() bool { return importLockHeld(ctx, t, db) })
	sentBefore := c.fcm.Sent()
	c.fcm.SetDelay(20 * time.Millisecond)
	var second notificationOut
	rv.expect(rv.do("POST", "/api/notifications", a.admin, map[string]any{"subject": "Usred pada", "notification_text": "Tekst",
		"categories": []int64{w.alati}}), 200).json(t, &second)
	// Killed once some of the push is sent and recorded, and while the import still runs.
	deliveredBefore := func() []string {
		var tokens []string
		if err := db.NewRaw("SELECT token FROM deliveries WHERE notification_id = ? AND state = 'delivered'", second.ID).Scan(ctx, &tokens); err != nil {
			t.Fatal(err)
		}
		return tokens
	}
	waitFor(t, time.Minute, "the push under way", func() bool { return c.fcm.Sent() >= sentBefore+20 && len(deliveredBefore()) > 0 })
	importRunning := importLockHeld(ctx, t, db)
	c.kill(victim)
	recorded := deliveredBefore()
	killedAt := time.Now()
	c.fcm.SetDelay(0)
	// The storm goes on a while against the two left.
	waitFor(t, time.Minute, "writes after the kill", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(edits) > 0 && time.Since(killedAt) > 2*time.Second
	})
	close(stop)
	wg.Wait()
	if len(unexpected) > 0 {
		t.Fatalf("unexpected answers:\n%s", strings.Join(unexpected, "\n"))
	}
	t.Logf("requests served per replica: %v (killed: %s, its import was running: %v)", c.proxy.Served(), victim.url, importRunning)

	section(t, "the killed import saved whole or not at all", func(t *testing.T) {
		r := <-importDone
		var saved int
		if err := db.NewRaw("SELECT count(*) FROM partners WHERE id >= 200000 AND id < 230000").Scan(ctx, &saved); err != nil {
			t.Fatal(err)
		}
		if saved != 0 && saved != 30_000 {
			t.Fatalf("%d of 30,000 partners saved (the answer: %d)", saved, r.status)
		}
		if r.status == 200 && saved != 30_000 {
			t.Fatalf("answered 200 and saved %d", saved)
		}
		t.Logf("the killed replica's import: answer %d, %d partners saved", r.status, saved)
		// Its lock went with its connection: the next import runs.
		waitFor(t, 30*time.Second, "the dead replica's import lock released", func() bool { return !importLockHeld(ctx, t, db) })
		var out importOut
		r1.expect(r1.uploadFile("/api/saveAddPartnerExcelDoc", "Partners.xlsx", partnerFile(t, "Uvoz C", 300_000, 3)), 200).json(t, &out)
		if out.Added != 3 {
			t.Fatalf("%+v", out)
		}
	})

	section(t, "no lost update", func(t *testing.T) {
		var rows []partnerOut
		a.expect(a.do("GET", "/api/partners/1002", a.admin, nil), 200).json(t, &rows)
		cur := rows[0]
		accepted := map[int64]string{}
		var top int64
		possible := map[string]bool{}
		for _, e := range edits {
			switch {
			case e.status == 200:
				if was, dup := accepted[e.version]; dup {
					t.Fatalf("two edits accepted as version %d: %q and %q", e.version, was, e.name)
				}
				accepted[e.version] = e.name
				top = max(top, e.version)
			case ambiguous(e.status):
				possible[e.name] = true
			}
		}
		if len(accepted) == 0 {
			t.Fatal("no edit was accepted")
		}
		switch {
		case cur.Version == top:
			if cur.Name != accepted[top] {
				t.Fatalf("version %d is %q, the accepted edit wrote %q", top, cur.Name, accepted[top])
			}
		case cur.Version > top && possible[cur.Name]:
			// An edit whose answer was lost with the killed replica committed last.
		default:
			t.Fatalf("the partner is version %d %q; the last accepted edit was version %d %q", cur.Version, cur.Name, top, accepted[top])
		}
		t.Logf("%d edits accepted, %d conflicts refused with 409", len(accepted), countStatus(edits, func(e edit) int { return e.status }, 409))
	})

	section(t, "every upload once, every image from every replica", func(t *testing.T) {
		if len(uploads) == 0 {
			t.Fatal("no upload was accepted")
		}
		var stored int
		if err := db.NewRaw("SELECT count(*) FROM products WHERE name LIKE 'Slika %'").Scan(ctx, &stored); err != nil {
			t.Fatal(err)
		}
		if stored < len(uploads) || stored > len(uploads)+uncertainUploads {
			t.Fatalf("%d products stored, %d accepted, %d unanswered", stored, len(uploads), uncertainUploads)
		}
		for _, u := range uploads {
			var n int
			if err := db.NewRaw("SELECT count(*) FROM products WHERE id = ? AND name = ? AND image = ?", u.id, u.name, u.image).Scan(ctx, &n); err != nil || n != 1 {
				t.Fatalf("upload %+v stored %d times (%v)", u, n, err)
			}
			for _, path := range []string{u.imageURL, u.thumbURL} {
				var first []byte
				for _, r := range []*replica{c.replicas[0], c.replicas[1]} {
					status, h, b, err := c.via(r.url).call("GET", urlPath(path), "", "", nil)
					if err != nil || status != 200 || h.Get("Content-Type") != "image/jpeg" || h.Get("ETag") == "" {
						t.Fatalf("%s from %s: %d %v %v", path, r.name, status, h, err)
					}
					if first != nil && !bytes.Equal(first, b) {
						t.Fatalf("%s differs between replicas", path)
					}
					first = b
				}
			}
		}
		t.Logf("%d uploads accepted and read back from both replicas left, %d unanswered", len(uploads), uncertainUploads)
	})

	section(t, "orders never spend more than the cash", func(t *testing.T) {
		var cs []appCampaignOut
		a.expect(a.do("GET", "/api/app/campaigns", app, nil), 200).json(t, &cs)
		r := a.expect(a.do("GET", fmt.Sprintf("/api/campaignDetailsById/cart/%d?page=1&partner_id=1001", w.campaign.ID), a.admin, nil), 200)
		cash, _ := cs[0].Cash.Float64()
		spent, _ := cs[0].Spent.Float64()
		if spent > cash || spent == 0 || r.header.Get("X-Total-Ordered") != cs[0].Spent.String() {
			t.Fatalf("cash %s spent %s cart %s", cs[0].Cash, cs[0].Spent, r.header.Get("X-Total-Ordered"))
		}
	})

	section(t, "every device got the push", func(t *testing.T) {
		// The dead replica's claims come due when their lease ends (3 × 500ms + 2s).
		got := p.settled(second.ID, time.Minute)
		if got.Delivered != 300 {
			t.Fatalf("%+v", got)
		}
		var twice []string
		for _, d := range devices {
			switch n := c.fcm.Received(d); n {
			case 4: // the first three pushes and this one
			case 5:
				twice = append(twice, d)
			default:
				t.Fatalf("%s received %d pushes, want 4", d, n)
			}
		}
		// A resend happens only for a message the killed replica sent and had not recorded
		// (SendParallel on their way, and what came back within recordEvery): its first
		// copy went with an access token no one used after the kill (the killed process's
		// own), its second with another replica's.
		lastUse := map[string]time.Time{}
		copies := map[string][]fakefcm.Message{}
		for _, m := range c.fcm.Messages() {
			if m.At.After(lastUse[m.AccessToken]) {
				lastUse[m.AccessToken] = m.At
			}
			if m.Title == "Usred pada" {
				copies[m.Token] = append(copies[m.Token], m)
			}
		}
		for _, d := range recorded {
			if len(copies[d]) != 1 {
				t.Fatalf("%s, recorded as delivered before the kill, got %d copies", d, len(copies[d]))
			}
		}
		for _, d := range twice {
			first, again := copies[d][0], copies[d][1]
			if lastUse[first.AccessToken].After(killedAt) || again.AccessToken == first.AccessToken {
				t.Fatalf("%s was sent twice, first by a replica that lived on", d)
			}
		}
		if len(twice) > 0 {
			t.Logf("%d recorded before the kill and sent once; sent again after it, first sent by the killed replica and not yet recorded: %d: %s",
				len(recorded), len(twice), strings.Join(twice, " "))
		}
	})
}

// importLockHeld tells whether some process holds the partner import's lock now.
func importLockHeld(ctx context.Context, t *testing.T, db *bun.DB) bool {
	key := persistence.LockKey("partner import")
	var n int
	err := db.NewRaw("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ? AND objid = ? AND objsubid = 1",
		uint32(uint64(key)>>32), uint32(uint64(key))).Scan(ctx, &n)
	if err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// tryUpload is uploadFile whose transport failure (a killed replica) is status 0.
func (a *api) tryUpload(path, fileName string, file []byte) resp {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, _ := mw.CreateFormFile("file", fileName)
	_, _ = fw.Write(file)
	_ = mw.Close()
	status, h, body, _ := client{base: a.srv.URL, http: callClient}.call("POST", path, a.admin, mw.FormDataContentType(), b.Bytes())
	return resp{status: status, header: h, body: body}
}

// partnerFile is a partner workbook of n new partners from id first, named prefix and a
// number, in Podgorica, Alati, of the type Majstor.
func partnerFile(t testing.TB, prefix string, first, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	header := []any{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash", "annualPlan", "moneyCirculation", "categories", "partner_type"}
	if err := sw.SetRow("A1", header); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		row := []any{fmt.Sprint(first + i), fmt.Sprintf("%s %d", prefix, i), "Bulevar 1", "", "", "podgorica", "", "1", "2", "3", "4", "5", "6", "alati", "Majstor"}
		if err := sw.SetRow(cell, row); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// productForm is the multipart form of a new product with an image.
func productForm(name string, image []byte) (string, []byte) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	_ = w.WriteField("name", name)
	_ = w.WriteField("description", "Iz oluje")
	_ = w.WriteField("price", "1")
	fw, _ := w.CreateFormFile("image", "slika.jpg")
	_, _ = fw.Write(image)
	_ = w.Close()
	return w.FormDataContentType(), b.Bytes()
}

// urlPath is an image address's path and query, whatever host the answer named.
func urlPath(u string) string {
	if i := strings.Index(u, "/api/"); i >= 0 {
		return u[i:]
	}
	return u
}

func countStatus[E any](es []E, status func(E) int, want int) int {
	return len(slices.DeleteFunc(slices.Clone(es), func(e E) bool { return status(e) != want }))
}

// section is a named part of one long scenario: its failures are the scenario's (its
// replicas and world are the parent's), its name in the log.
func section(t *testing.T, name string, fn func(t *testing.T)) {
	t.Helper()
	t.Logf("— %s", name)
	fn(t)
}
