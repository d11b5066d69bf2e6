// Package contentports declares what the content context needs from the outside world: its
// repository, its list screens, the partners' app's read of sliders and the narrow ports
// through which it asks other contexts. Import it as contentports.
package contentports

import (
	"context"
	"time"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// SliderRepository loads and saves sliders and what partners hold of them.
type SliderRepository interface {
	// Add stores a new slider with its categories and dates and assigns its id.
	Add(ctx context.Context, s *content.Slider) error
	// Update loads the slider and what partners hold of it, applies fn and saves the
	// result in one transaction that keeps sign-ups and orders of the slider out meanwhile;
	// a slider no longer at the expected version (kernel.AnyVersion skips the check) is
	// kernel.ErrStale, a missing one kernel.KindNotFound.
	Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*content.Slider, content.Usage) error) (*content.Slider, error)
	// Participate loads the slider, lets fn decide the partner's participation and saves
	// it, in one transaction that keeps edits of the slider out meanwhile: it replaces the
	// partner's earlier sign-up or order, and none withdraws it. A sign-up whose days
	// change is no longer confirmed. A missing slider is kernel.KindNotFound.
	Participate(ctx context.Context, sliderID, partnerID kernel.ID, now time.Time, fn func(*content.Slider) (content.Participation, error)) error
	// SignedUp tells which of partners have signed up to the slider.
	SignedUp(ctx context.Context, sliderID kernel.ID, partners []kernel.ID) (map[kernel.ID]bool, error)
	// Confirm marks the sign-ups of partners to the slider confirmed and counts them.
	Confirm(ctx context.Context, sliderID kernel.ID, partners []kernel.ID, now time.Time) (int, error)
}

// Ref is an id and a name.
type Ref struct {
	ID   int64
	Name string
}

// SliderView is a slider as the panel shows it. Dates are YYYY-MM-DD; Wysiwyg is "" when
// the slider has no extra image.
type SliderView struct {
	ID               int64
	Name             string
	Type             content.Type
	Image            string
	Wysiwyg          string
	PageContent      string
	PushNotification bool
	NotificationText string
	Dates            []string
	StartDate        *string
	EndDate          *string
	Categories       []Ref
	IsVisible        bool
	IsActive         bool
	UpdatedAt        time.Time
	Version          kernel.Version
	// What partners hold of it: sign-ups, orders and the quantity ordered in all.
	SignUps         int
	Orders          int
	OrderedQuantity int64
	// Notification is, on a save's answer alone, the notification the save sent.
	Notification *NotificationView
}

// CategoryNames are the slider's category names as one text, in order.
func (v SliderView) CategoryNames() string { return joinNames(v.Categories) }

func joinNames(refs []Ref) string {
	s := ""
	for i, r := range refs {
		if i > 0 {
			s += ", "
		}
		s += r.Name
	}
	return s
}

// SliderPartnerView is a partner who signed up to or ordered from a slider.
type SliderPartnerView struct {
	PartnerID     int64
	Name          string
	CategoryNames string
	Dates         []string
	Quantity      int64
	Confirmed     bool
}

// SliderPartnerLister is the partners of sliders, a list of the one mechanism scoped by
// "slider_id", with the total quantity of what a query matches.
type SliderPartnerLister interface {
	ports.Lister[SliderPartnerView]
	// TotalQuantity sums the quantity over every row q matches, whatever its page.
	TotalQuantity(ctx context.Context, q ports.ListQuery) (int64, error)
}

// ContentLists are the content context's list screens.
type ContentLists struct {
	Sliders ports.Lister[SliderView]
	// SliderPartners must be scoped to one slider ("slider_id").
	SliderPartners SliderPartnerLister
}

// PartnerSliderView is a slider as a partner's app shows it, with the partner's own
// sign-up days and confirmation, and order quantity.
type PartnerSliderView struct {
	ID          int64
	Name        string
	Type        content.Type
	Image       string
	Wysiwyg     string
	PageContent string
	StartDate   *string
	EndDate     *string
	// Dates are the seminar's days from the query's day on.
	Dates       []string
	UpdatedAt   time.Time
	MyDates     []string
	MyConfirmed bool
	MyQuantity  int64
}

// ShownQuery asks for the sliders shown on a day to a partner in some categories: active,
// visible, inside their window and in one of the categories.
type ShownQuery struct {
	PartnerID  kernel.ID
	Categories []kernel.ID
	Today      content.Date
	// SliderID, when not 0, narrows the answer to that slider.
	SliderID kernel.ID
}

// PartnerSliders is the app's read of sliders.
type PartnerSliders interface {
	// Shown lists the sliders q asks for, newest first.
	Shown(ctx context.Context, q ShownQuery) ([]PartnerSliderView, error)
}

// Partners is what the content context asks the partner context: the categories an active
// partner is in (none for an unknown or inactive one). The content context owns the
// question; an adapter answers it from the partners' records.
type Partners interface {
	PartnerCategories(ctx context.Context, partnerID kernel.ID) ([]kernel.ID, error)
}

// Catalog is what the content context asks the catalog: which of the chosen categories do
// not exist.
type Catalog interface {
	MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error)
}

// DeviceRepository keeps partners' devices (issue 13).
type DeviceRepository interface {
	// Register gives the token to the partner (moving it from another partner if need be),
	// with its platform, as registered at now, and drops the partner's oldest devices past
	// content.MaxDevicesPerPartner, in one transaction, which also records each device that
	// came, changed platform or went in the audit log (ADR 0031, never the token itself).
	Register(ctx context.Context, partnerID kernel.ID, d content.Device, now time.Time) error
	// Remove forgets the partner's device with the token and records it; none is
	// kernel.KindNotFound.
	Remove(ctx context.Context, partnerID kernel.ID, token string) error
	// Count tells how many devices the partner has.
	Count(ctx context.Context, partnerID kernel.ID) (int, error)
}

// NotificationView is a notification as the panel lists it, with its delivery figures.
type NotificationView struct {
	ID         int64
	Subject    string
	Text       string
	Categories []Ref
	// SliderID is the slider the notification announces; nil for one staff wrote.
	SliderID  *int64
	SentBy    *string
	CreatedAt time.Time
	// Devices is how many deliveries it made; Attempted how many of them had their first
	// attempt (or need none); the rest count them by final state.
	Devices       int64
	Attempted     int64
	Delivered     int64
	Failed        int64
	NotConfigured int64
}

// Pending is how many deliveries are still to be sent.
func (v NotificationView) Pending() int64 {
	return v.Devices - v.Delivered - v.Failed - v.NotConfigured
}

// CategoryNames are the notification's category names as one text, in order.
func (v NotificationView) CategoryNames() string { return joinNames(v.Categories) }

// DeliveryView is one delivery of a notification as the panel shows it: never its token.
type DeliveryView struct {
	ID          int64
	PartnerID   int64
	PartnerName string
	Platform    string
	State       content.DeliveryState
	Attempts    int
	Reason      string
	UpdatedAt   time.Time
}

// NotificationLists are the push notifications screen's lists.
type NotificationLists struct {
	Notifications ports.Lister[NotificationView]
	// Deliveries must be scoped to one notification ("notification_id").
	Deliveries ports.Lister[DeliveryView]
}

// Claimed is a delivery the sender took: leased to it until the lease ends, when it is due
// again unless recorded.
type Claimed struct {
	ID             kernel.ID
	NotificationID kernel.ID
	Token          string
	// Attempts are those made before this one.
	Attempts int
}

// Message is what a notification's deliveries carry.
type Message struct {
	Subject  string
	Text     string
	SliderID kernel.ID
}

// Recorded is the outcome of an attempt at a claimed delivery.
type Recorded struct {
	Claimed
	content.Attempt
	Reason string
	// Released gives the delivery back untried (the sender stopped): due at once, no attempt
	// counted.
	Released bool
}

// Reach is how many partners and devices a notification to some categories would reach.
type Reach struct {
	Partners int64
	Devices  int64
}

// Outbox is the notifications' delivery queue (ADR 0022).
type Outbox interface {
	// Enqueue stores the notification, its categories, and one delivery per registered
	// device of the active partners in its categories (content.Targets), in the transaction
	// of ctx or its own: pending and due at now when configured, else not_configured. It
	// answers the notification's id.
	Enqueue(ctx context.Context, n content.Notification, sentBy kernel.ID, configured bool) (kernel.ID, error)
	// Reach counts what Enqueue would target for categories now: the active partners in
	// them and those partners' registered devices (one delivery each).
	Reach(ctx context.Context, categories []kernel.ID) (Reach, error)
	// Claim leases up to limit pending deliveries due at now until now+lease, the earliest
	// due first; another claimer skips them meanwhile.
	Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Claimed, error)
	// Messages reads what the notifications of ids carry.
	Messages(ctx context.Context, ids []kernel.ID) (map[kernel.ID]Message, error)
	// Record saves outcomes in one transaction: each delivery still pending at the attempts
	// it was claimed with moves to its new state, the notifications' figures follow, and
	// the dead tokens' devices are removed; each final outcome and each removed device is
	// recorded in the audit log in that transaction (ADR 0031; retries are not). A delivery
	// another claimer moved meanwhile is left as it is and records nothing.
	Record(ctx context.Context, outcomes []Recorded, now time.Time) error
	// NextDue is when the earliest pending delivery is due; ok is false when none is.
	NextDue(ctx context.Context) (at time.Time, ok bool, err error)
}
