// Package content holds the rules of what partners see in their app: sliders (a banner, a
// promotion page with orders, a seminar with dates and sign-ups) and their publishing.
package content

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Type is the kind of a slider (spec §3).
type Type int

const (
	Slika     Type = 1 // a banner
	Promocija Type = 2 // a promotion page partners order from
	Seminar   Type = 3 // a seminar page partners sign up to, on its dates
)

// valid tells whether t is one of the three kinds.
func (t Type) valid() bool { return t >= Slika && t <= Seminar }

// HasPage tells whether the kind has a page: the extra image, the rich content and a push.
func (t Type) HasPage() bool { return t == Promocija || t == Seminar }

// Limits of a slider's fields (ADR 0012, ADR 0018).
const (
	// MaxPageContentBytes bounds the rich content, both as typed (before the sanitiser
	// reads it) and as kept.
	MaxPageContentBytes = 200_000
	// MaxNotificationLength is the longest push text, in characters.
	MaxNotificationLength = kernel.MaxNameLength
	// MaxDates is the most dates a seminar has.
	MaxDates = 100
	// MaxCategories is the most categories a slider names.
	MaxCategories = 1000
	// MaxQuantity is the largest quantity one partner orders.
	MaxQuantity = 1_000_000
)

// Errors of the slider rules.
var (
	ErrNoCategory = kernel.FieldError("categories", "You must choose at least one category.")
	// ErrBadDates is 436: an end date not after the start date, a seminar date before
	// today, or a sign-up for a day the seminar does not have or that has passed.
	ErrBadDates = kernel.NewError(kernel.KindBadDates, "invalid-dates", "Invalid dates.")
	// ErrHasPartners is 435: the type of a slider with sign-ups or orders does not change,
	// and a seminar date someone signed up for is not removed.
	ErrHasPartners = kernel.NewError(kernel.KindForbiddenInUse, "slider-has-partners", "The slider contains partners.")
	// The visibility toggle's refusals (422 with a message).
	ErrShowInactive    = kernel.NewError(kernel.KindInvalid, "slider-inactive", "An inactive slider cannot be shown.")
	ErrShowPastSeminar = kernel.NewError(kernel.KindInvalid, "seminar-past", "A seminar whose dates are all past cannot be shown.")
	// A sign-up goes to a seminar, an order to a promotion (422).
	ErrNotSeminar   = kernel.NewError(kernel.KindInvalid, "not-a-seminar", "Only a seminar takes sign-ups.")
	ErrNotPromotion = kernel.NewError(kernel.KindInvalid, "not-a-promotion", "Only a promotion takes orders.")
)

// Input is the slider form. The transport reads the multipart fields into it as typed: the
// type is 0 when none was sent and negative when it was not a number, the dates are the
// JSON list's texts. PageContent is the sanitiser's output (the service cleans the typed
// HTML first); Image and Wysiwyg are names the image store gave, "" for none sent.
type Input struct {
	Name             string
	Type             Type
	Image            string
	Wysiwyg          string
	PageContent      string
	PushNotification bool
	NotificationText string
	CategoryIDs      []kernel.ID
	Dates            []string
	StartDate        string
	EndDate          string
	// RemoveWysiwyg drops the stored extra image (the form's "remove the old image").
	RemoveWysiwyg bool
}

// validated is an input whose every field passed, reduced to what its type uses.
type validated struct {
	name       kernel.Name
	typ        Type
	push       bool
	text       string
	content    string
	categories []kernel.ID
	dates      []Date
	start, end *Date
}

// CheckPageContent checks rich content as typed, before anything parses it: valid UTF-8
// without control characters but line breaks and tabs, at most MaxPageContentBytes.
func CheckPageContent(html string) error {
	var v kernel.Validation
	checkPageContent(&v, html)
	return v.Err()
}

func checkPageContent(v *kernel.Validation, html string) {
	if !kernel.CleanText(html, true) {
		v.Add("page_content", "The page content contains characters that are not allowed.")
	} else if len(html) > MaxPageContentBytes {
		v.Add("page_content", "The page content may not be greater than "+strconv.Itoa(MaxPageContentBytes)+" bytes.")
	}
}

// Check answers the form's field errors (422), every field at once, then the window's 436,
// without a slider: what the service asks before it stores any image. On add the banner is
// required and the seminar's dates are checked against today too.
func Check(in Input, creating, hasImage bool, today Date) error {
	val, err := in.validate(creating)
	if creating && !hasImage {
		var v kernel.Validation
		v.Merge(err)
		v.Add("image", "The image field is required.")
		return v.Err()
	}
	if err != nil {
		return err
	}
	if creating {
		return val.checkDates(nil, today)
	}
	return val.checkWindow()
}

func (in Input) validate(creating bool) (validated, error) {
	var v kernel.Validation
	var out validated
	name, err := kernel.NewName("name", in.Name)
	v.Merge(err)
	out.name, out.typ = name, in.Type
	switch {
	case in.Type == 0:
		v.Add("type", "The type field is required.")
	case !in.Type.valid():
		v.Add("type", "The selected type is invalid.")
	}
	seen := map[kernel.ID]bool{}
	for _, c := range in.CategoryIDs {
		if c > 0 && !seen[c] {
			seen[c] = true
			out.categories = append(out.categories, c)
		}
	}
	switch {
	case len(out.categories) == 0:
		v.Merge(ErrNoCategory)
	case len(out.categories) > MaxCategories:
		v.Add("categories", "The categories may not have more than "+strconv.Itoa(MaxCategories)+" items.")
	}
	out.start = parseOptionalDate(&v, "start_date", in.StartDate)
	out.end = parseOptionalDate(&v, "end_date", in.EndDate)
	if in.Type.HasPage() {
		out.push = in.PushNotification
		out.text = strings.TrimSpace(in.NotificationText)
		if out.push {
			v.RequiredText("notification_text", in.NotificationText, MaxNotificationLength)
		} else {
			v.Text("notification_text", in.NotificationText, MaxNotificationLength)
		}
		checkPageContent(&v, in.PageContent)
		out.content = in.PageContent
	}
	if in.Type == Seminar {
		out.dates = parseDates(&v, in.Dates)
		if creating && len(in.Dates) == 0 {
			v.Add("dates", "The dates field is required.")
		}
	}
	return out, v.Err()
}

// parseOptionalDate reads a window date: "" for none.
func parseOptionalDate(v *kernel.Validation, field, s string) *Date {
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		return nil
	}
	d, ok := ParseDate(s)
	if !ok {
		v.Add(field, "The "+strings.ReplaceAll(field, "_", " ")+" does not match the format YYYY-MM-DD.")
		return nil
	}
	return &d
}

// parseDates reads a seminar's dates: each a day, at most MaxDates, returned sorted once each.
func parseDates(v *kernel.Validation, texts []string) []Date {
	if len(texts) > MaxDates {
		v.Add("dates", "The dates may not have more than "+strconv.Itoa(MaxDates)+" items.")
		return nil
	}
	out := make([]Date, 0, len(texts))
	for _, s := range texts {
		d, ok := ParseDate(strings.TrimSpace(s))
		if !ok {
			v.Add("dates", "The dates must be dates in the format YYYY-MM-DD.")
			return nil
		}
		out = append(out, d)
	}
	return sortedDates(out)
}

// sortedDates is dates in order, each once.
func sortedDates(dates []Date) []Date {
	out := slices.Clone(dates)
	slices.SortFunc(out, func(a, b Date) int { return strings.Compare(a.iso, b.iso) })
	return slices.Compact(out)
}

// checkWindow is 436 for an end date that is not after the start date.
func (val validated) checkWindow() error {
	if val.start != nil && val.end != nil && !val.start.Before(*val.end) {
		return ErrBadDates
	}
	return nil
}

// checkDates is checkWindow and, for a seminar, 436 for a date before today that is not one
// of kept (the slider's own past days, which an edit keeps as they are).
func (val validated) checkDates(kept []Date, today Date) error {
	if err := val.checkWindow(); err != nil {
		return err
	}
	for _, d := range val.dates {
		if d.Before(today) && !slices.Contains(kept, d) {
			return ErrBadDates
		}
	}
	return nil
}

// Usage is what partners hold of a slider, which an edit must respect.
type Usage struct {
	// Partners counts the sign-ups and orders.
	Partners int
	// SignedUpDates are the days any partner signed up for.
	SignedUpDates []Date
}

// Slider is a banner or page shown to the partners of its categories in their app.
type Slider struct {
	id          kernel.ID
	name        kernel.Name
	typ         Type
	image       string
	wysiwyg     string
	pageContent string
	push        bool
	text        string
	categories  []kernel.ID
	dates       []Date
	start, end  *Date
	visible     bool
	activation  kernel.Activation
	updatedAt   time.Time
}

// New validates a new slider: active and shown (visible) from the start of its window.
func New(in Input, today Date, now time.Time) (*Slider, error) {
	if err := Check(in, true, in.Image != "", today); err != nil {
		return nil, err
	}
	val, _ := in.validate(true)
	s := &Slider{image: in.Image, visible: true, activation: kernel.Active()}
	s.apply(in, val, now)
	return s, nil
}

// apply keeps what the type uses and drops the rest.
func (s *Slider) apply(in Input, val validated, now time.Time) {
	s.name, s.typ, s.categories, s.start, s.end = val.name, val.typ, val.categories, val.start, val.end
	if in.Image != "" {
		s.image = in.Image
	}
	if in.Wysiwyg != "" {
		s.wysiwyg = in.Wysiwyg
	} else if in.RemoveWysiwyg {
		s.wysiwyg = ""
	}
	s.pageContent, s.push, s.text, s.dates = val.content, val.push, val.text, val.dates
	if !val.typ.HasPage() {
		s.wysiwyg = ""
	}
	if val.typ != Seminar {
		s.dates = nil
	}
	s.updatedAt = now
}

// Edit applies the form to the slider, given what partners hold of it. The seminar's days
// before today are history: the form (whose picker offers no past day) edits the days from
// today on, and the past ones stay. It returns the stored images the slider no longer uses
// (a replaced banner, a replaced, removed or dropped extra image), for the caller to delete.
func (s *Slider) Edit(in Input, usage Usage, today Date, now time.Time) (unused []string, err error) {
	val, err := in.validate(false)
	if err != nil {
		return nil, err
	}
	if val.typ != s.typ && usage.Partners > 0 {
		return nil, ErrHasPartners
	}
	var past []Date
	if val.typ == Seminar && s.typ == Seminar {
		for _, d := range s.dates {
			if d.Before(today) {
				past = append(past, d)
			}
		}
	}
	if err := val.checkDates(past, today); err != nil {
		return nil, err
	}
	if val.typ == Seminar {
		val.dates = sortedDates(append(val.dates, past...))
		if len(val.dates) == 0 {
			return nil, kernel.FieldError("dates", "The dates field is required.")
		}
		for _, d := range usage.SignedUpDates {
			if !slices.Contains(val.dates, d) {
				return nil, ErrHasPartners
			}
		}
	}
	oldImage, oldWysiwyg := s.image, s.wysiwyg
	s.apply(in, val, now)
	if s.image != oldImage {
		unused = append(unused, oldImage)
	}
	if oldWysiwyg != "" && s.wysiwyg != oldWysiwyg {
		unused = append(unused, oldWysiwyg)
	}
	return unused, nil
}

// ToggleActive deactivates or reactivates the slider; always allowed.
func (s *Slider) ToggleActive(now time.Time) {
	s.activation, s.updatedAt = s.activation.Toggled(), now
}

// ToggleVisible hides the slider, or shows it when it can be shown: active, and for a
// seminar with a day from today on.
func (s *Slider) ToggleVisible(today Date, now time.Time) error {
	if !s.visible {
		if !s.activation.IsActive() {
			return ErrShowInactive
		}
		if s.typ == Seminar && len(s.AvailableDates(today)) == 0 {
			return ErrShowPastSeminar
		}
	}
	s.visible, s.updatedAt = !s.visible, now
	return nil
}

// Shown tells whether partners see the slider on the day: active, visible and inside its
// publishing window (both ends included).
func (s *Slider) Shown(today Date) bool {
	return s.activation.IsActive() && s.visible && (s.start == nil || !today.Before(*s.start)) &&
		(s.end == nil || !s.end.Before(today))
}

// ShownTo tells whether a partner in the categories sees the slider on the day.
func (s *Slider) ShownTo(categories []kernel.ID, today Date) bool {
	if !s.Shown(today) {
		return false
	}
	for _, c := range s.categories {
		if slices.Contains(categories, c) {
			return true
		}
	}
	return false
}

// AvailableDates are the seminar's days from today on.
func (s *Slider) AvailableDates(today Date) []Date {
	var out []Date
	for _, d := range s.dates {
		if !d.Before(today) {
			out = append(out, d)
		}
	}
	return out
}

// Participation is what one partner holds of a slider: the days of a seminar sign-up, or
// the quantity of a promotion order. The zero Participation is none (a withdrawal).
type Participation struct {
	Dates    []Date
	Quantity int64
}

// None tells whether the participation withdraws.
func (p Participation) None() bool { return len(p.Dates) == 0 && p.Quantity == 0 }

// SignUp is a partner's sign-up to the seminar for the days typed (YYYY-MM-DD): only its
// own days, none past (436). It replaces the partner's earlier sign-up; no day withdraws.
func (s *Slider) SignUp(days []string, today Date) (Participation, error) {
	var v kernel.Validation
	dates := parseDates(&v, days)
	if err := v.Err(); err != nil {
		return Participation{}, err
	}
	if s.typ != Seminar {
		return Participation{}, ErrNotSeminar
	}
	for _, d := range dates {
		if d.Before(today) || !slices.Contains(s.dates, d) {
			return Participation{}, ErrBadDates
		}
	}
	return Participation{Dates: dates}, nil
}

// ParseQuantity reads a typed order quantity: a whole number from 0 to MaxQuantity.
func ParseQuantity(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, kernel.FieldError("quantity", "The quantity field is required.")
	}
	if digits := strings.TrimPrefix(s, "-"); digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, kernel.FieldError("quantity", "The quantity must be an integer.")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > MaxQuantity {
		return 0, errQuantityRange
	}
	return n, nil
}

var errQuantityRange = kernel.FieldError("quantity", "The quantity must be between 0 and "+strconv.Itoa(MaxQuantity)+".")

// Order is a partner's order of the promotion: a quantity from ParseQuantity. It replaces
// the partner's earlier order; 0 withdraws.
func (s *Slider) Order(quantity int64) (Participation, error) {
	if s.typ != Promocija {
		return Participation{}, ErrNotPromotion
	}
	if quantity < 0 || quantity > MaxQuantity {
		return Participation{}, errQuantityRange
	}
	return Participation{Quantity: quantity}, nil
}

func (s *Slider) ID() kernel.ID            { return s.id }
func (s *Slider) Name() string             { return s.name.String() }
func (s *Slider) Type() Type               { return s.typ }
func (s *Slider) Image() string            { return s.image }
func (s *Slider) Wysiwyg() string          { return s.wysiwyg }
func (s *Slider) PageContent() string      { return s.pageContent }
func (s *Slider) PushNotification() bool   { return s.push }
func (s *Slider) NotificationText() string { return s.text }
func (s *Slider) Categories() []kernel.ID  { return slices.Clone(s.categories) }

// WithCategory adds category c to the slider's categories (add) or takes it out, for a bulk
// action on many sliders (issue 25): changed is false when the slider already was so; a
// slider keeps at least one category and at most MaxCategories, as on the form.
func (s *Slider) WithCategory(c kernel.ID, add bool, now time.Time) (changed bool, err error) {
	next, changed := kernel.WithID(s.categories, c, add)
	switch {
	case !changed:
		return false, nil
	case len(next) == 0:
		return false, ErrNoCategory
	case len(next) > MaxCategories:
		return false, kernel.FieldError("categories", "The categories may not have more than "+strconv.Itoa(MaxCategories)+" items.")
	}
	s.categories, s.updatedAt = next, now
	return true, nil
}
func (s *Slider) Dates() []Date         { return slices.Clone(s.dates) }
func (s *Slider) StartDate() *Date      { return s.start }
func (s *Slider) EndDate() *Date        { return s.end }
func (s *Slider) IsVisible() bool       { return s.visible }
func (s *Slider) IsActive() bool        { return s.activation.IsActive() }
func (s *Slider) UpdatedAt() time.Time  { return s.updatedAt }
func (s *Slider) AssignID(id kernel.ID) { s.id = id }

// State is a slider as storage keeps it.
type State struct {
	ID               kernel.ID
	Name             string
	Type             Type
	Image, Wysiwyg   string
	PageContent      string
	PushNotification bool
	NotificationText string
	Categories       []kernel.ID
	Dates            []Date
	Start, End       *Date
	Visible, Active  bool
	UpdatedAt        time.Time
}

// State is the slider as storage keeps it.
func (s *Slider) State() State {
	return State{ID: s.id, Name: s.name.String(), Type: s.typ, Image: s.image, Wysiwyg: s.wysiwyg, PageContent: s.pageContent,
		PushNotification: s.push, NotificationText: s.text, Categories: s.Categories(), Dates: s.Dates(), Start: s.start, End: s.end,
		Visible: s.visible, Active: s.activation.IsActive(), UpdatedAt: s.updatedAt}
}

// Rehydrate rebuilds a stored slider; only repositories call it.
func Rehydrate(st State) *Slider {
	return &Slider{id: st.ID, name: kernel.Name(st.Name), typ: st.Type, image: st.Image, wysiwyg: st.Wysiwyg,
		pageContent: st.PageContent, push: st.PushNotification, text: st.NotificationText,
		categories: slices.Clone(st.Categories), dates: sortedDates(st.Dates), start: st.Start, end: st.End,
		visible: st.Visible, activation: kernel.ActivationOf(st.Active), updatedAt: st.UpdatedAt}
}
