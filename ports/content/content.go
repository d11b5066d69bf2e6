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
	// content.MaxDevicesPerPartner, in one transaction.
	Register(ctx context.Context, partnerID kernel.ID, d content.Device, now time.Time) error
	// Remove forgets the partner's device with the token; none is kernel.KindNotFound.
	Remove(ctx context.Context, partnerID kernel.ID, token string) error
	// Count tells how many devices the partner has.
	Count(ctx context.Context, partnerID kernel.ID) (int, error)
}
