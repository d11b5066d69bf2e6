package campaign

import (
	"slices"
	"strconv"

	"vitrina/domain/kernel"
)

// PartnerCash is a partner of a campaign with its cash there.
type PartnerCash struct {
	PartnerID kernel.ID
	Cash      kernel.Amount
}

// Composition is what a campaign holds: its categories, its partners with their cash and its
// products. The stepper saves all three at once (spec §4).
type Composition struct {
	Categories []kernel.ID
	Partners   []PartnerCash
	Products   []kernel.ID
}

// Normalized is c with positive ids once each (a partner named twice keeps its last cash),
// in the order given.
func (c Composition) Normalized() Composition {
	out := Composition{Categories: ids(c.Categories), Products: ids(c.Products)}
	at := map[kernel.ID]int{}
	for _, p := range c.Partners {
		if p.PartnerID <= 0 {
			continue
		}
		if i, ok := at[p.PartnerID]; ok {
			out.Partners[i].Cash = p.Cash
			continue
		}
		at[p.PartnerID] = len(out.Partners)
		out.Partners = append(out.Partners, p)
	}
	return out
}

// PartnerIDs are the ids of the composition's partners.
func (c Composition) PartnerIDs() []kernel.ID {
	out := make([]kernel.ID, len(c.Partners))
	for i, p := range c.Partners {
		out[i] = p.PartnerID
	}
	return out
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
