// Package catalog holds the rules of reference data: countries, cities, categories,
// products and stores.
package catalog

import (
	"time"

	"vitrina/domain/kernel"
)

// Errors shared by the catalog's named records.
var (
	ErrNameTaken = kernel.FieldError("name", "The name has already been taken.")
	// ErrExistsInactive answers a create or rename onto a record that exists but is inactive (434).
	ErrExistsInactive = kernel.NewError(kernel.KindConflictInactive, "exists-inactive", "Vec postoji (Status: Neaktivan)")
)

// Duplicate is what a repository found under a name: nothing, an active or an inactive record.
type Duplicate int

const (
	NoDuplicate Duplicate = iota
	ActiveDuplicate
	InactiveDuplicate
)

// CheckDuplicate turns a duplicate into the spec's answer: 422 for an active one, 434 for an
// inactive one.
func CheckDuplicate(d Duplicate) error {
	switch d {
	case ActiveDuplicate:
		return ErrNameTaken
	case InactiveDuplicate:
		return ErrExistsInactive
	}
	return nil
}

// inUse is the 435 answer with the reason, in a sentence the panel translates.
func inUse(slug, reason string) error {
	return kernel.NewError(kernel.KindForbiddenInUse, slug, reason)
}

// Named is the name-and-activation part every reference record shares.
type Named struct {
	id         kernel.ID
	name       kernel.Name
	activation kernel.Activation
	updatedAt  time.Time
}

func newNamed(name string, now time.Time) (Named, error) {
	n, err := kernel.NewName("name", name)
	if err != nil {
		return Named{}, err
	}
	return Named{name: n, activation: kernel.Active(), updatedAt: now}, nil
}

// Rename validates and applies a new name.
func (n *Named) Rename(name string, now time.Time) error {
	nn, err := kernel.NewName("name", name)
	if err != nil {
		return err
	}
	n.name, n.updatedAt = nn, now
	return nil
}

func (n *Named) ID() kernel.ID         { return n.id }
func (n *Named) Name() string          { return n.name.String() }
func (n *Named) IsActive() bool        { return n.activation.IsActive() }
func (n *Named) UpdatedAt() time.Time  { return n.updatedAt }
func (n *Named) AssignID(id kernel.ID) { n.id = id }

// toggle deactivates an active record unless it is in use, or reactivates an inactive one.
func (n *Named) toggle(usedBy int, err error, now time.Time) error {
	if n.activation.IsActive() && usedBy > 0 {
		return err
	}
	n.activation, n.updatedAt = n.activation.Toggled(), now
	return nil
}

func rehydrateNamed(id kernel.ID, name string, active bool, updatedAt time.Time) Named {
	return Named{id: id, name: kernel.Name(name), activation: kernel.ActivationOf(active), updatedAt: updatedAt}
}

// Country is a country cities belong to.
type Country struct{ Named }

// NewCountry validates a new, active country.
func NewCountry(name string, now time.Time) (*Country, error) {
	n, err := newNamed(name, now)
	if err != nil {
		return nil, err
	}
	return &Country{n}, nil
}

// RehydrateCountry rebuilds a country from storage.
func RehydrateCountry(id kernel.ID, name string, active bool, updatedAt time.Time) *Country {
	return &Country{rehydrateNamed(id, name, active, updatedAt)}
}

// ToggleActive deactivates the country unless active cities are in it, or reactivates it.
func (c *Country) ToggleActive(activeCities int, now time.Time) error {
	return c.toggle(activeCities, inUse("country-has-cities", "The country has active cities."), now)
}

// Category groups partners, sliders, campaigns and notifications.
type Category struct{ Named }

// NewCategory validates a new, active category.
func NewCategory(name string, now time.Time) (*Category, error) {
	n, err := newNamed(name, now)
	if err != nil {
		return nil, err
	}
	return &Category{n}, nil
}

// RehydrateCategory rebuilds a category from storage.
func RehydrateCategory(id kernel.ID, name string, active bool, updatedAt time.Time) *Category {
	return &Category{rehydrateNamed(id, name, active, updatedAt)}
}

// ToggleActive deactivates the category unless active records use it, or reactivates it.
func (c *Category) ToggleActive(activeUses int, now time.Time) error {
	return c.toggle(activeUses, inUse("category-in-use", "The category is used by active records."), now)
}

// City is a city of a country.
type City struct {
	Named
	countryID kernel.ID
}

// CityInput is the city form.
type CityInput struct {
	Name      string
	CountryID kernel.ID
}

// Validate checks every field of the form.
func (in CityInput) Validate() error {
	var v kernel.Validation
	if _, err := kernel.NewName("name", in.Name); err != nil {
		v.Merge(err)
	}
	if in.CountryID <= 0 {
		v.Add("country_id", "The country id field is required.")
	}
	return v.Err()
}

// NewCity validates a new, active city.
func NewCity(in CityInput, now time.Time) (*City, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	n, _ := newNamed(in.Name, now)
	return &City{Named: n, countryID: in.CountryID}, nil
}

// RehydrateCity rebuilds a city from storage.
func RehydrateCity(id kernel.ID, name string, countryID kernel.ID, active bool, updatedAt time.Time) *City {
	return &City{Named: rehydrateNamed(id, name, active, updatedAt), countryID: countryID}
}

// Edit applies the city form.
func (c *City) Edit(in CityInput, now time.Time) error {
	if err := in.Validate(); err != nil {
		return err
	}
	_ = c.Rename(in.Name, now)
	c.countryID = in.CountryID
	return nil
}

// ToggleActive deactivates the city unless active stores are in it, or reactivates it.
func (c *City) ToggleActive(activeStores int, now time.Time) error {
	return c.toggle(activeStores, inUse("city-has-stores", "The city has active stores."), now)
}

// CountryID is the country of the city.
func (c *City) CountryID() kernel.ID { return c.countryID }
