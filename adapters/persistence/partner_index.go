package persistence

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"vitrina/domain/partner"
)

// The partner list's rows in memory (ADR 0035): every column the list filters or sorts on,
// one slice per column, a slot per partner in id order. A page is a scan of the columns its
// filters name into a bitset (the total is its population count), the page's slots picked
// in the list's order, and only those rows read from SQL (partner_index_list.go); the
// change log keeps it current (partner_index_sync.go). Nothing here touches the database.

// bitset is a set of slots.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) clear(i int32)    { b[i>>6] &^= 1 << (uint(i) & 63) }
func (b bitset) has(i int32) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }

func (b bitset) and(o bitset) {
	for i := range b {
		b[i] &= o[i]
	}
}

func (b bitset) andNot(o bitset) {
	for i := range b {
		b[i] &^= o[i]
	}
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// grown is b holding at least n bits, its bits kept.
func (b bitset) grown(n int) bitset {
	for len(b) < (n+63)/64 {
		b = appendOff(b, 0)
	}
	return b
}

// each calls fn with every slot of b in ascending order (descending with reverse) until fn
// answers false.
func (b bitset) each(reverse bool, fn func(int32) bool) {
	if !reverse {
		for i, w := range b {
			for w != 0 {
				if !fn(int32(i*64 + bits.TrailingZeros64(w))) {
					return
				}
				w &= w - 1
			}
		}
		return
	}
	for i := len(b) - 1; i >= 0; i-- {
		for w := b[i]; w != 0; {
			top := 63 - bits.LeadingZeros64(w)
			if !fn(int32(i*64 + top)) {
				return
			}
			w &^= 1 << uint(top)
		}
	}
}

// textColumn holds one folded text per slot: the texts as they were loaded, one after the
// other in one byte arena (each ended by a 0 byte, so that a "contains" filter is one
// bytes.Index pass over the whole column), and the texts changed since in a map. A changed
// text's old bytes are overwritten with 0xFF, which no UTF-8 term holds.
type textColumn struct {
	arena []byte
	start []uint32 // start[s] is slot s's offset in arena; start[len] ends the last
	over  map[int32]string
}

const (
	textEnd   = 0x00
	textBlank = 0xFF
)

func newTextColumn(slots, bytes int) textColumn {
	return textColumn{arena: makeOff[byte](0, bytes), start: makeOff[uint32](1, slots+1)}
}

func (c *textColumn) push(t []byte) {
	c.arena = appendOff(appendOff(c.arena, t...), textEnd)
	c.start = appendOff(c.start, uint32(len(c.arena)))
}

// text is slot s's text.
func (c *textColumn) text(s int32) string {
	if t, ok := c.over[s]; ok {
		return t
	}
	return string(c.arena[c.start[s] : c.start[s+1]-1])
}

// view is text without a copy, for comparisons: valid while the column does not change
// (under the index's read lock).
func (c *textColumn) view(s int32) string {
	if t, ok := c.over[s]; ok {
		return t
	}
	b := c.arena[c.start[s] : c.start[s+1]-1]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// set replaces slot s's text.
func (c *textColumn) set(s int32, t string) {
	if c.text(s) == t {
		return
	}
	c.blank(s)
	if c.over == nil {
		c.over = map[int32]string{}
	}
	c.over[s] = t
}

// blank takes slot s's arena bytes out of every match.
func (c *textColumn) blank(s int32) {
	old := c.arena[c.start[s] : c.start[s+1]-1]
	for i := range old {
		old[i] = textBlank
	}
}

// match adds to out every slot whose text contains term (folded, not empty).
func (c *textColumn) match(term string, out bitset) {
	if strings.IndexByte(term, textEnd) >= 0 {
		// A term holding the separator would match across texts: each text is read apart.
		for s := int32(0); s < int32(len(c.start)-1); s++ {
			if strings.Contains(c.text(s), term) {
				out.set(s)
			}
		}
		return
	}
	needle := []byte(term)
	slots := len(c.start) - 1
	// Two halves on two cores, split at a slot that starts a word of the bitset, so that
	// neither writes the other's words.
	half := (slots / 2) &^ 63
	if len(c.arena) < 1<<20 || half == 0 {
		c.scan(needle, 0, slots, out)
	} else {
		var wg sync.WaitGroup
		wg.Go(func() { c.scan(needle, 0, half, out) })
		c.scan(needle, half, slots, out)
		wg.Wait()
	}
	for s, t := range c.over {
		if strings.Contains(t, term) {
			out.set(s)
		}
	}
}

// maxProbe is the longest needle scan hands bytes.Index: up to about this length it searches
// with vector instructions; a longer one falls back to Rabin-Karp, 3–8 times slower over a
// column (a pasted 200-character filter: 37 ms over 30 MB). A longer term is looked for by its
// first maxProbe bytes and checked whole where they are (it holds no separator, so a match
// never crosses texts).
const maxProbe = 32

// scan adds to out the slots from..to-1 whose arena text holds needle.
func (c *textColumn) scan(needle []byte, from, to int, out bitset) {
	a, starts := c.arena[:c.start[to]], c.start
	probe := needle
	if len(probe) > maxProbe {
		probe = needle[:maxProbe]
	}
	s := from // the slot the search is in
	for pos := int(starts[from]); ; {
		i := bytes.Index(a[pos:], probe)
		if i < 0 {
			return
		}
		if len(probe) < len(needle) && !bytes.HasPrefix(a[pos+i:], needle) {
			pos += i + 1 // the text may hold the term further on
			continue
		}
		at := uint32(pos + i)
		// The slot holding the match: galloping from the last one, as matches come in order.
		step := 1
		for s+step < to && starts[s+step] <= at {
			s += step
			step *= 2
		}
		for starts[s+1] <= at {
			s++
		}
		out.set(int32(s))
		pos = int(starts[s+1])
	}
}

// linkColumn holds each slot's linked ids (a partner's categories), sorted: as loaded, in
// one slice cut by start, and those changed since in a map.
type linkColumn struct {
	ids   []int32
	start []uint32
	over  map[int32][]int32
}

func (c *linkColumn) push(ids []int32) {
	c.ids = appendOff(c.ids, ids...)
	c.start = appendOff(c.start, uint32(len(c.ids)))
}

func (c *linkColumn) of(s int32) []int32 {
	if ids, ok := c.over[s]; ok {
		return ids
	}
	return c.ids[c.start[s]:c.start[s+1]]
}

func (c *linkColumn) set(s int32, ids []int32) {
	if slices.Equal(c.of(s), ids) {
		return
	}
	if c.over == nil {
		c.over = map[int32][]int32{}
	}
	c.over[s] = ids
}

// The partner texts the list filters with "contains", by list field.
var partnerTextFields = [...]string{"name", "address", "pib", "pdv", "phone"}

const partnerTexts = len(partnerTextFields)

// partnerRecord is one partner as the index keeps it (and as partner_index_sync.go reads it).
type partnerRecord struct {
	id      int64
	texts   [partnerTexts][]byte
	city    int64 // 0: none
	ptype   int64 // 0: none
	figures [partner.NumFigures]int64
	active  bool
	updated int64 // unix nanoseconds
	cats    []int32
}

// partnerColumns is the index's data: slot s is the partner ids[s]; slots are in id order
// (ordered reports whether one came late, and the index is then rebuilt).
type partnerColumns struct {
	ids     []int64
	sorted  int             // ids[:sorted] ascend: found by a binary search
	late    map[int64]int32 // the slots pushed out of id order since, by id
	live    bitset          // not deleted
	active  bitset
	city    []int32
	ptype   []int32
	updated []int64
	figures [partner.NumFigures][]int64
	texts   [partnerTexts]textColumn
	cats    linkColumn
	// The figures' orders (partner_index_order.go), used under ordersMu.
	ordersMu   sync.Mutex
	orders     [partner.NumFigures]figureOrder
	orderClock uint64
	ordered    bool
	dead       int
}

// newPartnerColumns makes room for slots partners and, per text column, its bytes (0: a
// guess).
func newPartnerColumns(slots int, textBytes [partnerTexts]int) *partnerColumns {
	c := &partnerColumns{ids: makeOff[int64](0, slots), city: makeOff[int32](0, slots), ptype: makeOff[int32](0, slots),
		updated: makeOff[int64](0, slots), cats: linkColumn{start: makeOff[uint32](1, slots+1)}, ordered: true,
		live: makeOff[uint64](0, slots/64+1), active: makeOff[uint64](0, slots/64+1)}
	for f := range c.figures {
		c.figures[f] = makeOff[int64](0, slots)
	}
	for t := range c.texts {
		if textBytes[t] == 0 {
			textBytes[t] = slots * 16
		}
		c.texts[t] = newTextColumn(slots, textBytes[t])
	}
	return c
}

func (c *partnerColumns) slots() int { return len(c.ids) }

// slot finds the partner id's slot (a dead one too: the caller asks live).
func (c *partnerColumns) slot(id int64) (int32, bool) {
	if s, ok := c.late[id]; ok {
		return s, true
	}
	// The last of equal ids: a deleted partner's id back again has its new slot after.
	i, _ := slices.BinarySearch(c.ids[:c.sorted], id+1)
	if i > 0 && c.ids[i-1] == id {
		return int32(i - 1), true
	}
	return 0, false
}

// free gives the columns' memory back; nothing may read them after.
func (c *partnerColumns) free() {
	freeOff(c.ids)
	freeOff(c.city)
	freeOff(c.ptype)
	freeOff(c.updated)
	freeOff(c.live)
	freeOff(c.active)
	for f := range c.figures {
		freeOff(c.figures[f])
	}
	for t := range c.texts {
		freeOff(c.texts[t].arena)
		freeOff(c.texts[t].start)
	}
	freeOff(c.cats.ids)
	freeOff(c.cats.start)
	for f := range c.orders {
		c.orders[f].free()
	}
}

// put stores r: a new slot for a new partner, its columns replaced for a known one.
func (c *partnerColumns) put(r *partnerRecord) {
	s, ok := c.slot(r.id)
	if !ok || !c.live.has(s) {
		c.push(r)
		return
	}
	c.setFlag(c.active, s, r.active)
	c.city[s], c.ptype[s], c.updated[s] = int32(r.city), int32(r.ptype), r.updated
	for f := range c.figures {
		if c.figures[f][s] != r.figures[f] {
			c.figures[f][s] = r.figures[f]
			c.orders[f].note(s)
		}
	}
	for t := range c.texts {
		c.texts[t].set(s, string(r.texts[t]))
	}
	c.cats.set(s, slices.Clone(r.cats))
}

func (c *partnerColumns) push(r *partnerRecord) {
	s := int32(len(c.ids))
	if s > 0 && r.id < c.ids[s-1] {
		c.ordered = false
	}
	if len(c.ids) == c.sorted && c.ordered {
		c.sorted++
	} else {
		if c.late == nil {
			c.late = map[int64]int32{}
		}
		c.late[r.id] = s
	}
	c.ids = appendOff(c.ids, r.id)
	c.live = c.live.grown(int(s) + 1)
	c.active = c.active.grown(int(s) + 1)
	c.live.set(s)
	c.setFlag(c.active, s, r.active)
	c.city = appendOff(c.city, int32(r.city))
	c.ptype = appendOff(c.ptype, int32(r.ptype))
	c.updated = appendOff(c.updated, r.updated)
	for f := range c.figures {
		c.figures[f] = appendOff(c.figures[f], r.figures[f])
		c.orders[f].note(s)
	}
	for t := range c.texts {
		c.texts[t].push(r.texts[t])
	}
	c.cats.push(r.cats)
}

func (c *partnerColumns) setFlag(b bitset, s int32, on bool) {
	if on {
		b.set(s)
	} else {
		b.clear(s)
	}
}

// remove takes the partner id out of every answer.
func (c *partnerColumns) remove(id int64) {
	s, ok := c.slot(id)
	if !ok || !c.live.has(s) {
		return
	}
	c.live.clear(s)
	c.active.clear(s)
	for f := range c.orders {
		c.orders[f].note(s)
	}
	for t := range c.texts {
		c.texts[t].blank(s)
		delete(c.texts[t].over, s)
	}
	delete(c.late, id)
	c.dead++
}

// worn tells whether the columns should be rebuilt: a slot out of id order, or many slots
// dead or changed since they were loaded.
func (c *partnerColumns) worn() bool {
	limit := max(1024, c.slots()/8)
	changed := len(c.cats.over)
	for t := range c.texts {
		changed = max(changed, len(c.texts[t].over))
	}
	return !c.ordered || len(c.late) > 0 || c.dead > limit || changed > limit
}

// rebuilt is the columns anew: the live slots in id order, every text in its arena.
func (c *partnerColumns) rebuilt() *partnerColumns {
	order := make([]int32, 0, c.slots()-c.dead)
	c.live.each(false, func(s int32) bool { order = append(order, s); return true })
	slices.SortFunc(order, func(a, b int32) int { return cmpInt64(c.ids[a], c.ids[b]) })
	var sizes [partnerTexts]int
	for t := range c.texts {
		sizes[t] = len(c.texts[t].arena)
	}
	n := newPartnerColumns(len(order), sizes)
	remap := make([]int32, c.slots())
	for s := range remap {
		remap[s] = -1
	}
	var r partnerRecord
	for i, s := range order {
		c.record(s, &r)
		n.push(&r)
		remap[s] = int32(i)
	}
	c.carryOrders(n, remap)
	return n
}

// record reads slot s into r (its texts and links valid until the columns change).
func (c *partnerColumns) record(s int32, r *partnerRecord) {
	r.id, r.active, r.updated = c.ids[s], c.active.has(s), c.updated[s]
	r.city, r.ptype = int64(c.city[s]), int64(c.ptype[s])
	for f := range c.figures {
		r.figures[f] = c.figures[f][s]
	}
	for t := range c.texts {
		v := c.texts[t].view(s)
		r.texts[t] = unsafe.Slice(unsafe.StringData(v), len(v))
	}
	r.cats = c.cats.of(s)
}

// withLinks sets the links of every slot at once, from pairs sorted by partner id: the
// full load reads the partners first and their categories after.
func (c *partnerColumns) withLinks(next func() (partnerID int64, linkID int32, ok bool)) {
	freeOff(c.cats.start)
	freeOff(c.cats.ids)
	c.cats = linkColumn{start: makeOff[uint32](c.slots()+1, c.slots()+1)}
	s := int32(0)
	for {
		id, link, ok := next()
		if !ok {
			break
		}
		slot, known := c.slot(id)
		if !known {
			continue // a partner added after the partners were read: the change log brings it
		}
		for ; s <= slot; s++ {
			c.cats.start[s] = uint32(len(c.cats.ids))
		}
		c.cats.ids = appendOff(c.cats.ids, link)
	}
	for ; int(s) <= c.slots(); s++ {
		c.cats.start[s] = uint32(len(c.cats.ids))
	}
	// Each slot's links sorted, as put keeps them.
	for slot := 0; slot < c.slots(); slot++ {
		slices.Sort(c.cats.ids[c.cats.start[slot]:c.cats.start[slot+1]])
	}
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
