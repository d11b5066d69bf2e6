// Package catalogports declares what the catalog context needs from the outside world: its
// repository, its list screens and the narrow ports through which it asks other contexts.
// Import it as catalogports.
package catalogports

import (
	"context"
	"time"

	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

// NamedKind names the catalog's name-only tables.
type NamedKind string

const (
	Countries  NamedKind = "countries"
	Categories NamedKind = "categories"
)

// CatalogRepository loads and saves the catalog's records. Update methods load the record,
// apply fn and save it in one transaction; a record no longer at the expected version
// (kernel.AnyVersion skips the check) is kernel.ErrStale.
type CatalogRepository interface {
	AddCountry(ctx context.Context, c *catalog.Country) error
	UpdateCountry(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Country) error) (*catalog.Country, error)
	AddCategory(ctx context.Context, c *catalog.Category) error
	UpdateCategory(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Category) error) (*catalog.Category, error)
	AddCity(ctx context.Context, c *catalog.City) error
	UpdateCity(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.City) error) (*catalog.City, error)
	AddProduct(ctx context.Context, p *catalog.Product) error
	UpdateProduct(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Product) error) (*catalog.Product, error)
	AddStore(ctx context.Context, s *catalog.Store) error
	UpdateStore(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Store) error) (*catalog.Store, error)

	// NamedDuplicate finds another country or category with the name, case-insensitively.
	NamedDuplicate(ctx context.Context, kind NamedKind, name string, except kernel.ID) (catalog.Duplicate, error)
	// CityDuplicate finds another city with the name in the country.
	CityDuplicate(ctx context.Context, countryID kernel.ID, name string, except kernel.ID) (catalog.Duplicate, error)
	// IsActive tells whether the country or city with the id exists and is active.
	CountryIsActive(ctx context.Context, id kernel.ID) (bool, error)
	CityIsActive(ctx context.Context, id kernel.ID) (bool, error)
	ActiveCitiesIn(ctx context.Context, countryID kernel.ID) (int, error)
	ActiveStoresIn(ctx context.Context, cityID kernel.ID) (int, error)
}

// CategoryUsage counts the active records of other contexts that use a category; a
// category in use cannot be deactivated (435). The catalog owns the question; each context
// that uses categories adds an adapter answering it from its own records.
type CategoryUsage interface {
	ActiveUses(ctx context.Context, categoryID kernel.ID) (int, error)
}

// ProductUsage counts the active records of other contexts that hold a product (campaigns);
// a product in use cannot be deactivated (435), as a category cannot.
type ProductUsage interface {
	ActiveProductUses(ctx context.Context, productID kernel.ID) (int, error)
}

// NamedView is a country or a category as screens show it.
type NamedView struct {
	ID        int64
	Name      string
	IsActive  bool
	UpdatedAt time.Time
	Version   kernel.Version
}

// CityView is a city with its country's name.
type CityView struct {
	ID          int64
	Name        string
	CountryID   int64
	CountryName string
	IsActive    bool
	UpdatedAt   time.Time
	Version     kernel.Version
}

// ProductView is a product as screens show it; Price is an exact decimal.
type ProductView struct {
	ID          int64
	Name        string
	Description string
	Price       string
	Image       string
	IsActive    bool
	UpdatedAt   time.Time
	Version     kernel.Version
}

// StoreView is a store with its city's name.
type StoreView struct {
	ID        int64
	CityID    int64
	CityName  string
	Address   string
	Contact   string
	Lat       float64
	Lng       float64
	IsActive  bool
	UpdatedAt time.Time
	Version   kernel.Version
}

// CatalogLists are the catalog's list screens.
type CatalogLists struct {
	Countries  ports.Lister[NamedView]
	Categories ports.Lister[NamedView]
	Cities     ports.Lister[CityView]
	Products   ports.Lister[ProductView]
	Stores     ports.Lister[StoreView]
}
