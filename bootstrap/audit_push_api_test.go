package bootstrap

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vitrina/adapters/persistence/dbtest"
)

// Push deliveries and devices on record (issue 21, ADR 0031 "Push deliveries and devices"):
// the app's registrations (startPushAPI registers through POST /api/app/devices) and a
// removal are the partner's, each delivery's outcome and a dead token's removal the
// system's, all on the partner's timeline as `push` and `device` beside its app sign-ins as
// `account`; the activity list filters them; no device token is written anywhere in the log.
func TestPushDeliveriesAndDevicesAreRecorded(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			p := startPushAPI(t, e.Open(t), nil) // 1001: tok-a1 (android), tok-a2 (ios)
			p.fcm.Unregister("tok-a2")
			n := p.send("Akcija alata", []int64{p.world.alati}, 491)
			if n = p.settled(n.ID, 30*time.Second); n.Delivered != 1 || n.Failed != 1 {
				t.Fatalf("figures %+v", n)
			}
			app := p.appLogin(partnerSignIn(1001, "tajna1"))
			p.expect(p.do("DELETE", "/api/app/devices/tok-a1", app, nil), 204)

			deliveries := p.eventsOf(t, "resource=deliveries")
			if len(deliveries) != 2 {
				t.Fatalf("delivery events %+v", deliveries)
			}
			states := map[string]activityEvent{}
			for _, d := range deliveries {
				_, state, _ := changeOf(d, "state")
				states[state] = d
				if d.Action != "send" || d.Actor.Kind != "system" || d.Actor.ID != nil {
					t.Fatalf("delivery event %+v", d)
				}
				under(t, d, "notifications", n.ID)
				hasChange(t, d, "state", "pending", state)
				hasChange(t, d, "attempts", "0", "1")
				p.onTimeline(t, 1001, d.ID, "push")
			}
			hasChange(t, states["delivered"], "platform", "android", "android")
			hasChange(t, states["failed"], "platform", "ios", "ios")
			hasChange(t, states["failed"], "reason", "<nil>", "UNREGISTERED")

			var devices []activityEvent
			for _, d := range p.eventsOf(t, "resource=devices&record_id=1001") {
				devices = append([]activityEvent{d}, devices...) // oldest first
			}
			type seen struct{ action, actor, platform string }
			var got []seen
			for _, d := range devices {
				from, to, _ := changeOf(d, "platform")
				platform := to
				if d.Action == "deactivate" {
					platform = from
				}
				got = append(got, seen{d.Action, d.Actor.Kind, platform})
				secret := false
				for _, c := range d.Changes {
					secret = secret || (c["field"] == "device_token" && c["changed"] == true && c["from"] == nil && c["to"] == nil)
				}
				if !secret {
					t.Fatalf("the device token is not a secret change: %+v", d.Changes)
				}
				p.onTimeline(t, 1001, d.ID, "device")
			}
			want := []seen{{"create", "partner", "android"}, {"create", "partner", "ios"}, {"deactivate", "system", "ios"}, {"deactivate", "partner", "android"}}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("1001's device events\n got %v\nwant %v", got, want)
			}

			var timeline []struct {
				Kind   string `json:"kind"`
				Action string `json:"action"`
			}
			p.expect(p.do("GET", "/api/partners/1001/timeline?page=1&per_page=100", p.admin, nil), 200).json(t, &timeline)
			signedIn := false
			for _, it := range timeline {
				signedIn = signedIn || (it.Kind == "account" && it.Action == "sign_in")
			}
			if !signedIn {
				t.Fatalf("no app sign-in on the timeline: %+v", timeline)
			}

			var leaked int
			if err := p.app.DB.NewRaw("SELECT count(*) FROM audit_events WHERE changes LIKE '%tok-%' OR search LIKE '%tok-%'").
				Scan(context.Background(), &leaked); err != nil || leaked != 0 {
				t.Fatalf("%d events hold a device token (%v)", leaked, err)
			}
			if events, _ := p.activity(t, p.admin, "page=1&per_page=100"); strings.Contains(fmt.Sprint(events), "tok-") {
				t.Fatal("a device token in the activity list")
			}
		})
	}
}
