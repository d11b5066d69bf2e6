package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	catalogports "vitrina/ports/catalog"
)

type namedRow struct {
	ID        int64     `bun:"id,pk,autoincrement"`
	Name      string    `bun:"name"`
	NameFold  string    `bun:"name_fold"`
	IsActive  bool      `bun:"is_active"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
}

type cityRow struct {
	bun.BaseModel `bun:"table:cities,alias:c"`
	namedRow
	CountryID int64 `bun:"country_id"`
}

type productRow struct {
	bun.BaseModel   `bun:"table:products,alias:pr"`
	ID              int64     `bun:"id,pk,autoincrement"`
	Name            string    `bun:"name"`
	NameFold        string    `bun:"name_fold"`
	Description     string    `bun:"description"`
	DescriptionFold string    `bun:"description_fold"`
	PriceMilli      int64     `bun:"price_milli"`
	Image           string    `bun:"image"`
	IsActive        bool      `bun:"is_active"`
	CreatedAt       time.Time `bun:"created_at"`
	UpdatedAt       time.Time `bun:"updated_at"`
	versionCol
}

type storeRow struct {
	bun.BaseModel `bun:"table:stores,alias:st"`
	ID            int64     `bun:"id,pk,autoincrement"`
	CityID        int64     `bun:"city_id"`
	Address       string    `bun:"address"`
	AddressFold   string    `bun:"address_fold"`
	Contact       string    `bun:"contact"`
	ContactFold   string    `bun:"contact_fold"`
	Lat           float64   `bun:"lat"`
	Lng           float64   `bun:"lng"`
	IsActive      bool      `bun:"is_active"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	versionCol
}

func toNamedRow(n *catalog.Named) namedRow {
	at := n.UpdatedAt().UTC()
	return namedRow{ID: int64(n.ID()), Name: n.Name(), NameFold: fold(n.Name()), IsActive: n.IsActive(), CreatedAt: at, UpdatedAt: at}
}

// Catalog stores the catalog's records.
type Catalog struct{ db *bun.DB }

// NewCatalog returns the catalog store of db.
func NewCatalog(db *bun.DB) *Catalog { return &Catalog{db: db} }

var _ catalogports.CatalogRepository = (*Catalog)(nil)

func namedMapping[D interface{ AssignID(kernel.ID) }](table, entity string, load func(*namedRow) D, named func(D) *catalog.Named) mapping[namedRow, D] {
	return mapping[namedRow, D]{table: table, entity: entity, load: load,
		save:   func(d D) *namedRow { r := toNamedRow(named(d)); return &r },
		id:     func(r *namedRow) *int64 { return &r.ID },
		assign: func(d D, id kernel.ID) { d.AssignID(id) }, taken: catalog.ErrNameTaken}
}

var (
	countries = namedMapping("countries", "country",
		func(r *namedRow) *catalog.Country {
			return catalog.RehydrateCountry(kernel.ID(r.ID), r.Name, r.IsActive, r.UpdatedAt)
		},
		func(c *catalog.Country) *catalog.Named { return &c.Named })
	categories = namedMapping("categories", "category",
		func(r *namedRow) *catalog.Category {
			return catalog.RehydrateCategory(kernel.ID(r.ID), r.Name, r.IsActive, r.UpdatedAt)
		},
		func(c *catalog.Category) *catalog.Named { return &c.Named })
	cities = mapping[cityRow, *catalog.City]{entity: "city",
		load: func(r *cityRow) *catalog.City {
			return catalog.RehydrateCity(kernel.ID(r.ID), r.Name, kernel.ID(r.CountryID), r.IsActive, r.UpdatedAt)
		},
		save: func(c *catalog.City) *cityRow {
			return &cityRow{namedRow: toNamedRow(&c.Named), CountryID: int64(c.CountryID())}
		},
		id:     func(r *cityRow) *int64 { return &r.ID },
		assign: func(c *catalog.City, id kernel.ID) { c.AssignID(id) }, taken: catalog.ErrNameTaken}
	products = mapping[productRow, *catalog.Product]{entity: "product",
		load: func(r *productRow) *catalog.Product {
			return catalog.RehydrateProduct(kernel.ID(r.ID), r.Name, r.Description, kernel.AmountOfThousandths(r.PriceMilli), r.Image, r.IsActive, r.UpdatedAt)
		},
		save:   toProductRow,
		id:     func(r *productRow) *int64 { return &r.ID },
		assign: func(p *catalog.Product, id kernel.ID) { p.AssignID(id) }, taken: catalog.ErrNameTaken}
	stores = mapping[storeRow, *catalog.Store]{entity: "store",
		load: func(r *storeRow) *catalog.Store {
			return catalog.RehydrateStore(kernel.ID(r.ID), kernel.ID(r.CityID), r.Address, r.Contact,
				catalog.Position{Lat: r.Lat, Lng: r.Lng}, r.IsActive, r.UpdatedAt)
		},
		save:   toStoreRow,
		id:     func(r *storeRow) *int64 { return &r.ID },
		assign: func(st *catalog.Store, id kernel.ID) { st.AssignID(id) }, taken: catalog.ErrNameTaken}
)

func toProductRow(p *catalog.Product) *productRow {
	at := p.UpdatedAt().UTC()
	return &productRow{ID: int64(p.ID()), Name: p.Name(), NameFold: fold(p.Name()), Description: p.Description(),
		DescriptionFold: fold(p.Description()), PriceMilli: p.Price().Thousandths(), Image: p.Image(),
		IsActive: p.IsActive(), CreatedAt: at, UpdatedAt: at}
}

func toStoreRow(st *catalog.Store) *storeRow {
	at := st.UpdatedAt().UTC()
	return &storeRow{ID: int64(st.ID()), CityID: int64(st.CityID()), Address: st.Address(), AddressFold: fold(st.Address()),
		Contact: st.Contact(), ContactFold: fold(st.Contact()), Lat: st.Position().Lat, Lng: st.Position().Lng,
		IsActive: st.IsActive(), CreatedAt: at, UpdatedAt: at}
}

// AddCountry stores a new country.
func (s *Catalog) AddCountry(ctx context.Context, c *catalog.Country) error {
	return add(ctx, s.db, countries, c)
}

// UpdateCountry changes a country in one transaction.
func (s *Catalog) UpdateCountry(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Country) error) (*catalog.Country, error) {
	return update(ctx, s.db, countries, id, expected, fn)
}

// AddCategory stores a new category.
func (s *Catalog) AddCategory(ctx context.Context, c *catalog.Category) error {
	return add(ctx, s.db, categories, c)
}

// UpdateCategory changes a category in one transaction.
func (s *Catalog) UpdateCategory(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Category) error) (*catalog.Category, error) {
	return update(ctx, s.db, categories, id, expected, fn)
}

// AddCity stores a new city.
func (s *Catalog) AddCity(ctx context.Context, c *catalog.City) error {
	return add(ctx, s.db, cities, c)
}

// UpdateCity changes a city in one transaction.
func (s *Catalog) UpdateCity(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.City) error) (*catalog.City, error) {
	return update(ctx, s.db, cities, id, expected, fn)
}

// AddProduct stores a new product.
func (s *Catalog) AddProduct(ctx context.Context, p *catalog.Product) error {
	return add(ctx, s.db, products, p)
}

// UpdateProduct changes a product in one transaction.
func (s *Catalog) UpdateProduct(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Product) error) (*catalog.Product, error) {
	return update(ctx, s.db, products, id, expected, fn)
}

// AddStore stores a new store.
func (s *Catalog) AddStore(ctx context.Context, st *catalog.Store) error {
	return add(ctx, s.db, stores, st)
}

// UpdateStore changes a store in one transaction.
func (s *Catalog) UpdateStore(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*catalog.Store) error) (*catalog.Store, error) {
	return update(ctx, s.db, stores, id, expected, fn)
}

func duplicate(ctx context.Context, q *bun.SelectQuery) (catalog.Duplicate, error) {
	var active []bool
	if err := q.Column("is_active").Limit(1).Scan(ctx, &active); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return catalog.NoDuplicate, err
	}
	switch {
	case len(active) == 0:
		return catalog.NoDuplicate, nil
	case active[0]:
		return catalog.ActiveDuplicate, nil
	default:
		return catalog.InactiveDuplicate, nil
	}
}

// NamedDuplicate finds another country or category with the name.
func (s *Catalog) NamedDuplicate(ctx context.Context, kind catalogports.NamedKind, name string, except kernel.ID) (catalog.Duplicate, error) {
	table := "countries"
	if kind == catalogports.Categories {
		table = "categories"
	}
	return duplicate(ctx, conn(ctx, s.db).NewSelect().Table(table).
		Where("name_fold = ?", fold(name)).Where("id <> ?", int64(except)))
}

// CityDuplicate finds another city with the name in the country.
func (s *Catalog) CityDuplicate(ctx context.Context, countryID kernel.ID, name string, except kernel.ID) (catalog.Duplicate, error) {
	return duplicate(ctx, conn(ctx, s.db).NewSelect().Table("cities").Where("country_id = ?", int64(countryID)).
		Where("name_fold = ?", fold(name)).Where("id <> ?", int64(except)))
}

func (s *Catalog) isActive(ctx context.Context, table string, id kernel.ID) (bool, error) {
	return conn(ctx, s.db).NewSelect().Table(table).Where("id = ?", int64(id)).Where("is_active = ?", true).Exists(ctx)
}

// CountryIsActive tells whether the country exists and is active.
func (s *Catalog) CountryIsActive(ctx context.Context, id kernel.ID) (bool, error) {
	return s.isActive(ctx, "countries", id)
}

// CityIsActive tells whether the city exists and is active.
func (s *Catalog) CityIsActive(ctx context.Context, id kernel.ID) (bool, error) {
	return s.isActive(ctx, "cities", id)
}

func (s *Catalog) countActive(ctx context.Context, table, column string, id kernel.ID) (int, error) {
	n, err := conn(ctx, s.db).NewSelect().Table(table).Where(column+" = ?", int64(id)).Where("is_active = ?", true).Count(ctx)
	return int(n), err
}

// ActiveCitiesIn counts the active cities of a country.
func (s *Catalog) ActiveCitiesIn(ctx context.Context, countryID kernel.ID) (int, error) {
	return s.countActive(ctx, "cities", "country_id", countryID)
}

// ActiveStoresIn counts the active stores of a city.
func (s *Catalog) ActiveStoresIn(ctx context.Context, cityID kernel.ID) (int, error) {
	return s.countActive(ctx, "stores", "city_id", cityID)
}
