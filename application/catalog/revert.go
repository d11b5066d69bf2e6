package catalog

import (
	"context"
	"strconv"

	"vitrina/domain/audit"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	catalogports "vitrina/ports/catalog"
)

// Reverter sets a record of one catalog resource back as a reversal says (issue 21, ADR
// 0032): the current fields with the reverted values over them, saved through that record's
// ordinary edit at the version read, so today's rules judge the old values (422) and a save in
// between is 409; a creation's revert, or an activation the reversal names, goes through the
// record's own toggle (a record in use stays active: 435).
type Reverter struct {
	edit   func(ctx context.Context, id kernel.ID, version kernel.Version, v audit.Snapshot) error
	toggle func(ctx context.Context, id kernel.ID) (bool, error)
	// guard refuses what the resource cannot set back (a product's image).
	guard func(audit.Reversal) error
}

// Revert applies r to the record id whose fields are current at version.
func (rv Reverter) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	if rv.guard != nil {
		if err := rv.guard(r); err != nil {
			return err
		}
	}
	return r.Carry(current, func(v audit.Snapshot) error { return rv.edit(ctx, id, version, v) },
		func() (bool, error) { return rv.toggle(ctx, id) })
}

// Reverters are the catalog's resources whose changes the activity log can revert, by
// audited resource (the table).
func (s *Service) Reverters() map[string]Reverter {
	named := func(kind catalogports.NamedKind) Reverter {
		return Reverter{
			edit: func(ctx context.Context, id kernel.ID, version kernel.Version, v audit.Snapshot) error {
				_, err := s.RenameNamed(ctx, kind, id, version, v["name"])
				return err
			},
			toggle: func(ctx context.Context, id kernel.ID) (bool, error) { return s.ToggleNamed(ctx, kind, id) },
		}
	}
	return map[string]Reverter{
		"countries":  named(catalogports.Countries),
		"categories": named(catalogports.Categories),
		"cities": {
			edit: func(ctx context.Context, id kernel.ID, version kernel.Version, v audit.Snapshot) error {
				_, err := s.UpdateCity(ctx, id, version, catalog.CityInput{Name: v["name"], CountryID: audit.IDOf(v["country_id"])})
				return err
			},
			toggle: s.ToggleCity,
		},
		"products": {
			edit: func(ctx context.Context, id kernel.ID, version kernel.Version, v audit.Snapshot) error {
				_, err := s.UpdateProduct(ctx, id, version, catalog.ProductInput{Name: v["name"], Description: v["description"], Price: v["price"]}, nil)
				return err
			},
			toggle: s.ToggleProduct,
			guard:  func(r audit.Reversal) error { return r.GuardFiles("image") },
		},
		"stores": {
			edit: func(ctx context.Context, id kernel.ID, version kernel.Version, v audit.Snapshot) error {
				_, err := s.UpdateStore(ctx, id, version, catalog.StoreInput{CityID: audit.IDOf(v["city_id"]), Address: v["address"],
					Contact: v["contact"], Lat: floatOf(v["lat"]), Lng: floatOf(v["lng"])})
				return err
			},
			toggle: s.ToggleStore,
		},
	}
}

func floatOf(s string) *float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return &f
}
