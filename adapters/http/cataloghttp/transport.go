// Package cataloghttp is the HTTP face of the catalog: countries, categories, cities,
// products (multipart, with images) and stores (spec §7).
package cataloghttp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcatalog "vitrina/application/catalog"
	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

type namedJSON struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	IsActive  bool      `json:"is_active"`
	UpdatedAt time.Time `json:"updated_at"`
	Version   int64     `json:"version"`
}

func named(v catalogports.NamedView) namedJSON {
	return namedJSON{ID: v.ID, Name: v.Name, IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}
}

type ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type cityJSON struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	CountryID   int64     `json:"country_id"`
	Country     ref       `json:"country"`
	CountryName string    `json:"country_name"`
	IsActive    bool      `json:"is_active"`
	UpdatedAt   time.Time `json:"updated_at"`
	Version     int64     `json:"version"`
}

func city(v catalogports.CityView) cityJSON {
	return cityJSON{ID: v.ID, Name: v.Name, CountryID: v.CountryID, Country: ref{ID: v.CountryID, Name: v.CountryName},
		CountryName: v.CountryName, IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}
}

type productJSON struct {
	ID          int64       `json:"id"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Price       json.Number `json:"price"`
	Image       string      `json:"image"`
	ImageURL    string      `json:"image_url"`
	ThumbURL    string      `json:"thumb_url"`
	IsActive    bool        `json:"is_active"`
	UpdatedAt   time.Time   `json:"updated_at"`
	Version     int64       `json:"version"`
}

func product(v catalogports.ProductView) productJSON {
	url := "/api/images/" + appcatalog.ImageKind + "/" + v.Image
	return productJSON{ID: v.ID, Name: v.Name, Description: v.Description, Price: json.Number(v.Price), Image: v.Image,
		ImageURL: url, ThumbURL: url + "?size=thumb", IsActive: v.IsActive, UpdatedAt: v.UpdatedAt, Version: int64(v.Version)}
}

type storeJSON struct {
	ID        int64     `json:"id"`
	CityID    int64     `json:"city_id"`
	City      ref       `json:"city"`
	CityName  string    `json:"city_name"`
	Address   string    `json:"address"`
	Contact   string    `json:"contact"`
	Lat       float64   `json:"lat"`
	Lng       float64   `json:"lng"`
	IsActive  bool      `json:"is_active"`
	UpdatedAt time.Time `json:"updated_at"`
	Version   int64     `json:"version"`
}

func store(v catalogports.StoreView) storeJSON {
	return storeJSON{ID: v.ID, CityID: v.CityID, City: ref{ID: v.CityID, Name: v.CityName}, CityName: v.CityName,
		Address: v.Address, Contact: v.Contact, Lat: v.Lat, Lng: v.Lng, IsActive: v.IsActive, UpdatedAt: v.UpdatedAt,
		Version: int64(v.Version)}
}

type nameForm struct {
	Name string `json:"name"`
}

type cityForm struct {
	Name      string         `json:"name"`
	CountryID kit.OptionalID `json:"country_id"`
}

// input is the domain's form; a picker id that is not a number reads as none chosen.
func (f cityForm) input() catalog.CityInput {
	in := catalog.CityInput{Name: f.Name}
	if f.CountryID.Value != nil {
		in.CountryID = kernel.ID(*f.CountryID.Value)
	}
	return in
}

type storeForm struct {
	CityID  kit.OptionalID `json:"city_id"`
	Address string         `json:"address"`
	Contact string         `json:"contact"`
	Lat     *float64       `json:"lat"`
	Lng     *float64       `json:"lng"`
}

func (f storeForm) input() catalog.StoreInput {
	in := catalog.StoreInput{Address: f.Address, Contact: f.Contact, Lat: f.Lat, Lng: f.Lng}
	if f.CityID.Value != nil {
		in.CityID = kernel.ID(*f.CityID.Value)
	}
	return in
}

// productForm is the multipart product form; Image is nil when no file was sent. An edit
// (withID) carries the version the user loaded.
type productForm struct {
	ID      kernel.ID
	Version kernel.Version
	Input   catalog.ProductInput
	Image   io.Reader
}

func decodeProduct(withID bool) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var f productForm
		var err error
		if f.ID, f.Version, err = kit.MultipartEdit(r, withID); err != nil {
			return nil, err
		}
		f.Input = catalog.ProductInput{Name: r.FormValue("name"), Description: r.FormValue("description"), Price: r.FormValue("price")}
		file, _, err := r.FormFile("image")
		switch {
		case err == nil:
			f.Image = file // the server removes the multipart files when the request ends
		case errors.Is(err, http.ErrMissingFile):
		default:
			return nil, kit.ErrBadForm
		}
		return f, nil
	}
}

// The catalog's endpoints, one named constructor each (go-kit's makeXEndpoint shape): each
// takes its decoded request, calls one use case and answers the JSON view.

func makeCreateNamedEndpoint(svc *appcatalog.Service, kind catalogports.NamedKind) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		v, err := svc.CreateNamed(ctx, kind, req.(nameForm).Name)
		return kit.JSONOr(named, v, err)
	}
}

func makeRenameNamedEndpoint(svc *appcatalog.Service, kind catalogports.NamedKind) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[nameForm])
		v, err := svc.RenameNamed(ctx, kind, r.ID, r.Version, r.Body.Name)
		return kit.JSONOr(named, v, err)
	}
}

func makeToggleNamed(svc *appcatalog.Service, kind catalogports.NamedKind) func(context.Context, kernel.ID) (bool, error) {
	return func(ctx context.Context, id kernel.ID) (bool, error) { return svc.ToggleNamed(ctx, kind, id) }
}

func makeCreateCityEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		v, err := svc.CreateCity(ctx, req.(cityForm).input())
		return kit.JSONOr(city, v, err)
	}
}

func makeUpdateCityEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[cityForm])
		v, err := svc.UpdateCity(ctx, r.ID, r.Version, r.Body.input())
		return kit.JSONOr(city, v, err)
	}
}

func makeCreateProductEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(productForm)
		v, err := svc.CreateProduct(ctx, f.Input, f.Image)
		return kit.JSONOr(product, v, err)
	}
}

func makeUpdateProductEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(productForm)
		v, err := svc.UpdateProduct(ctx, f.ID, f.Version, f.Input, f.Image)
		return kit.JSONOr(product, v, err)
	}
}

func makeCreateStoreEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		v, err := svc.CreateStore(ctx, req.(storeForm).input())
		return kit.JSONOr(store, v, err)
	}
}

func makeUpdateStoreEndpoint(svc *appcatalog.Service) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(kit.Edit[storeForm])
		v, err := svc.UpdateStore(ctx, r.ID, r.Version, r.Body.input())
		return kit.JSONOr(store, v, err)
	}
}

// Routes are the catalog calls: the route table.
func Routes(svc *appcatalog.Service) []kit.Route {
	lists := svc.Lists()
	read := func(res string) kit.Access { return kit.Access{Resource: res, Action: "read"} }
	write := func(res string) kit.Access { return kit.Access{Resource: res, Action: "write"} }
	// pick: a form's picker of active records, for roles that may fill such a form without
	// reading the picked resource's screen (ADR 0029; read implies it).
	pick := func(res string) kit.Access { return kit.Access{Resource: res, Action: "pick"} }
	var routes []kit.Route

	// Countries and categories: a name each.
	for _, n := range []struct {
		kind catalogports.NamedKind
		list ports.Lister[catalogports.NamedView]
	}{{catalogports.Countries, lists.Countries}, {catalogports.Categories, lists.Categories}} {
		kind, list, res := n.kind, n.list, string(n.kind)
		routes = append(routes, kit.ListRoutes("/api/"+res, read(res), list, named)...)
		routes = append(routes, []kit.Route{
			{Method: "POST", Path: "/api/" + res, Access: write(res), Decode: kit.DecodeJSON[nameForm], Encode: kit.EncodeCreated,
				Endpoint: makeCreateNamedEndpoint(svc, kind)},
			{Method: "PUT", Path: "/api/" + res + "/{id}", Access: write(res), Record: kit.Found(list), Decode: kit.DecodeEdit[nameForm], Encode: kit.EncodeJSON,
				Endpoint: makeRenameNamedEndpoint(svc, kind)},
			kit.ToggleRoute("/api/"+res, write(res), kit.Found(list), makeToggleNamed(svc, kind)),
		}...)
	}
	routes = append(routes, kit.ListRoutes("/api/cities", read("cities"), lists.Cities, city)...)
	routes = append(routes, kit.ListRoutes("/api/products", read("products"), lists.Products, product)...)
	routes = append(routes, kit.ListRoutes("/api/stores", read("stores"), lists.Stores, store)...)
	return append(routes, []kit.Route{
		kit.ListRoute("/api/categoriesActive", pick("categories"), lists.Categories, named, kit.ActiveOnly),
		kit.ListRoute("/api/citiesActive", pick("cities"), lists.Cities, city, kit.ActiveOnly),

		{Method: "POST", Path: "/api/cities", Access: write("cities"), Decode: kit.DecodeJSON[cityForm], Encode: kit.EncodeCreated,
			Endpoint: makeCreateCityEndpoint(svc)},
		{Method: "PUT", Path: "/api/cities/{id}", Access: write("cities"), Record: kit.Found(lists.Cities), Decode: kit.DecodeEdit[cityForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdateCityEndpoint(svc)},
		kit.ToggleRoute("/api/cities", write("cities"), kit.Found(lists.Cities), svc.ToggleCity),

		kit.ListRoute("/api/productsActive", pick("products"), lists.Products, product, kit.ActiveOnly),
		{Method: "POST", Path: "/api/products", Access: write("products"), Decode: decodeProduct(false), Encode: kit.EncodeCreated,
			Endpoint: makeCreateProductEndpoint(svc)},
		{Method: "POST", Path: "/api/products/{id}", Access: write("products"), Record: kit.Found(lists.Products), Decode: decodeProduct(true), Encode: kit.EncodeJSON,
			Endpoint: makeUpdateProductEndpoint(svc)},
		kit.ToggleRoute("/api/products", write("products"), kit.Found(lists.Products), svc.ToggleProduct),

		{Method: "POST", Path: "/api/stores", Access: write("stores"), Decode: kit.DecodeJSON[storeForm], Encode: kit.EncodeCreated,
			Endpoint: makeCreateStoreEndpoint(svc)},
		{Method: "PUT", Path: "/api/stores/{id}", Access: write("stores"), Record: kit.Found(lists.Stores), Decode: kit.DecodeEdit[storeForm], Encode: kit.EncodeJSON,
			Endpoint: makeUpdateStoreEndpoint(svc)},
		kit.ToggleRoute("/api/stores", write("stores"), kit.Found(lists.Stores), svc.ToggleStore),
	}...)
}
