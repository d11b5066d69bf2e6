package persistence

import (
	mathbits "math/bits"
	"slices"
	"strings"
)

// One list query answered from the partner index (partner_index.go): the matches as a
// bitset, their count, and the slots of the page in the list's order. What needs SQL (the
// cities, types and categories a "contains" filter names) is found before, by
// partner_index_list.go, and arrives here as id sets.

// idFilter is a set of linked ids (cities, partner types, categories); nil lets every row in.
type idFilter struct{ in []bool }

func newIDFilter(ids []int64) *idFilter {
	f := &idFilter{}
	for _, id := range ids {
		if id <= 0 || id > maxLinkedID {
			continue
		}
		for int64(len(f.in)) <= id {
			f.in = append(f.in, false)
		}
		f.in[id] = true
	}
	return f
}

// maxLinkedID bounds the ids the index keeps in 32 bits (cities, types, categories).
const maxLinkedID = 1<<31 - 1

func (f *idFilter) has(id int32) bool { return id > 0 && int(id) < len(f.in) && f.in[id] }

// partnerSearch is one query over the index.
type partnerSearch struct {
	texts   []textTerm
	numbers []numberTerm
	cities  *idFilter
	types   *idFilter
	links   []*idFilter // each: the partner has one of the categories
	active  *bool
	order   partnerOrder
	offset  int
	limit   int // 0: every match
}

// unfiltered tells whether q keeps every partner.
func (q *partnerSearch) unfiltered() bool {
	return len(q.texts) == 0 && len(q.numbers) == 0 && q.cities == nil && q.types == nil && len(q.links) == 0 && q.active == nil
}

type textTerm struct {
	column int
	term   string // folded, not empty
}

type numberTerm struct {
	figure int // -1: the id
	r      numberRange
}

// orderKind is what a page is sorted by; the id breaks every tie, in the same direction.
type orderKind int

const (
	byID orderKind = iota
	byNumber
	byText
	byActive
)

type partnerOrder struct {
	kind     orderKind
	text     int     // byText: the column
	nums     []int64 // byNumber: the key per slot; with nullable, -1 is none (last either way)
	nullable bool
	desc     bool
	// byFigure: nums is figure figure's column, whose order in memory (figureWalk) may
	// serve the page.
	byFigure bool
	figure   int
}

// matches is the set of slots q keeps: the texts scanned first, then the other filters a
// word of 64 slots at a time, skipping the words no slot is left in.
func (c *partnerColumns) matches(q *partnerSearch) bitset {
	m := slices.Clone(c.live)
	if q.active != nil {
		if *q.active {
			m.and(c.active)
		} else {
			m.andNot(c.active)
		}
	}
	for _, t := range q.texts {
		found := newBitset(c.slots())
		c.texts[t.column].match(t.term, found)
		m.and(found)
	}
	for _, n := range q.numbers {
		col := c.ids
		if n.figure >= 0 {
			col = c.figures[n.figure]
		}
		lo, hi := n.r.bounds()
		for w := range m {
			if m[w] == 0 {
				continue
			}
			var keep uint64
			for i, v := range col[w*64 : min(len(col), w*64+64)] {
				if v >= lo && v <= hi {
					keep |= 1 << uint(i)
				}
			}
			m[w] &= keep
		}
	}
	if q.cities != nil {
		narrowByID(m, c.city, q.cities)
	}
	if q.types != nil {
		narrowByID(m, c.ptype, q.types)
	}
	for _, l := range q.links {
		// Slots whose links changed since they were loaded are judged by the overlay.
		var changed []int32
		for s := range c.cats.over {
			if m.has(s) {
				changed = append(changed, s)
			}
		}
		ids, start := c.cats.ids, c.cats.start
		for w := range m {
			if m[w] == 0 {
				continue
			}
			var keep uint64
			for s := w * 64; s < min(c.slots(), w*64+64); s++ {
				for _, id := range ids[start[s]:start[s+1]] {
					if l.has(id) {
						keep |= 1 << uint(s-w*64)
						break
					}
				}
			}
			m[w] &= keep
		}
		for _, s := range changed {
			c.setFlag(m, s, slices.ContainsFunc(c.cats.over[s], l.has))
		}
	}
	return m
}

// narrowByID keeps in m the slots whose id in col is in f.
func narrowByID(m bitset, col []int32, f *idFilter) {
	for w := range m {
		if m[w] == 0 {
			continue
		}
		var keep uint64
		for i, id := range col[w*64 : min(len(col), w*64+64)] {
			if f.has(id) {
				keep |= 1 << uint(i)
			}
		}
		m[w] &= keep
	}
}

// page answers the slots of q's page among the matches m (total of them) in q's order.
func (c *partnerColumns) page(q *partnerSearch, m bitset, total int) []int32 {
	if q.offset >= total {
		return nil
	}
	limit := total - q.offset
	if q.limit > 0 {
		limit = min(limit, q.limit)
	}
	o := q.order
	if o.kind == byID {
		// Slots are in id order: the page is a walk of the bitset.
		out := make([]int32, 0, limit)
		skip := q.offset
		m.each(o.desc, func(s int32) bool {
			if skip > 0 {
				skip--
				return true
			}
			out = append(out, s)
			return len(out) < limit
		})
		return out
	}
	if o.kind == byNumber && o.byFigure {
		if out, ok := c.figureWalk(o.figure, o.desc, m, total, q.offset, limit); ok {
			return out
		}
	}
	less := c.less(o)
	const selectAtMost = 4096
	switch {
	case q.offset+limit <= selectAtMost && o.kind == byNumber && !o.nullable:
		return firstByNumber(m, q.offset+limit, o.nums, o.desc)[q.offset:]
	case q.offset+limit <= selectAtMost:
		return c.smallest(m, q.offset+limit, less)[q.offset:]
	case total-q.offset <= selectAtMost:
		// A page near the end: the last rows, found as the first of the reverse order.
		rev := c.smallest(m, total-q.offset, func(a, b int32) bool { return less(b, a) })
		slices.Reverse(rev)
		return rev[:limit]
	}
	all := make([]int32, 0, total)
	m.each(false, func(s int32) bool { all = append(all, s); return true })
	slices.SortFunc(all, func(a, b int32) int {
		if less(a, b) {
			return -1
		}
		return 1
	})
	return all[q.offset : q.offset+limit]
}

// firstByNumber is smallest for a sort by a number without nulls (a figure, the update
// time), with the comparison written out: a broad match's half a million rows each meet the
// heap's top once, and most stop there.
func firstByNumber(m bitset, k int, nums []int64, desc bool) []int32 {
	// Descending is ascending on the negated key and slot.
	sign := int64(1)
	if desc {
		sign = -1
	}
	type item struct{ key, slot int64 }
	before := func(a, b item) bool { return a.key < b.key || a.key == b.key && a.slot < b.slot }
	h := make([]item, 0, k)
	down := func(i int) {
		for {
			l, r, top := 2*i+1, 2*i+2, i
			if l < len(h) && before(h[top], h[l]) {
				top = l
			}
			if r < len(h) && before(h[top], h[r]) {
				top = r
			}
			if top == i {
				return
			}
			h[i], h[top] = h[top], h[i]
			i = top
		}
	}
	for w, bits := range m {
		for bits != 0 {
			s := w*64 + mathbits.TrailingZeros64(bits)
			bits &= bits - 1
			it := item{sign * nums[s], sign * int64(s)}
			if len(h) < k {
				h = append(h, it)
				for i := len(h) - 1; i > 0; {
					p := (i - 1) / 2
					if !before(h[p], h[i]) {
						break
					}
					h[i], h[p] = h[p], h[i]
					i = p
				}
				continue
			}
			if top := h[0]; it.key < top.key || it.key == top.key && it.slot < top.slot {
				h[0] = it
				down(0)
			}
		}
	}
	slices.SortFunc(h, func(a, b item) int {
		if before(a, b) {
			return -1
		}
		return 1
	})
	out := make([]int32, len(h))
	for i, it := range h {
		out[i] = int32(sign * it.slot)
	}
	return out
}

// smallest answers the k first slots of m in the order less, sorted: a bounded max-heap.
func (c *partnerColumns) smallest(m bitset, k int, less func(a, b int32) bool) []int32 {
	h := make([]int32, 0, k)
	down := func(i int) {
		for {
			l, r, top := 2*i+1, 2*i+2, i
			if l < len(h) && less(h[top], h[l]) {
				top = l
			}
			if r < len(h) && less(h[top], h[r]) {
				top = r
			}
			if top == i {
				return
			}
			h[i], h[top] = h[top], h[i]
			i = top
		}
	}
	m.each(false, func(s int32) bool {
		if len(h) < k {
			h = append(h, s)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !less(h[p], h[i]) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
		} else if less(s, h[0]) {
			h[0] = s
			down(0)
		}
		return true
	})
	slices.SortFunc(h, func(a, b int32) int {
		if less(a, b) {
			return -1
		}
		return 1
	})
	return h
}

// less is the list's order on slots: the key, then the id (the slot), both in o's
// direction; a row without a key comes last either way.
func (c *partnerColumns) less(o partnerOrder) func(a, b int32) bool {
	dir := func(cmp int, a, b int32) bool {
		if cmp == 0 {
			cmp = cmpInt64(int64(a), int64(b))
		}
		if o.desc {
			return cmp > 0
		}
		return cmp < 0
	}
	switch o.kind {
	case byText:
		col := &c.texts[o.text]
		return func(a, b int32) bool { return dir(strings.Compare(col.view(a), col.view(b)), a, b) }
	case byActive:
		return func(a, b int32) bool {
			x, y := c.active.has(a), c.active.has(b)
			cmp := 0
			if x != y {
				cmp = -1
				if x {
					cmp = 1
				}
			}
			return dir(cmp, a, b)
		}
	}
	nums := o.nums
	if o.nullable {
		return func(a, b int32) bool {
			x, y := nums[a], nums[b]
			if (x < 0) != (y < 0) {
				return y < 0
			}
			return dir(cmpInt64(x, y), a, b)
		}
	}
	return func(a, b int32) bool { return dir(cmpInt64(nums[a], nums[b]), a, b) }
}
