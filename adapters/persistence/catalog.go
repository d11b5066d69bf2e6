package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
)

type namedRow struct {
	ID        int64     `bun:"id,pk,autoincrement"`
	Name      string    `bun:"name"`
	NameFold  string    `bun:"name_fold"`
	IsActive  bool      `bun:"is_active"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
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
}

func toNamedRow(n *catalog.Named) namedRow {
	at := n.UpdatedAt().UTC()
	return namedRow{ID: int64(n.ID()), Name: n.Name(), NameFold: fold(n.Name()), IsActive: n.IsActive(), CreatedAt: at, UpdatedAt: at}
}

// Catalog stores the catalog's records.
type Catalog struct{ db *bun.DB }

// NewCatalog returns the catalog store of db.
func NewCatalog(db *bun.DB) *Catalog { return &Catalog{db: db} }

var _ ports.CatalogRepository = (*Catalog)(nil)

// insert adds a row without its id and assigns the generated one.
func insert(ctx context.Context, db bun.IDB, table string, row any, id *int64) error {
	q := db.NewInsert().Model(row).ExcludeColumn("id").Returning("id")
	if table != "" {
		q = q.ModelTableExpr(table)
	}
	_, err := q.Exec(ctx, id)
	if isUniqueViolation(err) {
		return catalog.ErrNameTaken
	}
	return err
}

// update loads a row by id, lets apply change it and writes it back, in one transaction.
func update[R any](ctx context.Context, db *bun.DB, table, entity string, id kernel.ID, row *R, apply func() (*R, error)) error {
	return NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, db)
		q := c.NewSelect().Model(row).Where("id = ?", int64(id))
		if table != "" {
			q = q.ModelTableExpr(table + " AS named_row") // the alias bun gives namedRow
		}
		if err := q.Scan(ctx); errors.Is(err, sql.ErrNoRows) {
			return kernel.NotFound(entity)
		} else if err != nil {
			return err
		}
		out, err := apply()
		if err != nil {
			return err
		}
		u := c.NewUpdate().Model(out).WherePK().ExcludeColumn("id", "created_at")
		if table != "" {
			u = u.ModelTableExpr(table + " AS named_row")
		}
		_, err = u.Exec(ctx)
		if isUniqueViolation(err) {
			return catalog.ErrNameTaken
		}
		return err
	})
}

func (s *Catalog) addNamed(ctx context.Context, table string, n *catalog.Named) error {
	row := toNamedRow(n)
	if err := insert(ctx, conn(ctx, s.db), table, &row, &row.ID); err != nil {
		return err
	}
	n.AssignID(kernel.ID(row.ID))
	return nil
}

// AddCountry stores a new country.
func (s *Catalog) AddCountry(ctx context.Context, c *catalog.Country) error {
	return s.addNamed(ctx, "countries", &c.Named)
}

// AddCategory stores a new category.
func (s *Catalog) AddCategory(ctx context.Context, c *catalog.Category) error {
	return s.addNamed(ctx, "categories", &c.Named)
}

// UpdateCountry changes a country in one transaction.
func (s *Catalog) UpdateCountry(ctx context.Context, id kernel.ID, fn func(*catalog.Country) error) (*catalog.Country, error) {
	var out *catalog.Country
	var row namedRow
	err := update(ctx, s.db, "countries", "country", id, &row, func() (*namedRow, error) {
		out = catalog.RehydrateCountry(kernel.ID(row.ID), row.Name, row.IsActive, row.UpdatedAt)
		if err := fn(out); err != nil {
			return nil, err
		}
		r := toNamedRow(&out.Named)
		r.CreatedAt = row.CreatedAt
		return &r, nil
	})
	return out, err
}

// UpdateCategory changes a category in one transaction.
func (s *Catalog) UpdateCategory(ctx context.Context, id kernel.ID, fn func(*catalog.Category) error) (*catalog.Category, error) {
	var out *catalog.Category
	var row namedRow
	err := update(ctx, s.db, "categories", "category", id, &row, func() (*namedRow, error) {
		out = catalog.RehydrateCategory(kernel.ID(row.ID), row.Name, row.IsActive, row.UpdatedAt)
		if err := fn(out); err != nil {
			return nil, err
		}
		r := toNamedRow(&out.Named)
		r.CreatedAt = row.CreatedAt
		return &r, nil
	})
	return out, err
}

func toCityRow(c *catalog.City) *cityRow {
	return &cityRow{namedRow: toNamedRow(&c.Named), CountryID: int64(c.CountryID())}
}

// AddCity stores a new city.
func (s *Catalog) AddCity(ctx context.Context, c *catalog.City) error {
	row := toCityRow(c)
	if err := insert(ctx, conn(ctx, s.db), "", row, &row.ID); err != nil {
		return err
	}
	c.AssignID(kernel.ID(row.ID))
	return nil
}

// UpdateCity changes a city in one transaction.
func (s *Catalog) UpdateCity(ctx context.Context, id kernel.ID, fn func(*catalog.City) error) (*catalog.City, error) {
	var out *catalog.City
	var row cityRow
	err := update(ctx, s.db, "", "city", id, &row, func() (*cityRow, error) {
		out = catalog.RehydrateCity(kernel.ID(row.ID), row.Name, kernel.ID(row.CountryID), row.IsActive, row.UpdatedAt)
		if err := fn(out); err != nil {
			return nil, err
		}
		r := toCityRow(out)
		r.CreatedAt = row.CreatedAt
		return r, nil
	})
	return out, err
}

func toProductRow(p *catalog.Product) *productRow {
	at := p.UpdatedAt().UTC()
	return &productRow{ID: int64(p.ID()), Name: p.Name(), NameFold: fold(p.Name()), Description: p.Description(),
		DescriptionFold: fold(p.Description()), PriceMilli: p.Price().Thousandths(), Image: p.Image(),
		IsActive: p.IsActive(), CreatedAt: at, UpdatedAt: at}
}

// AddProduct stores a new product.
func (s *Catalog) AddProduct(ctx context.Context, p *catalog.Product) error {
	row := toProductRow(p)
	if err := insert(ctx, conn(ctx, s.db), "", row, &row.ID); err != nil {
		return err
	}
	p.AssignID(kernel.ID(row.ID))
	return nil
}

// UpdateProduct changes a product in one transaction.
func (s *Catalog) UpdateProduct(ctx context.Context, id kernel.ID, fn func(*catalog.Product) error) (*catalog.Product, error) {
	var out *catalog.Product
	var row productRow
	err := update(ctx, s.db, "", "product", id, &row, func() (*productRow, error) {
		out = catalog.RehydrateProduct(kernel.ID(row.ID), row.Name, row.Description, catalog.Price(row.PriceMilli), row.Image, row.IsActive, row.UpdatedAt)
		if err := fn(out); err != nil {
			return nil, err
		}
		r := toProductRow(out)
		r.CreatedAt = row.CreatedAt
		return r, nil
	})
	return out, err
}

func toStoreRow(st *catalog.Store) *storeRow {
	at := st.UpdatedAt().UTC()
	return &storeRow{ID: int64(st.ID()), CityID: int64(st.CityID()), Address: st.Address(), AddressFold: fold(st.Address()),
		Contact: st.Contact(), ContactFold: fold(st.Contact()), Lat: st.Position().Lat, Lng: st.Position().Lng,
		IsActive: st.IsActive(), CreatedAt: at, UpdatedAt: at}
}

// AddStore stores a new store.
func (s *Catalog) AddStore(ctx context.Context, st *catalog.Store) error {
	row := toStoreRow(st)
	if err := insert(ctx, conn(ctx, s.db), "", row, &row.ID); err != nil {
		return err
	}
	st.AssignID(kernel.ID(row.ID))
	return nil
}

// UpdateStore changes a store in one transaction.
func (s *Catalog) UpdateStore(ctx context.Context, id kernel.ID, fn func(*catalog.Store) error) (*catalog.Store, error) {
	var out *catalog.Store
	var row storeRow
	err := update(ctx, s.db, "", "store", id, &row, func() (*storeRow, error) {
		out = catalog.RehydrateStore(kernel.ID(row.ID), kernel.ID(row.CityID), row.Address, row.Contact,
			catalog.Position{Lat: row.Lat, Lng: row.Lng}, row.IsActive, row.UpdatedAt)
		if err := fn(out); err != nil {
			return nil, err
		}
		r := toStoreRow(out)
		r.CreatedAt = row.CreatedAt
		return r, nil
	})
	return out, err
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
func (s *Catalog) NamedDuplicate(ctx context.Context, kind ports.NamedKind, name string, except kernel.ID) (catalog.Duplicate, error) {
	table := "countries"
	if kind == ports.Categories {
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
