package bootstrap

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
	"vitrina/adapters/push/fakefcm"
)

// notificationOut is a notification as the panel reads it.
type notificationOut struct {
	ID            int64   `json:"id"`
	Subject       string  `json:"subject"`
	Text          string  `json:"notification_text"`
	CategoryNames string  `json:"category_names"`
	SliderID      *int64  `json:"slider_id"`
	SentBy        *string `json:"sent_by"`
	Devices       int64   `json:"devices"`
	Attempted     int64   `json:"attempted"`
	Delivered     int64   `json:"delivered"`
	Failed        int64   `json:"failed"`
	Pending       int64   `json:"pending"`
	NotConfigured int64   `json:"not_configured"`
}

type deliveryOut struct {
	PartnerID   int64  `json:"partner_id"`
	PartnerName string `json:"partner_name"`
	Platform    string `json:"platform"`
	State       string `json:"state"`
	Attempts    int    `json:"attempts"`
	Reason      string `json:"reason"`
	Token       string `json:"token"`
}

// pushAPI is the API with push aimed at a fake FCM and the background workers running.
type pushAPI struct {
	*api
	fcm     *fakefcm.Server
	world   partnerWorld
	workers *Runner
}

// startPushAPI starts the API over dbURL with FCM at the fake and the sender running; the
// world is appWorld's partners, 1001 (Alati, Boje) and 1002 (Boje), plus 1003 (Alati),
// which is deactivated after its device registered.
func startPushAPI(t *testing.T, dbURL string, adjust func(*Config)) *pushAPI {
	t.Helper()
	fcm := fakefcm.Start(t)
	creds := fcm.WriteCredentials(t)
	a := startAPIWith(t, dbURL, func(c *Config) {
		c.FCMCredentials, c.FCMEndpoint = creds, fcm.URL
		c.PushWait, c.PushTimeout = 3*time.Second, time.Second
		if adjust != nil {
			adjust(c)
		}
	})
	workers := StartWorkers(a.app.Log, a.app.Workers)
	t.Cleanup(func() {
		if err := workers.Stop(10 * time.Second); err != nil {
			t.Error(err)
		}
	})
	p := &pushAPI{api: a, fcm: fcm, world: a.appWorld(), workers: workers}
	p.createPartner(partnerBody(1003, "Ugašeni Partner", p.world.city, "0", p.world.alati))
	p.registerDevice(1001, "tok-a1", "android")
	p.registerDevice(1001, "tok-a2", "ios")
	p.registerDevice(1002, "tok-b1", "web")
	p.registerDevice(1003, "tok-c1", "android")
	p.toggle("/api/partners", 1003, 200)
	return p
}

// registerDevice signs the partner in to the app (password tajna1) and registers a device.
func (p *pushAPI) registerDevice(partner int64, token, platform string) {
	p.t.Helper()
	if partner == 1003 {
		p.editPartnerPassword(1003, p.world, "tajna1")
	}
	app := p.appLogin(partnerSignIn(partner, "tajna1"))
	p.expect(p.do("POST", "/api/app/devices", app, map[string]any{"token": token, "platform": platform}), 200)
}

func (p *pushAPI) send(subject string, categories []int64, status int) notificationOut {
	p.t.Helper()
	r := p.expect(p.do("POST", "/api/notifications", p.admin, map[string]any{"subject": subject, "notification_text": "Tekst: " + subject,
		"categories": categories}), status)
	var out notificationOut
	if status == 491 {
		var body struct {
			Message      string          `json:"message"`
			Notification notificationOut `json:"notification"`
		}
		r.json(p.t, &body)
		if body.Message == "" || body.Notification.ID == 0 {
			p.t.Fatalf("491 body %s", r.body)
		}
		return body.Notification
	}
	r.json(p.t, &out)
	return out
}

func (p *pushAPI) notification(id int64) notificationOut {
	p.t.Helper()
	var out []notificationOut
	p.expect(p.do("GET", fmt.Sprintf("/api/notifications/%d", id), p.admin, nil), 200).json(p.t, &out)
	return out[0]
}

// settled waits until nothing of the notification is pending.
func (p *pushAPI) settled(id int64, within time.Duration) notificationOut {
	p.t.Helper()
	deadline := time.Now().Add(within)
	for {
		n := p.notification(id)
		if n.Pending == 0 {
			return n
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("still pending after %s: %+v", within, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *pushAPI) deliveries(id int64, query string) []deliveryOut {
	p.t.Helper()
	var out []deliveryOut
	p.expect(p.do("GET", fmt.Sprintf("/api/notifications/%d/deliveries?page=1&per_page=100&%s", id, query), p.admin, nil), 200).json(p.t, &out)
	return out
}

func (p *pushAPI) count(query string) int {
	p.t.Helper()
	var n int
	if err := p.app.DB.NewRaw(query).Scan(context.Background(), &n); err != nil {
		p.t.Fatal(err)
	}
	return n
}

// All delivered → 200 with the figures; only active partners of the categories get it, each
// device once; bad input is a 422 that saves nothing; the list and the deliveries read back.
func TestNotificationsDelivered(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), nil)
			n := p.send("Akcija alata", []int64{p.world.alati}, 200)
			if n.Devices != 2 || n.Delivered != 2 || n.Pending != 0 || n.Failed != 0 || n.Attempted != 2 {
				t.Fatalf("figures %+v (1001's two devices; 1002 is not in Alati, 1003 is inactive)", n)
			}
			if n.SentBy == nil || *n.SentBy == "" || n.CategoryNames != "Alati" || n.SliderID != nil {
				t.Fatalf("notification %+v", n)
			}
			for tok, want := range map[string]int{"tok-a1": 1, "tok-a2": 1, "tok-b1": 0, "tok-c1": 0} {
				if got := p.fcm.Received(tok); got != want {
					t.Fatalf("%s received %d, want %d", tok, got, want)
				}
			}
			ds := p.deliveries(n.ID, "delivered=1")
			if len(ds) != 2 || ds[0].PartnerName != "Gradnja Plus" || ds[0].State != "delivered" || ds[0].Attempts != 1 || ds[0].Token != "" {
				t.Fatalf("deliveries %+v", ds)
			}
			if got := p.deliveries(n.ID, "failed=1"); len(got) != 0 {
				t.Fatalf("failed deliveries %+v", got)
			}

			// Bad input: 422 on the field, nothing saved.
			before := p.count("SELECT count(*) FROM notifications")
			for _, c := range []struct {
				body  map[string]any
				field string
			}{
				{map[string]any{"subject": "A", "notification_text": "Tekst", "categories": []int64{p.world.alati}}, "subject"},
				{map[string]any{"subject": "Naslov", "notification_text": " ", "categories": []int64{p.world.alati}}, "notification_text"},
				{map[string]any{"subject": "Naslov", "notification_text": "Tekst", "categories": []int64{}}, "categories"},
				{map[string]any{"subject": "Naslov", "notification_text": "Tekst", "categories": []int64{999999}}, "categories"},
				{map[string]any{"subject": "Nul\x00", "notification_text": "Tekst", "categories": []int64{p.world.alati}}, "subject"},
			} {
				r := p.expect(p.do("POST", "/api/notifications", p.admin, c.body), 422)
				if len(r.fieldErrors(t)[c.field]) == 0 {
					t.Fatalf("%v: %s", c.body, r.body)
				}
			}
			p.expect(p.do("POST", "/api/notifications", p.admin, "{broken"), 400)
			p.expect(p.do("POST", "/api/notifications", "", map[string]any{"subject": "Naslov"}), 401)
			if after := p.count("SELECT count(*) FROM notifications"); after != before {
				t.Fatalf("bad input saved notifications: %d → %d", before, after)
			}

			// The list: newest first, filtered and sorted on the server.
			p.send("Boje na popustu", []int64{p.world.boje}, 200)
			var list []notificationOut
			r := p.expect(p.do("GET", "/api/notifications?page=1&per_page=10", p.admin, nil), 200)
			r.json(t, &list)
			if len(list) != 2 || list[0].Subject != "Boje na popustu" || r.header.Get("X-Total-Count") != "2" {
				t.Fatalf("list %+v total %s", list, r.header.Get("X-Total-Count"))
			}
			p.expect(p.do("GET", "/api/notifications?page=1&per_page=10&subject=alat", p.admin, nil), 200).json(t, &list)
			if len(list) != 1 || list[0].Subject != "Akcija alata" {
				t.Fatalf("filtered %+v", list)
			}
			var status map[string]bool
			p.expect(p.do("GET", "/api/notifications/status", p.admin, nil), 200).json(t, &status)
			if !status["push_configured"] {
				t.Fatalf("status %v", status)
			}
			p.expect(p.do("GET", "/api/notifications/999999/deliveries?page=1", p.admin, nil), 404)
		})
	}
}

// Some devices UNREGISTERED → 491 with the spec's message and the notification: saved, the
// dead tokens removed, the rest delivered.
func TestNotificationsPartialDelivery(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), nil)
			p.fcm.Unregister("tok-a2")
			n := p.send("Boje", []int64{p.world.boje}, 491)
			if n.Devices != 3 || n.Delivered != 2 || n.Failed != 1 || n.Pending != 0 {
				t.Fatalf("figures %+v", n)
			}
			failed := p.deliveries(n.ID, "failed=1")
			if len(failed) != 1 || failed[0].PartnerID != 1001 || failed[0].Reason != "UNREGISTERED" || failed[0].Platform != "ios" {
				t.Fatalf("failed %+v", failed)
			}
			if got := p.count("SELECT count(*) FROM devices WHERE token = 'tok-a2'"); got != 0 {
				t.Fatal("the unregistered token was kept")
			}
			if got := p.count("SELECT count(*) FROM devices"); got != 3 {
				t.Fatalf("devices left %d, want 3", got)
			}
			if p.fcm.Received("tok-a1") != 1 || p.fcm.Received("tok-b1") != 1 {
				t.Fatal("the others were not delivered once each")
			}
			if p.notification(n.ID).Failed != 1 {
				t.Fatal("the notification was not kept")
			}
		})
	}
}

// A 503 first → delivered once after the backoff; the provider down past the wait → 200 with
// pending, delivered later, once.
func TestNotificationsRetry(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), nil)
			p.fcm.FailNext(1, http.StatusServiceUnavailable, "")
			n := p.send("Alati", []int64{p.world.alati}, 200)
			if n.Attempted != 2 || n.Devices != 2 {
				t.Fatalf("answered before the first attempts: %+v", n)
			}
			n = p.settled(n.ID, 15*time.Second)
			if n.Delivered != 2 || p.fcm.Received("tok-a1") != 1 || p.fcm.Received("tok-a2") != 1 {
				t.Fatalf("after the retry %+v, received %d/%d", n, p.fcm.Received("tok-a1"), p.fcm.Received("tok-a2"))
			}
			retried := 0
			for _, d := range p.deliveries(n.ID, "") {
				if d.Attempts == 2 && d.State == "delivered" && d.Reason == "" {
					retried++
				}
			}
			if retried != 1 {
				t.Fatalf("deliveries %+v", p.deliveries(n.ID, ""))
			}

			// Down past the wait: every first attempt fails fast, the answer says pending.
			p.fcm.FailFor(2*time.Second, http.StatusServiceUnavailable, "1")
			n = p.send("Boje", []int64{p.world.boje}, 200)
			if n.Pending != 3 || n.Delivered != 0 {
				t.Fatalf("while down %+v", n)
			}
			n = p.settled(n.ID, 30*time.Second)
			if n.Delivered != 3 || p.fcm.Received("tok-a1") != 2 || p.fcm.Received("tok-b1") != 1 {
				t.Fatalf("after the outage %+v", n)
			}
		})
	}
}

// A provider that does not answer: the send waits VITRINA_PUSH_WAIT and answers 200 with the
// deliveries still pending.
func TestNotificationsAnswerAfterTheWait(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), func(c *Config) { c.PushWait, c.PushTimeout = 300*time.Millisecond, 2*time.Second })
			p.fcm.HangFor(time.Second)
			start := time.Now()
			n := p.send("Alati", []int64{p.world.alati}, 200)
			if n.Pending != 2 || n.Attempted != 0 {
				t.Fatalf("answer %+v", n)
			}
			if waited := time.Since(start); waited > 1500*time.Millisecond {
				t.Fatalf("answered after %s, want about the 300 ms wait", waited)
			}
			if n = p.settled(n.ID, 30*time.Second); n.Delivered != 2 {
				t.Fatalf("later %+v", n)
			}
		})
	}
}

// Without FCM credentials: saved, every delivery not_configured, nothing claimed.
func TestNotificationsNotConfigured(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		workers := StartWorkers(a.app.Log, a.app.Workers)
		defer func() { _ = workers.Stop(5 * time.Second) }()
		a.appWorld()
		app := a.appLogin(partnerSignIn(1001, "tajna1"))
		a.expect(a.do("POST", "/api/app/devices", app, map[string]any{"token": "tok-x", "platform": "android"}), 200)
		var cats []int64
		if err := a.app.DB.NewRaw("SELECT id FROM categories").Scan(context.Background(), &cats); err != nil {
			t.Fatal(err)
		}
		var n notificationOut
		a.expect(a.do("POST", "/api/notifications", a.admin, map[string]any{"subject": "Naslov", "notification_text": "Tekst",
			"categories": cats}), 200).json(t, &n)
		if n.Devices != 1 || n.NotConfigured != 1 || n.Pending != 0 || n.Delivered != 0 {
			t.Fatalf("figures %+v", n)
		}
		var status map[string]bool
		a.expect(a.do("GET", "/api/notifications/status", a.admin, nil), 200).json(t, &status)
		if status["push_configured"] {
			t.Fatal("push says configured")
		}
	})
}

// A slider saved with its push on sends its text to its categories' partners with the
// slider's id in the data; an edit that keeps it on sends nothing more; 491 on a dead token.
func TestSliderSendsItsNotification(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), nil)
			p.fcm.KeepMessages(true)
			fields := sliderFields("Akcija bušilica", 2, p.world.alati)
			fields["notification_text"] = "Bušilice na akciji"
			var s struct {
				sliderOut
				Notification *notificationOut `json:"notification"`
			}
			p.expect(p.form("POST", "/api/sliders", p.admin, fields, map[string][]byte{"image": testJPEG(t, 120, 60)}), 201).json(t, &s)
			if s.Notification == nil || s.Notification.Delivered != 2 || s.Notification.SliderID == nil || *s.Notification.SliderID != s.ID {
				t.Fatalf("slider answer's notification %+v", s.Notification)
			}
			msgs := p.fcm.Messages()
			if len(msgs) != 2 {
				t.Fatalf("messages %+v", msgs)
			}
			for _, m := range msgs {
				if m.Title != "Akcija bušilica" || m.Body != "Bušilice na akciji" || m.Data["slider_id"] != fmt.Sprint(s.ID) {
					t.Fatalf("message %+v", m)
				}
			}

			// An edit that keeps the push on sends nothing more.
			path := fmt.Sprintf("/api/sliders/%d", s.ID)
			fields["name"] = "Akcija bušilica i brusilica"
			p.expect(p.form("POST", path, p.admin, fields, nil, version(s.Version)...), 200).json(t, &s)
			if s.Notification != nil || len(p.fcm.Messages()) != 2 || p.count("SELECT count(*) FROM notifications") != 1 {
				t.Fatalf("an edit that kept the push on sent again: %+v", s.Notification)
			}
			// Off, then on again: it sends; a dead token makes it 491, the slider saved.
			fields["push_notification"] = "0"
			p.expect(p.form("POST", path, p.admin, fields, nil, version(s.Version)...), 200).json(t, &s)
			p.fcm.Unregister("tok-a1")
			fields["push_notification"] = "1"
			r := p.expect(p.form("POST", path, p.admin, fields, nil, version(s.Version)...), 491)
			var body struct {
				Message      string          `json:"message"`
				Notification notificationOut `json:"notification"`
			}
			r.json(t, &body)
			if body.Notification.Failed != 1 || body.Notification.Delivered != 1 || body.Message == "" {
				t.Fatalf("491 body %s", r.body)
			}
			if got := p.slider(s.ID); !got.PushNotification || got.Version != s.Version+1 {
				t.Fatalf("the slider was not saved with its 491: %+v", got)
			}
			if p.count("SELECT count(*) FROM notifications WHERE slider_id IS NOT NULL") != 2 {
				t.Fatal("the second notification was not kept")
			}
		})
	}
}

// Stopping the workers (SIGTERM) while a message hangs at the provider gives its delivery
// back untried, due at once: the next start sends it, once; what was delivered stays so.
func TestPushShutdownMidSend(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), func(c *Config) { c.PushWait, c.PushTimeout = 500*time.Millisecond, 10*time.Second })
			p.fcm.Hang("tok-a1")
			n := p.send("Alati", []int64{p.world.alati}, 200)
			if n.Delivered != 1 || n.Pending != 1 {
				t.Fatalf("answer %+v", n)
			}
			start := time.Now()
			if err := p.workers.Stop(5 * time.Second); err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 3*time.Second {
				t.Fatalf("the stop waited %s for the hanging send", took)
			}
			var attempts int
			if err := p.app.DB.NewRaw("SELECT attempts FROM deliveries WHERE token = 'tok-a1'").Scan(context.Background(), &attempts); err != nil {
				t.Fatal(err)
			}
			if attempts != 0 || p.notification(n.ID).Pending != 1 {
				t.Fatalf("after the stop: attempts %d, %+v", attempts, p.notification(n.ID))
			}

			p.fcm.Unhang("tok-a1")
			again := StartWorkers(p.app.Log, p.app.Workers)
			defer func() { _ = again.Stop(5 * time.Second) }()
			if got := p.settled(n.ID, 10*time.Second); got.Delivered != 2 {
				t.Fatalf("after the restart %+v", got)
			}
			if p.fcm.Received("tok-a2") != 1 {
				t.Fatalf("tok-a2 received %d", p.fcm.Received("tok-a2"))
			}
		})
	}
}
