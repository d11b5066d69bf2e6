// Package campaign holds the rules of campaigns: a campaign groups products, categories and
// partners, each partner has cash to spend in it, and partners order the campaign's products
// into its cart, whose items staff mark delivered (spec §3, §4, §5; ADR 0019).
package campaign

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Limits of a campaign's composition (ADR 0012, ADR 0019).
const (
	// MaxQuantity is the largest quantity of one cart item.
	MaxQuantity = 1_000_000
	// MaxBatch is the most ids one add or one composition save names per kind.
	MaxBatch = 200_000
)

// Errors of the campaign rules.
var (
	// ErrHasCart is 435: a product or a partner with cart items stays in the campaign.
	ErrHasCart = kernel.NewError(kernel.KindForbiddenInUse, "campaign-has-cart", "The campaign contains cart items.")
	// ErrNotShown is the partner's answer for a campaign it may not see (404).
	ErrNotShown = kernel.NotFound("campaign")
	// ErrPartnerOutside is 422: a partner in none of the campaign's categories.
	ErrPartnerOutside = kernel.FieldError("partners", "The selected partners are not in the campaign's categories.")
	// ErrProductOutside is 422: an order of a product the campaign does not hold.
	ErrProductOutside = kernel.FieldError("product_id", "The selected product is invalid.")
	// ErrDelivered is 422: a delivered item is not withdrawn.
	ErrDelivered = kernel.NewError(kernel.KindInvalid, "cart-item-delivered", "A delivered item cannot be withdrawn.")
)

// Input is the campaign form; Image is the name the image store gave, "" for none sent.
type Input struct {
	Name        string
	Description string
	Image       string
}

// Check answers the form's field errors (422), every field at once, before any image is
// stored: name and description of two characters or more; the image is required on add.
func Check(in Input, creating, hasImage bool) error {
	var v kernel.Validation
	_, err := kernel.NewName("name", in.Name)
	v.Merge(err)
	v.RequiredParagraph("description", in.Description, kernel.MaxDescriptionLength)
	if creating && !hasImage {
		v.Add("image", "The image field is required.")
	}
	return v.Err()
}

// Campaign is the campaign record itself; its composition lives beside it (the links are
// many, ADR 0019) and is checked by the functions of composition.go.
type Campaign struct {
	id          kernel.ID
	name        kernel.Name
	description string
	image       string
	visible     bool
	activation  kernel.Activation
	updatedAt   time.Time
}

// New is a visible, active campaign from a checked form with its image.
func New(in Input, now time.Time) (*Campaign, error) {
	if err := Check(in, true, in.Image != ""); err != nil {
		return nil, err
	}
	return &Campaign{name: kernel.Name(strings.TrimSpace(in.Name)), description: strings.TrimSpace(in.Description),
		image: in.Image, visible: true, activation: kernel.Active(), updatedAt: now}, nil
}

// Edit applies the form; an image "" keeps the old one. It answers the image replaced, if any.
func (c *Campaign) Edit(in Input, now time.Time) (replaced string, err error) {
	if err := Check(in, false, true); err != nil {
		return "", err
	}
	c.name, c.description = kernel.Name(strings.TrimSpace(in.Name)), strings.TrimSpace(in.Description)
	if in.Image != "" && in.Image != c.image {
		replaced, c.image = c.image, in.Image
	}
	c.updatedAt = now
	return replaced, nil
}

// ToggleActive deactivates an active campaign and reactivates an inactive one.
func (c *Campaign) ToggleActive(now time.Time) {
	c.activation = c.activation.Toggled()
	c.updatedAt = now
}

// ToggleVisible shows a hidden campaign and hides a shown one.
func (c *Campaign) ToggleVisible(now time.Time) {
	c.visible = !c.visible
	c.updatedAt = now
}

// Touch marks a change of the campaign's composition, which saves it at its next version.
func (c *Campaign) Touch(now time.Time) { c.updatedAt = now }

// Open tells whether partners see the campaign and order from it: active and visible.
func (c *Campaign) Open() bool { return c.visible && c.activation.IsActive() }

func (c *Campaign) ID() kernel.ID         { return c.id }
func (c *Campaign) Name() string          { return c.name.String() }
func (c *Campaign) Description() string   { return c.description }
func (c *Campaign) Image() string         { return c.image }
func (c *Campaign) IsVisible() bool       { return c.visible }
func (c *Campaign) IsActive() bool        { return c.activation.IsActive() }
func (c *Campaign) UpdatedAt() time.Time  { return c.updatedAt }
func (c *Campaign) AssignID(id kernel.ID) { c.id = id }

// State is a campaign's stored form.
type State struct {
	ID          kernel.ID
	Name        string
	Description string
	Image       string
	Visible     bool
	Active      bool
	UpdatedAt   time.Time
}

// State returns the campaign's stored form.
func (c *Campaign) State() State {
	return State{ID: c.id, Name: c.name.String(), Description: c.description, Image: c.image, Visible: c.visible,
		Active: c.activation.IsActive(), UpdatedAt: c.updatedAt}
}

// Rehydrate rebuilds a campaign from storage, trusted as valid.
func Rehydrate(st State) *Campaign {
	return &Campaign{id: st.ID, name: kernel.Name(st.Name), description: st.Description, image: st.Image, visible: st.Visible,
		activation: kernel.ActivationOf(st.Active), updatedAt: st.UpdatedAt}
}

// ParseCash reads a partner's cash in a campaign: required, the cash pattern (≥ 0, at most
// ten integer digits and three decimals), exact.
func ParseCash(field, s string) (kernel.Amount, error) { return kernel.ParseAmount(field, s) }

// ParseQuantity reads a cart item's quantity: a whole number from 1 to MaxQuantity.
func ParseQuantity(s string) (int64, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case s == "":
		return 0, kernel.FieldError("quantity", "The quantity field is required.")
	case err != nil && !isDigits(s):
		return 0, kernel.FieldError("quantity", "The quantity must be an integer.")
	case err != nil || n < 1 || n > MaxQuantity:
		return 0, kernel.FieldError("quantity", "The quantity must be between 1 and "+strconv.Itoa(MaxQuantity)+".")
	}
	return n, nil
}

func isDigits(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// CheckQuantity is ParseQuantity's range for a number already read.
func CheckQuantity(n int64) error {
	if n < 1 || n > MaxQuantity {
		return kernel.FieldError("quantity", "The quantity must be between 1 and "+strconv.Itoa(MaxQuantity)+".")
	}
	return nil
}

// ids is the positive ids of in, each once, in order.
func ids(in []kernel.ID) []kernel.ID {
	out := make([]kernel.ID, 0, len(in))
	seen := make(map[kernel.ID]bool, len(in))
	for _, id := range in {
		if id > 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// shares tells whether a and b have an id in common.
func shares(a, b []kernel.ID) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// ErrNotHeld is a partner the campaign does not hold, where its standing is asked for; each
// use case answers it its own way.
var ErrNotHeld = kernel.NotFound("partner")
