// Package catalog is the use-case layer of reference data: countries, categories, cities,
// products with images and stores.
package catalog

import (
	"context"
	"io"

	"vitrina/domain/catalog"
	"vitrina/domain/kernel"
	"vitrina/ports"
	catalogports "vitrina/ports/catalog"
)

// ImageKind is the folder of product images.
const ImageKind = "products"

// ProductImage is how a product's picture is kept: up to 1,280 px on its longer side, more
// than twice the widest place the panel shows one (ADR 0007).
var ProductImage = ports.ImageKind{Folder: ImageKind, MaxSide: 1280}

// CategoryUsages are the other contexts' counts of active records using a category.
// Contexts that use categories (partners, sliders, campaigns, notifications) add theirs.
type CategoryUsages []catalogports.CategoryUsage

// ProductUsages are the other contexts' counts of active records holding a product.
type ProductUsages []catalogports.ProductUsage

// Service is the catalog use cases.
type Service struct {
	repo   catalogports.CatalogRepository
	lists  catalogports.CatalogLists
	images ports.ImageStore
	usages CategoryUsages
	held   ProductUsages
	tx     ports.TxManager
	clock  ports.Clock
}

// NewService wires the catalog use cases.
func NewService(repo catalogports.CatalogRepository, lists catalogports.CatalogLists, images ports.ImageStore, usages CategoryUsages,
	held ProductUsages, tx ports.TxManager, clock ports.Clock) *Service {
	return &Service{repo: repo, lists: lists, images: images, usages: usages, held: held, tx: tx, clock: clock}
}

// Lists are the catalog's list screens.
func (s *Service) Lists() catalogports.CatalogLists { return s.lists }

// CreateNamed adds a country or a category.
func (s *Service) CreateNamed(ctx context.Context, kind catalogports.NamedKind, name string) (catalogports.NamedView, error) {
	// The name is checked before the duplicate lookup: the databases refuse a NUL in a query.
	if _, err := kernel.NewName("name", name); err != nil {
		return catalogports.NamedView{}, err
	}
	var id kernel.ID
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.checkNamed(ctx, kind, name, 0); err != nil {
			return err
		}
		now := s.clock.Now()
		if kind == catalogports.Countries {
			c, err := catalog.NewCountry(name, now)
			if err != nil {
				return err
			}
			if err := s.repo.AddCountry(ctx, c); err != nil {
				return err
			}
			id = c.ID()
			return nil
		}
		c, err := catalog.NewCategory(name, now)
		if err != nil {
			return err
		}
		if err := s.repo.AddCategory(ctx, c); err != nil {
			return err
		}
		id = c.ID()
		return nil
	})
	if err != nil {
		return catalogports.NamedView{}, err
	}
	return s.namedList(kind).Find(ctx, id)
}

// RenameNamed changes the name of a country or a category loaded at version.
func (s *Service) RenameNamed(ctx context.Context, kind catalogports.NamedKind, id kernel.ID, version kernel.Version, name string) (catalogports.NamedView, error) {
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.namedList(kind).Find(ctx, id); err != nil {
			return err
		}
		if _, err := kernel.NewName("name", name); err != nil {
			return err
		}
		if err := s.checkNamed(ctx, kind, name, id); err != nil {
			return err
		}
		now := s.clock.Now()
		var err error
		if kind == catalogports.Countries {
			_, err = s.repo.UpdateCountry(ctx, id, version, func(c *catalog.Country) error { return c.Rename(name, now) })
		} else {
			_, err = s.repo.UpdateCategory(ctx, id, version, func(c *catalog.Category) error { return c.Rename(name, now) })
		}
		return err
	})
	if err != nil {
		return catalogports.NamedView{}, err
	}
	return s.namedList(kind).Find(ctx, id)
}

// ToggleNamed deactivates or reactivates a country or a category; one still in use stays active (435).
func (s *Service) ToggleNamed(ctx context.Context, kind catalogports.NamedKind, id kernel.ID) (bool, error) {
	var active bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.clock.Now()
		if kind == catalogports.Countries {
			cities, err := s.repo.ActiveCitiesIn(ctx, id)
			if err != nil {
				return err
			}
			c, err := s.repo.UpdateCountry(ctx, id, kernel.AnyVersion, func(c *catalog.Country) error { return c.ToggleActive(cities, now) })
			if err == nil {
				active = c.IsActive()
			}
			return err
		}
		uses := 0
		for _, u := range s.usages {
			n, err := u.ActiveUses(ctx, id)
			if err != nil {
				return err
			}
			uses += n
		}
		c, err := s.repo.UpdateCategory(ctx, id, kernel.AnyVersion, func(c *catalog.Category) error { return c.ToggleActive(uses, now) })
		if err == nil {
			active = c.IsActive()
		}
		return err
	})
	return active, err
}

func (s *Service) namedList(kind catalogports.NamedKind) ports.Lister[catalogports.NamedView] {
	if kind == catalogports.Countries {
		return s.lists.Countries
	}
	return s.lists.Categories
}

func (s *Service) checkNamed(ctx context.Context, kind catalogports.NamedKind, name string, except kernel.ID) error {
	d, err := s.repo.NamedDuplicate(ctx, kind, name, except)
	if err != nil {
		return err
	}
	return catalog.CheckDuplicate(d)
}

// CreateCity adds a city to an active country.
func (s *Service) CreateCity(ctx context.Context, in catalog.CityInput) (catalogports.CityView, error) {
	var id kernel.ID
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.checkCity(ctx, in, 0); err != nil {
			return err
		}
		c, err := catalog.NewCity(in, s.clock.Now())
		if err != nil {
			return err
		}
		if err := s.repo.AddCity(ctx, c); err != nil {
			return err
		}
		id = c.ID()
		return nil
	})
	if err != nil {
		return catalogports.CityView{}, err
	}
	return s.lists.Cities.Find(ctx, id)
}

// UpdateCity edits a city loaded at version.
func (s *Service) UpdateCity(ctx context.Context, id kernel.ID, version kernel.Version, in catalog.CityInput) (catalogports.CityView, error) {
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.lists.Cities.Find(ctx, id); err != nil {
			return err
		}
		if err := s.checkCity(ctx, in, id); err != nil {
			return err
		}
		_, err := s.repo.UpdateCity(ctx, id, version, func(c *catalog.City) error { return c.Edit(in, s.clock.Now()) })
		return err
	})
	if err != nil {
		return catalogports.CityView{}, err
	}
	return s.lists.Cities.Find(ctx, id)
}

// ToggleCity deactivates or reactivates a city; one with active stores stays active (435).
func (s *Service) ToggleCity(ctx context.Context, id kernel.ID) (bool, error) {
	var active bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		stores, err := s.repo.ActiveStoresIn(ctx, id)
		if err != nil {
			return err
		}
		c, err := s.repo.UpdateCity(ctx, id, kernel.AnyVersion, func(c *catalog.City) error { return c.ToggleActive(stores, s.clock.Now()) })
		if err == nil {
			active = c.IsActive()
		}
		return err
	})
	return active, err
}

func (s *Service) checkCity(ctx context.Context, in catalog.CityInput, except kernel.ID) error {
	if err := in.Validate(); err != nil {
		return err
	}
	ok, err := s.repo.CountryIsActive(ctx, in.CountryID)
	if err != nil {
		return err
	}
	if !ok {
		return kernel.FieldError("country_id", "The selected country id is invalid.")
	}
	d, err := s.repo.CityDuplicate(ctx, in.CountryID, in.Name, except)
	if err != nil {
		return err
	}
	return catalog.CheckDuplicate(d)
}

// CreateProduct stores the image, then the product; image is nil when none was sent.
func (s *Service) CreateProduct(ctx context.Context, in catalog.ProductInput, image io.Reader) (catalogports.ProductView, error) {
	if image == nil {
		if err := catalog.ValidateProduct(in, true); err != nil {
			return catalogports.ProductView{}, err
		}
	} else if err := catalog.ValidateProduct(in, false); err != nil {
		return catalogports.ProductView{}, err
	}
	name, err := s.images.Save(ctx, ProductImage, "image", image)
	if err != nil {
		return catalogports.ProductView{}, err
	}
	in.Image = name
	var id kernel.ID
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		p, err := catalog.NewProduct(in, s.clock.Now())
		if err != nil {
			return err
		}
		if err := s.repo.AddProduct(ctx, p); err != nil {
			return err
		}
		id = p.ID()
		return nil
	})
	if err != nil {
		_ = s.images.Delete(ImageKind, name)
		return catalogports.ProductView{}, err
	}
	return s.lists.Products.Find(ctx, id)
}

// UpdateProduct edits a product loaded at version; a new image replaces the old one, which
// is then deleted.
func (s *Service) UpdateProduct(ctx context.Context, id kernel.ID, version kernel.Version, in catalog.ProductInput, image io.Reader) (catalogports.ProductView, error) {
	if err := catalog.ValidateProduct(in, false); err != nil {
		return catalogports.ProductView{}, err
	}
	if _, err := s.lists.Products.Find(ctx, id); err != nil {
		return catalogports.ProductView{}, err
	}
	in.Image = ""
	if image != nil {
		name, err := s.images.Save(ctx, ProductImage, "image", image)
		if err != nil {
			return catalogports.ProductView{}, err
		}
		in.Image = name
	}
	var replaced string
	_, err := s.repo.UpdateProduct(ctx, id, version, func(p *catalog.Product) error {
		var err error
		replaced, err = p.Edit(in, s.clock.Now())
		return err
	})
	if err != nil {
		if in.Image != "" {
			_ = s.images.Delete(ImageKind, in.Image)
		}
		return catalogports.ProductView{}, err
	}
	if replaced != "" {
		_ = s.images.Delete(ImageKind, replaced)
	}
	return s.lists.Products.Find(ctx, id)
}

// ToggleProduct deactivates or reactivates a product; one that active records (campaigns)
// hold stays active (435).
func (s *Service) ToggleProduct(ctx context.Context, id kernel.ID) (bool, error) {
	var active bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		uses := 0
		for _, u := range s.held {
			n, err := u.ActiveProductUses(ctx, id)
			if err != nil {
				return err
			}
			uses += n
		}
		p, err := s.repo.UpdateProduct(ctx, id, kernel.AnyVersion, func(p *catalog.Product) error { return p.ToggleActive(uses, s.clock.Now()) })
		if err == nil {
			active = p.IsActive()
		}
		return err
	})
	return active, err
}

// CreateStore adds a store in an active city.
func (s *Service) CreateStore(ctx context.Context, in catalog.StoreInput) (catalogports.StoreView, error) {
	var id kernel.ID
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.checkStore(ctx, in); err != nil {
			return err
		}
		st, err := catalog.NewStore(in, s.clock.Now())
		if err != nil {
			return err
		}
		if err := s.repo.AddStore(ctx, st); err != nil {
			return err
		}
		id = st.ID()
		return nil
	})
	if err != nil {
		return catalogports.StoreView{}, err
	}
	return s.lists.Stores.Find(ctx, id)
}

// UpdateStore edits a store loaded at version.
func (s *Service) UpdateStore(ctx context.Context, id kernel.ID, version kernel.Version, in catalog.StoreInput) (catalogports.StoreView, error) {
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.lists.Stores.Find(ctx, id); err != nil {
			return err
		}
		if err := s.checkStore(ctx, in); err != nil {
			return err
		}
		_, err := s.repo.UpdateStore(ctx, id, version, func(st *catalog.Store) error { return st.Edit(in, s.clock.Now()) })
		return err
	})
	if err != nil {
		return catalogports.StoreView{}, err
	}
	return s.lists.Stores.Find(ctx, id)
}

// ToggleStore deactivates or reactivates a store.
func (s *Service) ToggleStore(ctx context.Context, id kernel.ID) (bool, error) {
	st, err := s.repo.UpdateStore(ctx, id, kernel.AnyVersion, func(st *catalog.Store) error {
		st.ToggleActive(s.clock.Now())
		return nil
	})
	if err != nil {
		return false, err
	}
	return st.IsActive(), nil
}

func (s *Service) checkStore(ctx context.Context, in catalog.StoreInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	ok, err := s.repo.CityIsActive(ctx, in.CityID)
	if err != nil {
		return err
	}
	if !ok {
		return kernel.FieldError("city_id", "The selected city id is invalid.")
	}
	return nil
}
