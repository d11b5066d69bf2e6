package persistence

import "slices"

// The partners in each figure's order, kept beside the columns (ADR 0036, "the figures'
// order in memory"): the unfiltered page by a figure is a slice of it, with no scan of a
// million keys and no index in the database, so that an import writes four b-tree entries
// a partner fewer than six sort indexes would make it.

// figureOrder is every live slot sorted by one figure, then by slot (the id): built on first
// use; a slot whose figure changed, that came or that went since is in moved, and the next
// use merges those in. Slots are in id order whenever a reader sees the columns, so a tie
// by slot is a tie by id. Readers use the orders under partnerColumns.ordersMu (one builds or
// merges at a time); writers change them under the index's write lock.
type figureOrder struct {
	slots []int32 // off the heap; nil: not built
	moved []int32 // may repeat a slot
	used  uint64  // when a reader last used it (partnerColumns.orderClock)
}

// heldOrders is how many figures' orders are kept at once: 4 MB each at a million partners.
// A page by a fourth figure drops the order used longest ago (built again when asked for:
// 0.1–0.3 s at a million), which keeps the server within its memory at a million partners.
const heldOrders = 3

// note records that slot s is out of place (a changed figure, a new or a removed slot); an
// order not built yet has nothing to correct. An order no one read while a quarter of its
// slots moved goes: building it anew costs no more than the merge, and the notes stay bounded.
func (o *figureOrder) note(s int32) {
	if o.slots == nil {
		return
	}
	o.moved = append(o.moved, s)
	if len(o.moved) > max(4096, len(o.slots)/4) {
		o.free()
	}
}

func (o *figureOrder) free() {
	freeOff(o.slots)
	o.slots, o.moved = nil, nil
}

// current is the order of figure f over c, built or brought up to date; the caller holds
// c.ordersMu and the index's read lock.
func (o *figureOrder) current(c *partnerColumns, f int) []int32 {
	key := c.figures[f]
	before := func(a, b int32) int {
		if key[a] != key[b] {
			return cmpInt64(key[a], key[b])
		}
		return int(a - b)
	}
	if o.slots == nil {
		// Sorted in place, reading the keys by slot: a fifth slower than sorting pairs of
		// key and slot, without their 16 bytes a partner held meanwhile.
		all := makeOff[int32](0, c.slots()-c.dead)
		c.live.each(false, func(s int32) bool { all = append(all, s); return true })
		slices.SortFunc(all, before)
		o.slots, o.moved = all, nil
		return o.slots
	}
	if len(o.moved) == 0 {
		return o.slots
	}
	// The moved slots leave; those still live come back sorted, merged with the rest.
	out := bitset(make([]uint64, (c.slots()+63)/64))
	var back []int32
	for _, s := range o.moved {
		if !out.has(s) {
			out.set(s)
			if c.live.has(s) {
				back = append(back, s)
			}
		}
	}
	slices.SortFunc(back, before)
	merged := makeOff[int32](0, len(o.slots)+len(back))
	i := 0
	for _, s := range o.slots {
		if out.has(s) {
			continue
		}
		for i < len(back) && before(back[i], s) < 0 {
			merged = append(merged, back[i])
			i++
		}
		merged = append(merged, s)
	}
	merged = append(merged, back[i:]...)
	freeOff(o.slots)
	o.slots, o.moved = merged, nil
	return o.slots
}

// figurePage answers the slots of every live partner's page [offset, offset+limit) by
// figure f (descending: the figure and the id both descending), and how many live partners
// there are; the caller holds the index's read lock.
func (c *partnerColumns) figurePage(f int, desc bool, offset, limit int) ([]int32, int) {
	c.ordersMu.Lock()
	defer c.ordersMu.Unlock()
	order := c.useOrder(f)
	total := len(order)
	if offset >= total {
		return nil, total
	}
	n := min(limit, total-offset)
	page := make([]int32, n)
	if !desc {
		copy(page, order[offset:offset+n])
		return page, total
	}
	for i := range page {
		page[i] = order[total-1-offset-i]
	}
	return page, total
}

// figureWalk answers the page [offset, offset+limit) of the matches m (total of them) by
// figure f, walking f's order, when the walk meets the page sooner than a pass over every
// match would: a broad filter's page (half a million matches at a million partners) is then
// the first matching slots of the order, not a heap over all of them. An order not built yet
// is built for a broad match (at least an eighth of the partners: built once, as the
// unfiltered page builds it, it serves every later page by that figure). ok is false
// otherwise, and the caller pages as before. The caller holds the index's read lock.
func (c *partnerColumns) figureWalk(f int, desc bool, m bitset, total, offset, limit int) (page []int32, ok bool) {
	c.ordersMu.Lock()
	defer c.ordersMu.Unlock()
	o := &c.orders[f]
	live := c.slots() - c.dead
	if total == 0 || o.slots == nil && total < live/8 {
		return nil, false
	}
	// The walk visits about (offset+limit)·live/total slots; a pass visits every match.
	if int64(offset+limit)*int64(live) > int64(total)*int64(total) {
		return nil, false
	}
	order := c.useOrder(f)
	page = make([]int32, 0, limit)
	skip := offset
	take := func(s int32) bool {
		if !m.has(s) {
			return true
		}
		if skip > 0 {
			skip--
			return true
		}
		page = append(page, s)
		return len(page) < limit
	}
	if desc {
		for i := len(order) - 1; i >= 0 && take(order[i]); i-- {
		}
	} else {
		for i := 0; i < len(order) && take(order[i]); i++ {
		}
	}
	return page, true
}

// useOrder is figure f's order, built or brought up to date and marked used, the order used
// longest ago dropped first when f's is to be built past heldOrders; the caller holds
// c.ordersMu and the index's read lock.
func (c *partnerColumns) useOrder(f int) []int32 {
	c.orderClock++
	o := &c.orders[f]
	o.used = c.orderClock
	if o.slots == nil {
		c.dropOrdersBeyond(heldOrders-1, f)
	}
	return o.current(c, f)
}

// dropOrdersBeyond frees the orders used longest ago, but keep's, until at most n are built.
func (c *partnerColumns) dropOrdersBeyond(n, keep int) {
	for {
		built, oldest := 0, -1
		for f := range c.orders {
			if c.orders[f].slots == nil {
				continue
			}
			built++
			if f != keep && (oldest < 0 || c.orders[f].used < c.orders[oldest].used) {
				oldest = f
			}
		}
		if built <= n || oldest < 0 {
			return
		}
		c.orders[oldest].free()
	}
}

// carryOrders gives to, the rebuilt columns, c's orders, its slot for an old slot s being
// remap[s] (-1: gone): the slots kept keep their places (their ids keep their order), the
// moved ones stay to be merged.
func (c *partnerColumns) carryOrders(to *partnerColumns, remap []int32) {
	for f := range c.orders {
		old, o := &c.orders[f], &to.orders[f]
		if old.slots == nil {
			continue
		}
		o.slots = makeOff[int32](0, len(old.slots))
		for _, s := range old.slots {
			if n := remap[s]; n >= 0 {
				o.slots = append(o.slots, n)
			}
		}
		for _, s := range old.moved {
			if n := remap[s]; n >= 0 {
				o.moved = append(o.moved, n)
			}
		}
		o.used = old.used
	}
	to.orderClock = c.orderClock
}
