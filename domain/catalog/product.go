package catalog

import (
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// ParsePrice validates a product's price as the form sends it: a kernel amount.
func ParsePrice(s string) (kernel.Amount, error) { return kernel.ParseAmount("price", s) }

// ProductInput is the product form; Image is the stored image's name, or "" to keep it.
type ProductInput struct {
	Name        string
	Description string
	Price       string
	Image       string
}

// Product is an item of the catalog.
type Product struct {
	id          kernel.ID
	name        kernel.Name
	description kernel.Name
	price       kernel.Amount
	image       string
	activation  kernel.Activation
	updatedAt   time.Time
}

// ValidateProduct checks every field; an image is required when creating.
func ValidateProduct(in ProductInput, creating bool) error {
	var v kernel.Validation
	if _, err := kernel.NewName("name", in.Name); err != nil {
		v.Merge(err)
	}
	v.RequiredParagraph("description", in.Description, kernel.MaxDescriptionLength)
	if _, err := ParsePrice(in.Price); err != nil {
		v.Merge(err)
	}
	if creating && in.Image == "" {
		v.Add("image", "The image field is required.")
	}
	return v.Err()
}

// NewProduct validates a new, active product.
func NewProduct(in ProductInput, now time.Time) (*Product, error) {
	if err := ValidateProduct(in, true); err != nil {
		return nil, err
	}
	p := &Product{activation: kernel.Active(), image: in.Image}
	p.apply(in, now)
	return p, nil
}

func (p *Product) apply(in ProductInput, now time.Time) {
	p.name, _ = kernel.NewName("name", in.Name)
	p.description = kernel.Name(strings.TrimSpace(in.Description))
	p.price, _ = ParsePrice(in.Price)
	if in.Image != "" {
		p.image = in.Image
	}
	p.updatedAt = now
}

// Edit applies the form; an empty image keeps the current one. It returns the replaced
// image's name, for the caller to delete, or "".
func (p *Product) Edit(in ProductInput, now time.Time) (replaced string, err error) {
	if err := ValidateProduct(in, false); err != nil {
		return "", err
	}
	if in.Image != "" && in.Image != p.image {
		replaced = p.image
	}
	p.apply(in, now)
	return replaced, nil
}

// ToggleActive deactivates the product unless active records hold it (435), or reactivates it.
func (p *Product) ToggleActive(activeUses int, now time.Time) error {
	if p.activation.IsActive() && activeUses > 0 {
		return inUse("product-in-use", "The product is used by active records.")
	}
	p.activation, p.updatedAt = p.activation.Toggled(), now
	return nil
}

// RehydrateProduct rebuilds a product from storage.
func RehydrateProduct(id kernel.ID, name, description string, price kernel.Amount, image string, active bool, updatedAt time.Time) *Product {
	return &Product{id: id, name: kernel.Name(name), description: kernel.Name(description), price: price,
		image: image, activation: kernel.ActivationOf(active), updatedAt: updatedAt}
}

func (p *Product) ID() kernel.ID         { return p.id }
func (p *Product) Name() string          { return p.name.String() }
func (p *Product) Description() string   { return p.description.String() }
func (p *Product) Price() kernel.Amount  { return p.price }
func (p *Product) Image() string         { return p.image }
func (p *Product) IsActive() bool        { return p.activation.IsActive() }
func (p *Product) UpdatedAt() time.Time  { return p.updatedAt }
func (p *Product) AssignID(id kernel.ID) { p.id = id }
