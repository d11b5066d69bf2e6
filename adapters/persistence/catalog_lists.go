package persistence

import (
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	catalogports "vitrina/ports/catalog"
)

type namedViewRow struct {
	ID        int64     `bun:"id"`
	Name      string    `bun:"name"`
	IsActive  bool      `bun:"is_active"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

func namedSpec(table string) ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":         sortOnly("t.id"),
			"name":       text("t.name_fold"),
			"is_active":  sortOnly("t.is_active"),
			"updated_at": sortOnly("t.updated_at"),
		},
		DefaultSort: "name",
		IDExpr:      "t.id",
		ActiveExpr:  "t.is_active",
		From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr(table + " AS t") },
		Columns:     "t.id, t.name, t.is_active, t.updated_at, t.version",
	}
}

func namedView(r *namedViewRow) catalogports.NamedView {
	return catalogports.NamedView{ID: r.ID, Name: r.Name, IsActive: r.IsActive, UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version)}
}

type cityViewRow struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	CountryID   int64     `bun:"country_id"`
	CountryName string    `bun:"country_name"`
	IsActive    bool      `bun:"is_active"`
	UpdatedAt   time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

var citySpec = ListSpec{
	Fields: map[string]Field{
		"id":           sortOnly("c.id"),
		"name":         text("c.name_fold"),
		"country_name": text("co.name_fold").joined(),
		"is_active":    sortOnly("c.is_active"),
		"updated_at":   sortOnly("c.updated_at"),
	},
	DefaultSort: "name",
	IDExpr:      "c.id",
	ActiveExpr:  "c.is_active",
	From: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("cities AS c").Join("JOIN countries AS co ON co.id = c.country_id")
	},
	Columns: "c.id, c.name, c.country_id, co.name AS country_name, c.is_active, c.updated_at, c.version",
}

// NewCatalogLists returns the catalog's list screens.
func NewCatalogLists(db *bun.DB) catalogports.CatalogLists {
	return catalogports.CatalogLists{
		Countries:  NewLister(db, namedSpec("countries"), "countries", "country", namedView),
		Categories: NewLister(db, namedSpec("categories"), "categories", "category", namedView),
		Cities:     NewLister(db, citySpec, "cities", "city", cityView),
		Products:   NewLister(db, productSpec, "products", "product", productView),
		Stores:     NewLister(db, storeSpec, "stores", "store", storeView),
	}
}

func cityView(r *cityViewRow) catalogports.CityView {
	return catalogports.CityView{ID: r.ID, Name: r.Name, CountryID: r.CountryID, CountryName: r.CountryName, IsActive: r.IsActive, UpdatedAt: r.UpdatedAt,
		Version: kernel.Version(r.Version)}
}

type productViewRow struct {
	ID          int64     `bun:"id"`
	Name        string    `bun:"name"`
	Description string    `bun:"description"`
	PriceMilli  int64     `bun:"price_milli"`
	Image       string    `bun:"image"`
	IsActive    bool      `bun:"is_active"`
	UpdatedAt   time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

var productSpec = ListSpec{
	Fields: map[string]Field{
		"id":          sortOnly("pr.id"),
		"name":        text("pr.name_fold").trigram("name_fold"),
		"description": text("pr.description_fold").trigram("description_fold"),
		"price":       sortOnly("pr.price_milli"),
		"is_active":   sortOnly("pr.is_active"),
		"updated_at":  sortOnly("pr.updated_at"),
	},
	DefaultSort: "name",
	IDExpr:      "pr.id",
	ActiveExpr:  "pr.is_active",
	FTSTable:    "products_fts",
	From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("products AS pr") },
	Columns:     "pr.id, pr.name, pr.description, pr.price_milli, pr.image, pr.is_active, pr.updated_at, pr.version",
}

func productView(r *productViewRow) catalogports.ProductView {
	return catalogports.ProductView{ID: r.ID, Name: r.Name, Description: r.Description, Price: kernel.AmountOfThousandths(r.PriceMilli).String(),
		Image: r.Image, IsActive: r.IsActive, UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version)}
}

type storeViewRow struct {
	ID        int64     `bun:"id"`
	CityID    int64     `bun:"city_id"`
	CityName  string    `bun:"city_name"`
	Address   string    `bun:"address"`
	Contact   string    `bun:"contact"`
	Lat       float64   `bun:"lat"`
	Lng       float64   `bun:"lng"`
	IsActive  bool      `bun:"is_active"`
	UpdatedAt time.Time `bun:"updated_at"`
	versionCol
	totalRow
}

var storeSpec = ListSpec{
	Fields: map[string]Field{
		"id":         sortOnly("st.id"),
		"city_name":  text("ci.name_fold").joined(),
		"address":    text("st.address_fold"),
		"contact":    text("st.contact_fold"),
		"is_active":  sortOnly("st.is_active"),
		"updated_at": sortOnly("st.updated_at"),
	},
	DefaultSort: "city_name",
	IDExpr:      "st.id",
	ActiveExpr:  "st.is_active",
	From: func(db bun.IDB) *bun.SelectQuery {
		return db.NewSelect().TableExpr("stores AS st").Join("JOIN cities AS ci ON ci.id = st.city_id")
	},
	Columns: "st.id, st.city_id, ci.name AS city_name, st.address, st.contact, st.lat, st.lng, st.is_active, st.updated_at, st.version",
}

func storeView(r *storeViewRow) catalogports.StoreView {
	return catalogports.StoreView{ID: r.ID, CityID: r.CityID, CityName: r.CityName, Address: r.Address, Contact: r.Contact,
		Lat: r.Lat, Lng: r.Lng, IsActive: r.IsActive, UpdatedAt: r.UpdatedAt, Version: kernel.Version(r.Version)}
}
