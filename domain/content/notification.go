package content

import (
	"math/rand/v2"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Limits of push notifications and the devices they go to (issue 13).
const (
	// MaxSubjectLength bounds a notification's subject, in characters.
	MaxSubjectLength = kernel.MaxNameLength
	// MaxDevicesPerPartner is how many devices a partner keeps: a newer one drops the oldest.
	MaxDevicesPerPartner = 20
	// MaxTokenLength bounds a device token (FCM registration tokens are about 160 bytes; a
	// PostgreSQL index entry holds at most about 2,700).
	MaxTokenLength = 1024
)

// NotificationInput is a notification as staff write it.
type NotificationInput struct {
	Subject    string
	Text       string
	Categories []kernel.ID
}

// Notification is a push message to the active partners of some categories. It is written
// once and never edited or removed (spec §2).
type Notification struct {
	Subject    string
	Text       string
	Categories []kernel.ID
	// SliderID names the slider a notification announces (0 for one staff wrote).
	SliderID  kernel.ID
	CreatedAt time.Time
}

// NotificationCategories checks the categories a notification targets, as NewNotification
// does: at least one, at most MaxCategories, each named once (the reach of an add not yet
// sent is asked with them, issue 20).
func NotificationCategories(ids []kernel.ID) ([]kernel.ID, error) {
	var v kernel.Validation
	categories := uniqueIDs(ids)
	switch {
	case len(categories) == 0:
		v.Merge(ErrNoCategory)
	case len(categories) > MaxCategories:
		v.Add("categories", "The categories may not have more than 1000 items.")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return categories, nil
}

// NewNotification checks a notification: subject and text required, at least two
// characters within their limits, the subject one line, the text one or more; at least one
// category, each named once.
func NewNotification(in NotificationInput, now time.Time) (Notification, error) {
	var v kernel.Validation
	v.RequiredText("subject", in.Subject, MaxSubjectLength)
	v.RequiredParagraph("notification_text", in.Text, MaxNotificationLength) // line breaks show on the phone
	categories := uniqueIDs(in.Categories)
	switch {
	case len(categories) == 0:
		v.Merge(ErrNoCategory)
	case len(categories) > MaxCategories:
		v.Add("categories", "The categories may not have more than 1000 items.")
	}
	if err := v.Err(); err != nil {
		return Notification{}, err
	}
	return Notification{Subject: strings.TrimSpace(in.Subject), Text: strings.TrimSpace(in.Text), Categories: categories, CreatedAt: now}, nil
}

// SliderNotification is the notification a slider saved with its push on sends: the
// slider's notification text to the partners of its categories, naming the slider so the
// app can open it. It is nil when the slider sends none: its type has no page, its push is
// off, or (on an edit) its push was on already.
func SliderNotification(s *Slider, sliderID kernel.ID, pushBefore bool, now time.Time) *Notification {
	if !s.typ.HasPage() || !s.push || pushBefore || strings.TrimSpace(s.text) == "" {
		return nil
	}
	return &Notification{Subject: s.name.String(), Text: s.text, Categories: append([]kernel.ID(nil), s.categories...), SliderID: sliderID, CreatedAt: now}
}

func uniqueIDs(ids []kernel.ID) []kernel.ID {
	seen := make(map[kernel.ID]bool, len(ids))
	out := make([]kernel.ID, 0, len(ids))
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Recipient is a partner as target selection sees it.
type Recipient struct {
	Active     bool
	Categories []kernel.ID
}

// Targets tells whether a notification for categories goes to the partner: an active partner
// in at least one of them. The store selects by the same rule in SQL (its tests hold the two
// together).
func Targets(categories []kernel.ID, r Recipient) bool {
	if !r.Active {
		return false
	}
	for _, c := range r.Categories {
		for _, want := range categories {
			if c == want {
				return true
			}
		}
	}
	return false
}

// Platform is the kind of a partner's device.
type Platform string

// The platforms a device registers as.
const (
	Android Platform = "android"
	IOS     Platform = "ios"
	Web     Platform = "web"
)

// Device is a partner's registered device: its push token and platform.
type Device struct {
	Token    string
	Platform Platform
}

// NewDevice checks a device registration: a token of printable characters within
// MaxTokenLength, and one of the three platforms.
func NewDevice(token, platform string) (Device, error) {
	var v kernel.Validation
	token = strings.TrimSpace(token)
	if v.Required("token", token) && len(token) > MaxTokenLength {
		v.Add("token", "The token may not be greater than 1024 characters.")
	} else if token != "" && strings.ContainsFunc(token, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		v.Add("token", "The token is invalid.")
	}
	p := Platform(strings.ToLower(strings.TrimSpace(platform)))
	if p != Android && p != IOS && p != Web {
		v.Add("platform", "The platform must be android, ios or web.")
	}
	if err := v.Err(); err != nil {
		return Device{}, err
	}
	return Device{Token: token, Platform: p}, nil
}

// DeliveryState is where one delivery (a notification to one device) stands.
type DeliveryState string

// The states of a delivery. Pending is the only one that changes: to delivered, failed, or
// pending again with its next attempt later; not_configured is final (no push provider).
const (
	Pending       DeliveryState = "pending"
	Delivered     DeliveryState = "delivered"
	Failed        DeliveryState = "failed"
	NotConfigured DeliveryState = "not_configured"
)

// Outcome is what one attempt to send a delivery came to, as the push provider answered.
type Outcome int

const (
	// Sent: the provider took the message.
	Sent Outcome = iota
	// Transient: try again later (HTTP 429, 5xx, a timeout, a broken connection).
	Transient
	// Permanent: the token is dead (unregistered, invalid, another sender's): never again.
	Permanent
)

// Retry policy of transient failures.
const (
	// MaxAttempts is how many attempts a delivery gets before it fails for good.
	MaxAttempts = 8
	// BaseBackoff is the wait after the first transient failure; it doubles each time.
	BaseBackoff = 2 * time.Second
	// MaxBackoff bounds a wait, the provider's Retry-After included.
	MaxBackoff = 10 * time.Minute
)

// Attempt is the state a delivery moves to after an attempt, and when its next attempt is
// due (zero unless it stays pending).
type Attempt struct {
	State  DeliveryState
	NextAt time.Time
	// DropToken is true when the token is dead and the device is to be forgotten.
	DropToken bool
}

// ErrNotPending is the refusal to record an attempt of a delivery that is no longer pending:
// a delivered message is never sent again.
var ErrNotPending = kernel.NewError(kernel.KindInvalid, "delivery-not-pending", "The delivery is not pending.")

// NextState applies an attempt's outcome to a pending delivery that had made attempts
// before it (this one is attempts+1). A transient failure waits with exponential backoff and
// full jitter (rnd in [0, 1)), at least as long as the provider's retryAfter, at most
// MaxBackoff; past MaxAttempts it fails.
func NextState(current DeliveryState, attempts int, outcome Outcome, retryAfter time.Duration, rnd float64, now time.Time) (Attempt, error) {
	if current != Pending {
		return Attempt{}, ErrNotPending
	}
	switch outcome {
	case Sent:
		return Attempt{State: Delivered}, nil
	case Permanent:
		return Attempt{State: Failed, DropToken: true}, nil
	}
	if attempts+1 >= MaxAttempts {
		return Attempt{State: Failed}, nil
	}
	return Attempt{State: Pending, NextAt: now.Add(Backoff(attempts, retryAfter, rnd))}, nil
}

// Backoff is the wait after the attempts-th transient failure (0 for the first): a random
// share rnd of BaseBackoff·2^attempts, never below retryAfter, never above MaxBackoff.
func Backoff(attempts int, retryAfter time.Duration, rnd float64) time.Duration {
	ceiling := MaxBackoff
	if attempts < 20 {
		ceiling = min(MaxBackoff, BaseBackoff<<attempts)
	}
	wait := time.Duration(rnd * float64(ceiling))
	wait = max(wait, retryAfter, time.Second/10)
	return min(wait, MaxBackoff)
}

// Jitter is the random share Backoff takes, in [0, 1).
func Jitter() float64 { return rand.Float64() }
