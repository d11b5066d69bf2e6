package campaign

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"time"

	"vitrina/domain/kernel"
)

// errPartnerList is 422 for a partner named by no positive id or with a negative cash.
var errPartnerList = kernel.FieldError("partners", "The partners must be a list of partners with their cash.")

// PartnerCash is a partner of a campaign with its cash there.
type PartnerCash struct {
	partnerID kernel.ID
	cash      kernel.Amount
}

// NewPartnerCash is a partner with its cash: a positive id and a cash not below zero (422
// otherwise).
func NewPartnerCash(partnerID kernel.ID, cash kernel.Amount) (PartnerCash, error) {
	if partnerID <= 0 || cash.Thousandths() < 0 {
		return PartnerCash{}, errPartnerList
	}
	return PartnerCash{partnerID: partnerID, cash: cash}, nil
}

func (p PartnerCash) PartnerID() kernel.ID { return p.partnerID }
func (p PartnerCash) Cash() kernel.Amount  { return p.cash }
func (p PartnerCash) String() string {
	return strconv.FormatInt(int64(p.partnerID), 10) + ":" + p.cash.String()
}
func partnerIDs(ps []PartnerCash) []kernel.ID {
	out := make([]kernel.ID, len(ps))
	for i, p := range ps {
		out[i] = p.partnerID
	}
	return out
}

// Selection is what the stepper saves at once (spec §4): the categories, the partners with
// their cash and the products a campaign is to hold.
type Selection struct {
	Categories []kernel.ID
	Partners   []PartnerCash
	Products   []kernel.ID
}

// Normalized is s with positive ids once each (a partner named twice keeps its last cash),
// in the order given.
func (s Selection) Normalized() Selection {
	out := Selection{Categories: ids(s.Categories), Products: ids(s.Products), Partners: normalizedPartners(s.Partners)}
	return out
}

func normalizedPartners(ps []PartnerCash) []PartnerCash {
	var out []PartnerCash
	at := map[kernel.ID]int{}
	for _, p := range ps {
		if p.partnerID <= 0 {
			continue
		}
		if i, ok := at[p.partnerID]; ok {
			out[i].cash = p.cash
			continue
		}
		at[p.partnerID] = len(out)
		out = append(out, p)
	}
	return out
}

// PartnerIDs are the ids of the selection's partners.
func (s Selection) PartnerIDs() []kernel.ID { return partnerIDs(s.Partners) }

// member is a partner held by a campaign: its cash, what its cart is worth, and whether it
// has cart items at all (a free product leaves spent at zero).
type member struct {
	cash    kernel.Amount
	spent   kernel.Amount
	hasCart bool
	put     bool // added or given another cash by this change
}

// Composition is a campaign with what it holds (ADR 0027): the campaign record, its
// categories, its partners with their cash and its products, and what of those its cart
// refers to. It is loaded and saved whole (campaignports.Repository.Update); its rules hold
// for every change: a partner belongs to one of the categories when it is put in, its cash
// never falls below what it has ordered, and a product or partner with cart items stays.
type Composition struct {
	campaign         *Campaign
	categories       []kernel.ID
	products         []kernel.ID
	partners         map[kernel.ID]member
	productsWithCart map[kernel.ID]bool
	// lowered are the partners whose cash this change lowered: the store checks them again
	// under their turn (Recheck), as an order may have come meanwhile.
	lowered map[kernel.ID]bool
	// What this change did, for the store to write: the links as loaded, the partners put in
	// (new or with another cash) and those held at load that were taken out.
	loadedCategories, loadedProducts []kernel.ID
	dropped                          map[kernel.ID]bool
	puts                             int
	// was is the cash as loaded of each partner this change touched (put or dropped), with
	// whether the campaign held it at load: what the record of the change writes as "from".
	was map[kernel.ID]loadedCash
}

// loadedCash is a partner's cash when the composition was loaded; held false for a partner
// the campaign did not hold then.
type loadedCash struct {
	cash kernel.Amount
	held bool
}

// Changes are what a change of a composition did to its links: what the store writes.
type Changes struct {
	AddedCategories, RemovedCategories []kernel.ID
	AddedProducts, RemovedProducts     []kernel.ID
	// Put are the partners added or whose cash changed, by ascending id; Removed the partners
	// taken out, ascending.
	Put     []PartnerCash
	Removed []kernel.ID
	// Was is the cash as loaded of the partners of Put and Removed that the campaign held
	// when it was loaded (a partner of Put missing from it is new to the campaign).
	Was map[kernel.ID]kernel.Amount
}

// Changes answers what the change did since the composition was loaded.
func (c *Composition) Changes() Changes {
	ch := Changes{AddedCategories: Removed(c.categories, c.loadedCategories), RemovedCategories: Removed(c.loadedCategories, c.categories),
		AddedProducts: Removed(c.products, c.loadedProducts), RemovedProducts: Removed(c.loadedProducts, c.products),
		Removed: slices.Sorted(maps.Keys(c.dropped))}
	for id, w := range c.was {
		if w.held {
			if ch.Was == nil {
				ch.Was = make(map[kernel.ID]kernel.Amount, len(c.was))
			}
			ch.Was[id] = w.cash
		}
	}
	if c.puts > 0 {
		ch.Put = make([]PartnerCash, 0, c.puts)
		for id, m := range c.partners {
			if m.put {
				ch.Put = append(ch.Put, PartnerCash{partnerID: id, cash: m.cash})
			}
		}
		slices.SortFunc(ch.Put, func(a, b PartnerCash) int { return cmp.Compare(a.partnerID, b.partnerID) })
	}
	return ch
}

// touch notes, the first time this change touches a partner, its cash as loaded.
func (c *Composition) touch(id kernel.ID) {
	if _, seen := c.was[id]; seen {
		return
	}
	m, held := c.partners[id]
	c.was[id] = loadedCash{cash: m.cash, held: held}
}

// set puts a partner in with its cash, noting the change.
func (c *Composition) set(id kernel.ID, m member) {
	if old, ok := c.partners[id]; !m.put && (!ok || old.cash != m.cash || c.dropped[id]) {
		c.touch(id)
		m.put = true
		c.puts++
		delete(c.dropped, id)
	}
	c.partners[id] = m
}

// MemberState is a partner of a stored composition.
type MemberState struct {
	PartnerID kernel.ID
	Cash      kernel.Amount
	Spent     kernel.Amount
	HasCart   bool
}

// CompositionState is a composition's stored form: Partners by ascending id.
type CompositionState struct {
	Campaign         State
	Categories       []kernel.ID
	Products         []kernel.ID
	Partners         []MemberState
	ProductsWithCart []kernel.ID
}

// RehydrateComposition rebuilds a composition from storage, trusted as valid.
func RehydrateComposition(st CompositionState) *Composition {
	c := &Composition{campaign: Rehydrate(st.Campaign), categories: slices.Clone(st.Categories), products: slices.Clone(st.Products),
		partners: make(map[kernel.ID]member, len(st.Partners)), productsWithCart: map[kernel.ID]bool{}, lowered: map[kernel.ID]bool{},
		loadedCategories: slices.Clone(st.Categories), loadedProducts: slices.Clone(st.Products), dropped: map[kernel.ID]bool{},
		was: map[kernel.ID]loadedCash{}}
	for _, m := range st.Partners {
		c.partners[m.PartnerID] = member{cash: m.Cash, spent: m.Spent, hasCart: m.HasCart}
	}
	for _, p := range st.ProductsWithCart {
		c.productsWithCart[p] = true
	}
	return c
}

// State returns the composition's stored form.
func (c *Composition) State() CompositionState {
	st := CompositionState{Campaign: c.campaign.State(), Categories: slices.Clone(c.categories), Products: slices.Clone(c.products),
		Partners: make([]MemberState, 0, len(c.partners))}
	for _, id := range slices.Sorted(maps.Keys(c.partners)) {
		m := c.partners[id]
		st.Partners = append(st.Partners, MemberState{PartnerID: id, Cash: m.cash, Spent: m.spent, HasCart: m.hasCart})
	}
	st.ProductsWithCart = slices.Sorted(maps.Keys(c.productsWithCart))
	return st
}

// Campaign is the campaign record the composition belongs to.
func (c *Composition) Campaign() *Campaign { return c.campaign }

// Categories and Products are the ids the campaign holds, in the order they were added
// (as stored: ascending).
func (c *Composition) Categories() []kernel.ID { return slices.Clone(c.categories) }
func (c *Composition) Products() []kernel.ID   { return slices.Clone(c.products) }

// Partners are the campaign's partners with their cash, by ascending id.
func (c *Composition) Partners() []PartnerCash {
	out := make([]PartnerCash, 0, len(c.partners))
	for _, id := range slices.Sorted(maps.Keys(c.partners)) {
		out = append(out, PartnerCash{partnerID: id, cash: c.partners[id].cash})
	}
	return out
}

// Holds tells whether the partner is in the campaign.
func (c *Composition) Holds(partnerID kernel.ID) bool {
	_, ok := c.partners[partnerID]
	return ok
}

// PartnerIDs are the ids of the campaign's partners, ascending.
func (c *Composition) PartnerIDs() []kernel.ID { return slices.Sorted(maps.Keys(c.partners)) }

// Lowered are the partners whose cash this change lowered, ascending.
func (c *Composition) Lowered() []kernel.ID { return slices.Sorted(maps.Keys(c.lowered)) }

// Recheck is the cash rule again for the partners this change lowered, with what their carts
// are worth now (read under their turn): 422 (CheckCash) when one has ordered meanwhile past
// its new cash.
func (c *Composition) Recheck(spent map[kernel.ID]kernel.Amount) error {
	for _, id := range c.Lowered() {
		m, ok := c.partners[id]
		if !ok {
			continue
		}
		if s, ok := spent[id]; ok {
			m.spent = s
			c.partners[id] = m
		}
		if err := CheckCash(m.cash, m.spent); err != nil {
			return &PartnerError{PartnerID: id, Err: err}
		}
	}
	return nil
}

// PartnerError is a refusal about one partner of a change of many (Recheck): Err is the rule's
// own answer, seen through the wrapper.
type PartnerError struct {
	PartnerID kernel.ID
	Err       error
}

func (e *PartnerError) Error() string { return e.Err.Error() }
func (e *PartnerError) Unwrap() error { return e.Err }

// AddCategories links categories (whose existence the catalog answers); those held stay.
func (c *Composition) AddCategories(ids []kernel.ID) { c.categories = union(c.categories, ids) }

// AddProducts links products (whose state the catalog answers); those held stay.
func (c *Composition) AddProducts(ids []kernel.ID) { c.products = union(c.products, ids) }

func union(have, add []kernel.ID) []kernel.ID {
	for _, id := range ids(add) {
		if !slices.Contains(have, id) {
			have = append(have, id)
		}
	}
	return have
}

// PutPartners links partners with their cash, replacing the cash of those held already:
// at most MaxBatch at once, each in one of the campaign's categories (partnerCategories
// holds their own), and a held partner's cash lowered no further than what it has ordered.
func (c *Composition) PutPartners(ps []PartnerCash, partnerCategories map[kernel.ID][]kernel.ID) error {
	ps = normalizedPartners(ps)
	if err := CheckSize("partners", len(ps)); err != nil {
		return err
	}
	if err := CheckPartners(c.categories, partnerIDs(ps), partnerCategories); err != nil {
		return err
	}
	for _, p := range ps {
		if m, ok := c.partners[p.partnerID]; ok && p.cash.Cmp(m.cash) < 0 {
			if err := CheckCash(p.cash, m.spent); err != nil {
				return err
			}
		}
	}
	for _, p := range ps {
		m, ok := c.partners[p.partnerID]
		if ok && p.cash.Cmp(m.cash) < 0 {
			c.lowered[p.partnerID] = true
		}
		m.cash = p.cash
		c.set(p.partnerID, m)
	}
	return nil
}

// PutCash is one row of a campaign's partner file (ADR 0019, Excel) put in by PlanCash's
// rules: own holds the partner's own categories. It answers what the row changed.
func (c *Composition) PutCash(p PartnerCash, own []kernel.ID) (CashChange, error) {
	m, linked := c.partners[p.partnerID]
	change, err := PlanCash(c.categories, own, linked, Money{Cash: m.cash, Spent: m.spent}, p.cash)
	if err != nil || change == CashUnchanged {
		return change, err
	}
	if linked && p.cash.Cmp(m.cash) < 0 {
		c.lowered[p.partnerID] = true
	}
	m.cash = p.cash
	c.set(p.partnerID, m)
	return change, nil
}

// RemoveProduct takes a product out; one with cart items stays (435). A product the campaign
// does not hold changes nothing.
func (c *Composition) RemoveProduct(id kernel.ID) error {
	if c.productsWithCart[id] {
		return ErrHasCart
	}
	c.products = slices.DeleteFunc(c.products, func(p kernel.ID) bool { return p == id })
	return nil
}

// RemovePartner takes a partner out; one the campaign does not hold is not found, one with
// cart items stays (435).
func (c *Composition) RemovePartner(id kernel.ID) error {
	m, ok := c.partners[id]
	if !ok {
		return kernel.NotFound("partner")
	}
	if m.hasCart {
		return ErrHasCart
	}
	c.drop(id)
	return nil
}

func (c *Composition) drop(id kernel.ID) {
	c.touch(id)
	if c.partners[id].put {
		c.puts--
	}
	delete(c.partners, id)
	delete(c.lowered, id)
	c.dropped[id] = true
}

// RemoveCategory takes a category out and prunes the partners in none of the remaining ones
// (partnerCategories holds each partner's own), answering them in ascending order; when one
// of them has cart items nothing changes (435). A category the campaign does not hold is not
// found.
func (c *Composition) RemoveCategory(id kernel.ID, partnerCategories map[kernel.ID][]kernel.ID) ([]kernel.ID, error) {
	if !slices.Contains(c.categories, id) {
		return nil, kernel.NotFound("category")
	}
	remaining := slices.DeleteFunc(slices.Clone(c.categories), func(x kernel.ID) bool { return x == id })
	var pruned []kernel.ID
	for p := range c.partners {
		if !shares(partnerCategories[p], remaining) {
			pruned = append(pruned, p)
		}
	}
	slices.Sort(pruned)
	for _, p := range pruned {
		if c.partners[p].hasCart {
			return nil, ErrHasCart
		}
	}
	for _, p := range pruned {
		c.drop(p)
	}
	c.categories = remaining
	return pruned, nil
}

// Replace makes the campaign hold exactly sel (the stepper's save): a product or a partner
// with cart items may not leave (435), and the partners are put in by PutPartners' rules
// against the new categories. The campaign record is touched, so it saves at its next
// version.
func (c *Composition) Replace(sel Selection, partnerCategories map[kernel.ID][]kernel.ID, now time.Time) error {
	sel = sel.Normalized()
	goneProducts := Removed(c.products, sel.Products)
	gonePartners := Removed(c.PartnerIDs(), sel.PartnerIDs())
	if err := CheckRemoval(goneProducts, c.productsWithCart); err != nil {
		return err
	}
	for _, p := range gonePartners {
		if c.partners[p].hasCart {
			return ErrHasCart
		}
	}
	for _, p := range gonePartners {
		c.drop(p)
	}
	c.categories, c.products = sel.Categories, sel.Products
	if err := c.PutPartners(sel.Partners, partnerCategories); err != nil {
		return err
	}
	c.campaign.Touch(now)
	return nil
}

// CheckSize is 422 for a kind naming more than MaxBatch ids.
func CheckSize(field string, n int) error {
	if n > MaxBatch {
		return kernel.FieldError(field, "The "+field+" may not have more than "+strconv.Itoa(MaxBatch)+" items.")
	}
	return nil
}

// CheckPartners is 422 (ErrPartnerOutside) when a partner belongs to none of categories;
// partnerCategories holds each partner's own categories (none for an unknown partner).
func CheckPartners(categories []kernel.ID, partners []kernel.ID, partnerCategories map[kernel.ID][]kernel.ID) error {
	for _, p := range partners {
		if !shares(partnerCategories[p], categories) {
			return ErrPartnerOutside
		}
	}
	return nil
}

// Prune answers the partners, of those given with their own categories, that belong to none
// of the remaining categories: what removing a category takes out of a campaign (spec §4,
// matched by category id), in ascending id order.
func Prune(remaining []kernel.ID, partnerCategories map[kernel.ID][]kernel.ID) []kernel.ID {
	var out []kernel.ID
	for p, cats := range partnerCategories {
		if !shares(cats, remaining) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// Removed are the ids of current that next no longer holds.
func Removed(current, next []kernel.ID) []kernel.ID {
	keep := make(map[kernel.ID]bool, len(next))
	for _, id := range next {
		keep[id] = true
	}
	var out []kernel.ID
	for _, id := range current {
		if !keep[id] {
			out = append(out, id)
		}
	}
	return out
}

// CheckRemoval is 435 (ErrHasCart) when any of the products or partners leaving a campaign
// has cart items in it; withCart tells which do.
func CheckRemoval(leaving []kernel.ID, withCart map[kernel.ID]bool) error {
	for _, id := range leaving {
		if withCart[id] {
			return ErrHasCart
		}
	}
	return nil
}
