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

// AmountError is a 422 whose sentence stays fixed (the panel turns it into a translation key)
// while the amount it is about travels beside it: Key names that amount in the answer
// ("remaining", "ordered"; ADR 0019).
type AmountError struct {
	Err    *kernel.Error
	Key    string
	Amount kernel.Amount
}

func (e *AmountError) Error() string { return e.Err.Error() }

// Unwrap is the field error, so its kind and fields are found through the wrapper.
func (e *AmountError) Unwrap() error { return e.Err }

// Sentences of the cash rule's refusals.
const (
	MsgCashBelowOrdered = "The cash is less than what the partner has ordered."
	MsgOrderExceeds     = "The order exceeds the remaining cash."
)

// CheckCash is 422 when a new cash for a partner is below what its cart items are worth:
// the cart rule holds whoever changes the cash. The answer carries the ordered amount.
func CheckCash(cash, spent kernel.Amount) error {
	if cash.Cmp(spent) < 0 {
		return &AmountError{Err: kernel.FieldError("cash", MsgCashBelowOrdered), Key: "ordered", Amount: spent}
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
// and the partner's cart with the new line may not exceed its cash (422 carrying the remaining
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
		return Item{}, &AmountError{Err: kernel.FieldError("quantity", MsgOrderExceeds), Key: "remaining", Amount: st.Remaining()}
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
