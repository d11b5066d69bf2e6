package campaign

import (
	"slices"
	"time"

	"vitrina/domain/kernel"
)

// Money is a partner's money in a campaign: its cash and what its cart items, delivered or
// not, are worth.
type Money struct {
	Cash  kernel.Amount
	Spent kernel.Amount
}

// Remaining is the cash not yet spent (never below zero).
func (m Money) Remaining() kernel.Amount {
	r := m.Cash.Thousandths() - m.Spent.Thousandths()
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
// when ordered; staff toggle its delivery. Items are made by Standing.Order.
type Item struct {
	id         kernel.ID
	campaignID kernel.ID
	partnerID  kernel.ID
	productID  kernel.ID
	price      kernel.Amount
	quantity   int64
	delivered  bool
	createdAt  time.Time
}

// ItemState is a cart item's stored form.
type ItemState struct {
	ID         kernel.ID
	CampaignID kernel.ID
	PartnerID  kernel.ID
	ProductID  kernel.ID
	Price      kernel.Amount
	Quantity   int64
	Delivered  bool
	CreatedAt  time.Time
}

// RehydrateItem rebuilds a cart item from storage, trusted as valid.
func RehydrateItem(st ItemState) Item {
	return Item{id: st.ID, campaignID: st.CampaignID, partnerID: st.PartnerID, productID: st.ProductID, price: st.Price,
		quantity: st.Quantity, delivered: st.Delivered, createdAt: st.CreatedAt}
}

// State returns the item's stored form.
func (i Item) State() ItemState {
	return ItemState{ID: i.id, CampaignID: i.campaignID, PartnerID: i.partnerID, ProductID: i.productID, Price: i.price,
		Quantity: i.quantity, Delivered: i.delivered, CreatedAt: i.createdAt}
}

func (i Item) ID() kernel.ID          { return i.id }
func (i Item) CampaignID() kernel.ID  { return i.campaignID }
func (i Item) PartnerID() kernel.ID   { return i.partnerID }
func (i Item) ProductID() kernel.ID   { return i.productID }
func (i Item) Price() kernel.Amount   { return i.price }
func (i Item) Quantity() int64        { return i.quantity }
func (i Item) Delivered() bool        { return i.delivered }
func (i Item) CreatedAt() time.Time   { return i.createdAt }
func (i *Item) AssignID(id kernel.ID) { i.id = id }

// Value is the line's worth: price times quantity.
func (i Item) Value() (kernel.Amount, error) { return i.price.Mul(i.quantity) }

// Standing is a partner's place in a campaign (ADR 0027): the campaign, the partner's cash,
// what its cart is worth and the cart itself. It is loaded and saved whole in the partner's
// turn (campaignports.Repository.WithPartnerTurn), so the cash rule (the cart never worth
// more than the cash) holds whoever changes either.
type Standing struct {
	campaign  *Campaign
	partnerID kernel.ID
	money     Money
	items     []Item
}

// StandingState is a standing's stored form; Items newest first.
type StandingState struct {
	Campaign  State
	PartnerID kernel.ID
	Money     Money
	Items     []ItemState
}

// RehydrateStanding rebuilds a standing from storage, trusted as valid.
func RehydrateStanding(st StandingState) *Standing {
	s := &Standing{campaign: Rehydrate(st.Campaign), partnerID: st.PartnerID, money: st.Money, items: make([]Item, 0, len(st.Items))}
	for _, it := range st.Items {
		s.items = append(s.items, RehydrateItem(it))
	}
	return s
}

// State returns the standing's stored form; an item ordered in this turn has id 0 until the
// store assigns it.
func (s *Standing) State() StandingState {
	st := StandingState{Campaign: s.campaign.State(), PartnerID: s.partnerID, Money: s.money, Items: make([]ItemState, len(s.items))}
	for i, it := range s.items {
		st.Items[i] = it.State()
	}
	return st
}

func (s *Standing) Campaign() *Campaign  { return s.campaign }
func (s *Standing) PartnerID() kernel.ID { return s.partnerID }
func (s *Standing) Money() Money         { return s.money }
func (s *Standing) Items() []Item        { return slices.Clone(s.items) }

// Item is the standing's cart item id, false when the partner's cart in the campaign has none.
func (s *Standing) Item(id kernel.ID) (Item, bool) {
	i := s.index(id)
	if i < 0 {
		return Item{}, false
	}
	return s.items[i], true
}

func (s *Standing) index(id kernel.ID) int {
	return slices.IndexFunc(s.items, func(it Item) bool { return it.id == id && id != 0 })
}

// SetCash sets the partner's cash: never below what its cart is worth (422 with the ordered
// amount).
func (s *Standing) SetCash(cash kernel.Amount) error {
	if cash.Thousandths() < 0 {
		return errPartnerList
	}
	if err := CheckCash(cash, s.money.Spent); err != nil {
		return err
	}
	s.money.Cash = cash
	return nil
}

// Order places a cart item: the campaign must be open (otherwise the partner does not see it:
// not found), the product one of the campaign's active products, the quantity whole from 1,
// and the partner's cart with the new line may not exceed its cash (422 carrying the remaining
// cash). The item keeps the price it was ordered at; it is the standing's newest.
func (s *Standing) Order(productID kernel.ID, offer Offer, quantity int64, now time.Time) (Item, error) {
	if !s.campaign.Open() {
		return Item{}, ErrNotShown
	}
	if !offer.InCampaign || !offer.Active {
		return Item{}, ErrProductOutside
	}
	if err := CheckQuantity(quantity); err != nil {
		return Item{}, err
	}
	it := Item{campaignID: s.campaign.ID(), partnerID: s.partnerID, productID: productID, price: offer.Price, quantity: quantity, createdAt: now}
	v, err := it.Value()
	spent := kernel.Amount{}
	if err == nil {
		spent, err = v.Add(s.money.Spent)
	}
	if err != nil || spent.Cmp(s.money.Cash) > 0 {
		return Item{}, &AmountError{Err: kernel.FieldError("quantity", MsgOrderExceeds), Key: "remaining", Amount: s.money.Remaining()}
	}
	s.money.Spent = spent
	s.items = append([]Item{it}, s.items...)
	return it, nil
}

// Withdraw is the partner taking back an item of its cart: only while undelivered; an item
// not in the cart is not found.
func (s *Standing) Withdraw(itemID kernel.ID) error {
	i := s.index(itemID)
	if i < 0 {
		return kernel.NotFound("cart item")
	}
	it := s.items[i]
	if it.delivered {
		return ErrDelivered
	}
	v, err := it.Value()
	if err != nil {
		return err
	}
	s.money.Spent = kernel.AmountOfThousandths(s.money.Spent.Thousandths() - v.Thousandths())
	s.items = slices.Delete(s.items, i, i+1)
	return nil
}

// ToggleDelivery marks an undelivered item delivered and a delivered one undelivered, and
// answers whether it is delivered now; an item not in the cart is not found.
func (s *Standing) ToggleDelivery(itemID kernel.ID) (bool, error) {
	i := s.index(itemID)
	if i < 0 {
		return false, kernel.NotFound("cart item")
	}
	s.items[i].delivered = !s.items[i].delivered
	return s.items[i].delivered, nil
}

// AssignItemIDs gives the items ordered in this turn (id 0), newest first, the ids the store
// assigned them.
func (s *Standing) AssignItemIDs(ids []kernel.ID) {
	for i := range s.items {
		if s.items[i].id == 0 && len(ids) > 0 {
			s.items[i].id, ids = ids[0], ids[1:]
		}
	}
}
