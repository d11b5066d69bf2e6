package content

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vitrina/domain/kernel"
)

func TestNewNotification(t *testing.T) {
	ok := NotificationInput{Subject: " Zimska akcija ", Text: "Popusti do 30 %", Categories: []kernel.ID{3, 1, 3, 0}}
	n, err := NewNotification(ok, now)
	if err != nil {
		t.Fatal(err)
	}
	if n.Subject != "Zimska akcija" || !slices.Equal(n.Categories, []kernel.ID{3, 1}) || !n.CreatedAt.Equal(now) || n.SliderID != 0 {
		t.Fatalf("notification %+v", n)
	}
	cases := []struct {
		name   string
		edit   func(*NotificationInput)
		fields []string
	}{
		{"no subject", func(in *NotificationInput) { in.Subject = "  " }, []string{"subject"}},
		{"one-character subject", func(in *NotificationInput) { in.Subject = "A" }, []string{"subject"}},
		{"subject with a line break", func(in *NotificationInput) { in.Subject = "Zimska\nakcija" }, []string{"subject"}},
		{"subject too long", func(in *NotificationInput) { in.Subject = strings.Repeat("a", MaxSubjectLength+1) }, []string{"subject"}},
		{"no text", func(in *NotificationInput) { in.Text = "" }, []string{"notification_text"}},
		{"a NUL in the text", func(in *NotificationInput) { in.Text = "Akcija\x00" }, []string{"notification_text"}},
		{"lines in the text are fine", func(in *NotificationInput) { in.Text = "Zimska akcija\nDo kraja mjeseca" }, []string{}},
		{"no category", func(in *NotificationInput) { in.Categories = nil }, []string{"categories"}},
		{"only a bad category", func(in *NotificationInput) { in.Categories = []kernel.ID{0, -4} }, []string{"categories"}},
		{"too many categories", func(in *NotificationInput) {
			in.Categories = make([]kernel.ID, MaxCategories+1)
			for i := range in.Categories {
				in.Categories[i] = kernel.ID(i + 1)
			}
		}, []string{"categories"}},
		{"everything wrong", func(in *NotificationInput) { *in = NotificationInput{} }, []string{"categories", "notification_text", "subject"}},
	}
	for _, c := range cases {
		in := ok
		c.edit(&in)
		_, err := NewNotification(in, now)
		fields := fieldErrors(t, err)
		got := make([]string, 0, len(fields))
		for f := range fields {
			got = append(got, f)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.fields) {
			t.Errorf("%s: fields %v, want %v", c.name, fields, c.fields)
		}
	}
}

func TestSliderNotification(t *testing.T) {
	promo := newSlider(t, form(Promocija))
	n := SliderNotification(promo, 7, false, now)
	if n == nil || n.Subject != "Zimska akcija" || n.Text != "Nova akcija" || n.SliderID != 7 || !slices.Equal(n.Categories, []kernel.ID{1}) {
		t.Fatalf("a promotion with its push on: %+v", n)
	}
	if n := SliderNotification(promo, 7, true, now); n != nil {
		t.Fatalf("an edit that keeps the push on sends again: %+v", n)
	}
	off := form(Seminar)
	off.PushNotification, off.NotificationText = false, ""
	if n := SliderNotification(newSlider(t, off), 7, false, now); n != nil {
		t.Fatalf("a seminar with its push off sends: %+v", n)
	}
	banner := form(Slika)
	banner.PushNotification, banner.NotificationText = true, "Ne šalje se"
	if n := SliderNotification(newSlider(t, banner), 7, false, now); n != nil {
		t.Fatalf("a banner sends: %+v", n)
	}
}

func TestTargets(t *testing.T) {
	categories := []kernel.ID{2, 5}
	cases := []struct {
		name string
		r    Recipient
		want bool
	}{
		{"active, in one of them", Recipient{Active: true, Categories: []kernel.ID{1, 5}}, true},
		{"active, in both", Recipient{Active: true, Categories: []kernel.ID{2, 5}}, true},
		{"active, in none", Recipient{Active: true, Categories: []kernel.ID{1, 3}}, false},
		{"active, in no category at all", Recipient{Active: true}, false},
		{"inactive, in one of them", Recipient{Active: false, Categories: []kernel.ID{2}}, false},
	}
	for _, c := range cases {
		if got := Targets(categories, c.r); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNewDevice(t *testing.T) {
	d, err := NewDevice(" fcm-token:APA91b_x-1 ", "Android")
	if err != nil || d.Token != "fcm-token:APA91b_x-1" || d.Platform != Android {
		t.Fatalf("device %+v %v", d, err)
	}
	for _, c := range []struct{ token, platform, field string }{
		{"", "ios", "token"},
		{"a b", "ios", "token"},
		{"a\x00b", "ios", "token"},
		{strings.Repeat("t", MaxTokenLength+1), "web", "token"},
		{"tok", "windows", "platform"},
		{"tok", "", "platform"},
	} {
		_, err := NewDevice(c.token, c.platform)
		if fields := fieldErrors(t, err); len(fields[c.field]) == 0 {
			t.Errorf("token %.20q platform %q: %v, want a problem on %s", c.token, c.platform, fields, c.field)
		}
	}
}

func TestDeliveryTransitions(t *testing.T) {
	cases := []struct {
		name       string
		attempts   int
		outcome    Outcome
		retryAfter time.Duration
		rnd        float64
		want       Attempt
	}{
		{"sent", 0, Sent, 0, 0.5, Attempt{State: Delivered}},
		{"sent after retries", 5, Sent, 0, 0.5, Attempt{State: Delivered}},
		{"a dead token", 0, Permanent, 0, 0.5, Attempt{State: Failed, DropToken: true}},
		{"first transient failure waits up to 2 s", 0, Transient, 0, 0.5, Attempt{State: Pending, NextAt: now.Add(time.Second)}},
		{"the wait doubles", 3, Transient, 0, 0.5, Attempt{State: Pending, NextAt: now.Add(8 * time.Second)}},
		{"Retry-After is honoured", 0, Transient, 30 * time.Second, 0.5, Attempt{State: Pending, NextAt: now.Add(30 * time.Second)}},
		{"no wait under 100 ms", 0, Transient, 0, 0, Attempt{State: Pending, NextAt: now.Add(100 * time.Millisecond)}},
		{"a wait never passes 10 min", MaxAttempts - 2, Transient, time.Hour, 0.99, Attempt{State: Pending, NextAt: now.Add(MaxBackoff)}},
		{"the last attempt fails for good", MaxAttempts - 1, Transient, 0, 0.5, Attempt{State: Failed}},
	}
	for _, c := range cases {
		got, err := NextState(Pending, c.attempts, c.outcome, c.retryAfter, c.rnd, now)
		if err != nil || got.State != c.want.State || !got.NextAt.Equal(c.want.NextAt) || got.DropToken != c.want.DropToken {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, err, c.want)
		}
	}
	for _, s := range []DeliveryState{Delivered, Failed, NotConfigured} {
		if _, err := NextState(s, 0, Sent, 0, 0, now); err != ErrNotPending {
			t.Errorf("an attempt recorded on a %s delivery: %v", s, err)
		}
	}
	for attempts := range 40 {
		if w := Backoff(attempts, 0, 0.999); w > MaxBackoff || w < 0 {
			t.Fatalf("backoff after %d attempts: %v", attempts, w)
		}
	}
}
