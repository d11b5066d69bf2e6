package catalog

import (
	"math"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Position is a point on the map.
type Position struct {
	Lat, Lng float64
}

// StoreInput is the store form.
type StoreInput struct {
	CityID  kernel.ID
	Address string
	Contact string
	Lat     *float64
	Lng     *float64
}

// Validate checks every field: a city, an address and a contact of two characters up to
// their limits, and a position on the map.
func (in StoreInput) Validate() error {
	var v kernel.Validation
	if in.CityID <= 0 {
		v.Add("city_id", "The city id field is required.")
	}
	v.RequiredText("address", in.Address, kernel.MaxAddressLength)
	v.RequiredText("contact", in.Contact, kernel.MaxContactLength)
	if in.Lat == nil || in.Lng == nil {
		v.Add("position", "The position field is required.")
	} else {
		if math.IsNaN(*in.Lat) || *in.Lat < -90 || *in.Lat > 90 {
			v.Add("lat", "The lat must be between -90 and 90.")
		}
		if math.IsNaN(*in.Lng) || *in.Lng < -180 || *in.Lng > 180 {
			v.Add("lng", "The lng must be between -180 and 180.")
		}
	}
	return v.Err()
}

// Store is a shop of the distributor, placed on the map.
type Store struct {
	id         kernel.ID
	cityID     kernel.ID
	address    kernel.Name
	contact    kernel.Name
	position   Position
	activation kernel.Activation
	updatedAt  time.Time
}

// NewStore validates a new, active store.
func NewStore(in StoreInput, now time.Time) (*Store, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	s := &Store{activation: kernel.Active()}
	s.apply(in, now)
	return s, nil
}

func (s *Store) apply(in StoreInput, now time.Time) {
	s.cityID = in.CityID
	s.address = kernel.Name(strings.TrimSpace(in.Address))
	s.contact = kernel.Name(strings.TrimSpace(in.Contact))
	s.position = Position{Lat: *in.Lat, Lng: *in.Lng}
	s.updatedAt = now
}

// Edit applies the store form.
func (s *Store) Edit(in StoreInput, now time.Time) error {
	if err := in.Validate(); err != nil {
		return err
	}
	s.apply(in, now)
	return nil
}

// ToggleActive deactivates or reactivates the store.
func (s *Store) ToggleActive(now time.Time) {
	s.activation, s.updatedAt = s.activation.Toggled(), now
}

// RehydrateStore rebuilds a store from storage.
func RehydrateStore(id, cityID kernel.ID, address, contact string, pos Position, active bool, updatedAt time.Time) *Store {
	return &Store{id: id, cityID: cityID, address: kernel.Name(address), contact: kernel.Name(contact), position: pos,
		activation: kernel.ActivationOf(active), updatedAt: updatedAt}
}

func (s *Store) ID() kernel.ID         { return s.id }
func (s *Store) CityID() kernel.ID     { return s.cityID }
func (s *Store) Address() string       { return s.address.String() }
func (s *Store) Contact() string       { return s.contact.String() }
func (s *Store) Position() Position    { return s.position }
func (s *Store) IsActive() bool        { return s.activation.IsActive() }
func (s *Store) UpdatedAt() time.Time  { return s.updatedAt }
func (s *Store) AssignID(id kernel.ID) { s.id = id }
