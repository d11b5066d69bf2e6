package campaign

import (
	"time"

	"vitrina/domain/kernel"
)

// Standing is a partner's money in a campaign: its cash and what its cart items, delivered
// or not, are worth.
type Standing struct {
	Cash  kernel.Amount
	Spent kernel.Amount
}

// Remaining is the cash not yet spent (never below zero).
func (s Standing) Remaining() kernel.Amount {
	r := s.Cash.Thousandths() - s.Spent.Thousandths()
	if r < 0 {
		r = 0
	}
	return kernel.AmountOfThousandths(r)
}

// CheckCash is 422 when a new cash for a partner is below what its cart items are worth:
// the cart rule holds whoever changes the cash.
func CheckCash(cash, spent kernel.Amount) error {
	if cash.Cmp(spent) < 0 {
		return kernel.FieldError("cash", "The cash may not be less than the ordered amount of "+spent.String()+".")
	}
	return nil
}

// Offer is a product as an order sees it: whether the campaign holds it and it is active,
// and its price now.
type Offer struct {
	InCampaign bool
	Active     bool
	Price      kernel.Amount
}

// Item is one cart line: a partner's order of a product in a campaign at the product's price
// when ordered; staff toggle its delivery.
type Item struct {
	ID         kernel.ID
	CampaignID kernel.ID
	PartnerID  kernel.ID
	ProductID  kernel.ID
	Price      kernel.Amount
	Quantity   int64
	Delivered  bool
	CreatedAt  time.Time
}

// Value is the line's worth: price times quantity.
func (i Item) Value() (kernel.Amount, error) { return i.Price.Mul(i.Quantity) }

// Order places a cart item: the campaign must be open (otherwise the partner does not see it:
// not found), the product one of the campaign's active products, the quantity whole from 1,
// and the partner's cart with the new line may not exceed its cash (422 naming the remaining
// cash). The item keeps the price it was ordered at.
func Order(c *Campaign, partnerID, productID kernel.ID, offer Offer, quantity int64, st Standing, now time.Time) (Item, error) {
	if !c.Open() {
		return Item{}, ErrNotShown
	}
	if !offer.InCampaign || !offer.Active {
		return Item{}, ErrProductOutside
	}
	if err := CheckQuantity(quantity); err != nil {
		return Item{}, err
	}
	it := Item{CampaignID: c.ID(), PartnerID: partnerID, ProductID: productID, Price: offer.Price, Quantity: quantity, CreatedAt: now}
	v, err := it.Value()
	if err == nil {
		v, err = v.Add(st.Spent)
	}
	if err != nil || v.Cmp(st.Cash) > 0 {
		return Item{}, kernel.FieldError("quantity", "The order exceeds the remaining cash of "+st.Remaining().String()+".")
	}
	return it, nil
}

// Withdraw is the partner taking back an item: only while undelivered.
func (i Item) Withdraw() error {
	if i.Delivered {
		return ErrDelivered
	}
	return nil
}

// ToggleDelivery marks an undelivered item delivered and a delivered one undelivered.
func (i *Item) ToggleDelivery() { i.Delivered = !i.Delivered }
