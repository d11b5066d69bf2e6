package persistence

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// partnerList is the partners screen's list: its pages and totals from the partner index
// (ADR 0035), the page's rows from SQL by id; the stream (exports) and one row by id are the
// shared list mechanism's, with the same filters and order.
type partnerList struct {
	*Lister[partnerViewRow, partnerports.PartnerView]
	index *PartnerIndex
}

func newPartnerList(db *bun.DB, index *PartnerIndex) *partnerList {
	return &partnerList{Lister: NewLister(db, partnerSpec(IsSQLite(db)), "partners", "partner", (*partnerViewRow).view),
		index: index}
}

// textMatches answers the ids of the partners whose folded text column (one of
// partnerTextFields) holds term, in slot order, unless more than limit do (over): a linked
// partner's filter on another list (Field.Partner).
func (ix *PartnerIndex) textMatches(ctx context.Context, column, term string, limit int) (ids []int64, over bool, err error) {
	i := slices.Index(partnerTextFields[:], column)
	if i < 0 {
		return nil, false, fmt.Errorf("the partner index has no text column %q", column)
	}
	s := partnerSearch{texts: []textTerm{{column: i, term: term}}}
	err = ix.read(ctx, func(c *partnerColumns) {
		m := c.matches(&s)
		n := m.count()
		if n > limit {
			over = true
			return
		}
		ids = make([]int64, 0, n)
		m.each(false, func(slot int32) bool {
			ids = append(ids, c.ids[slot])
			return true
		})
	})
	return ids, over, err
}

// CatchUp brings the list's index up to every committed write (loading it the first time):
// what each filtered page does first, for a worker to do ahead of it.
func (l *partnerList) CatchUp(ctx context.Context) error { return l.index.catchUp(ctx) }

// List answers one page and the exact total.
func (l *partnerList) List(ctx context.Context, q ports.ListQuery) (ports.Page[partnerports.PartnerView], error) {
	ctx = inList(ctx, l.name)
	if _, inTx := ctx.Value(txKey{}).(bun.Tx); inTx {
		// A transaction's own writes are not in the index until it commits.
		return l.Lister.List(ctx, q)
	}
	if l.index.warming() {
		// The index is loading: SQL answers rather than keep the user waiting for the load.
		var page ports.Page[partnerports.PartnerView]
		err := l.index.whileLoading(ctx, func(ctx context.Context) (err error) {
			page, err = l.Lister.List(ctx, q)
			return err
		})
		return page, err
	}
	if err := l.spec.check(q); err != nil {
		return ports.Page[partnerports.PartnerView]{}, err
	}
	search, err := l.search(ctx, q)
	if err != nil {
		return ports.Page[partnerports.PartnerView]{}, err
	}
	if search.unfiltered() {
		if f := l.figureSort(q); f >= 0 && search.limit > 0 {
			// Every partner by a figure: the page is a slice of the figure's order in memory.
			var ids []int64
			total := 0
			err := l.index.read(ctx, func(c *partnerColumns) {
				var slots []int32
				slots, total = c.figurePage(f, q.Desc, search.offset, search.limit)
				ids = slotIDs(c, slots)
			})
			if err != nil {
				return ports.Page[partnerports.PartnerView]{}, err
			}
			return l.rows(ctx, ids, total)
		}
		// Every partner by another key: SQL reads the page in an index's order and the total
		// from row_counts.
		return l.Lister.List(ctx, q)
	}
	ranks, err := l.order(ctx, q, &search)
	if err != nil {
		return ports.Page[partnerports.PartnerView]{}, err
	}
	var ids []int64
	total := 0
	err = l.index.read(ctx, func(c *partnerColumns) {
		if ranks != nil {
			search.order.nums = ranks(c)
		}
		m := c.matches(&search)
		total = m.count()
		ids = slotIDs(c, c.page(&search, m, total))
	})
	if err != nil {
		return ports.Page[partnerports.PartnerView]{}, err
	}
	return l.rows(ctx, ids, total)
}

// figureSort is the figure q sorts by, or -1.
func (l *partnerList) figureSort(q ports.ListQuery) int {
	if q.Sort == "" {
		return figureIndex(l.spec.DefaultSort)
	}
	return figureIndex(q.Sort)
}

// slotIDs are the partner ids of slots.
func slotIDs(c *partnerColumns, slots []int32) []int64 {
	ids := make([]int64, len(slots))
	for i, s := range slots {
		ids[i] = c.ids[s]
	}
	return ids
}

// rows is the page of the partners ids, in that order, read from SQL, with total.
func (l *partnerList) rows(ctx context.Context, ids []int64, total int) (ports.Page[partnerports.PartnerView], error) {
	page := ports.Page[partnerports.PartnerView]{Items: make([]partnerports.PartnerView, 0, len(ids)), Total: total}
	if len(ids) == 0 {
		return page, nil
	}
	var rows []partnerViewRow
	if err := l.spec.From(l.db).ColumnExpr(l.spec.Columns).Where("p.id IN (?)", bun.List(ids)).Scan(ctx, &rows); err != nil {
		return ports.Page[partnerports.PartnerView]{}, err
	}
	at := make(map[int64]int, len(rows))
	for i := range rows {
		at[rows[i].ID] = i
	}
	for _, id := range ids {
		// A partner deleted since the index was read is left out of the page.
		if i, ok := at[id]; ok {
			page.Items = append(page.Items, rows[i].view())
		}
	}
	return page, nil
}

// search turns q's filters into a query over the index, the linked tables' names it filters
// on found in SQL first; order adds its sort.
func (l *partnerList) search(ctx context.Context, q ports.ListQuery) (partnerSearch, error) {
	s := partnerSearch{active: q.Active, offset: q.Offset()}
	if q.Page > 0 {
		s.limit = q.PerPage
	}
	for k, v := range q.Filters {
		if i := slices.Index(partnerTextFields[:], k); i >= 0 {
			if term := fold(v); term != "" {
				s.texts = append(s.texts, textTerm{column: i, term: term})
			}
			continue
		}
		f, ok := l.spec.Fields[k]
		if !ok {
			continue
		}
		if f.Number != "" {
			if r, ok := parseNumberFilter(v, f.Scale); ok {
				s.numbers = append(s.numbers, numberTerm{figure: figureIndex(k), r: r})
			}
			continue
		}
		term := fold(v)
		if term == "" {
			continue
		}
		var table string
		switch k {
		case "city_name":
			table = "cities"
		case "partner_type_name":
			table = "partner_types"
		case "category_names":
			table = "categories"
		default:
			continue
		}
		ids, err := l.namedIDs(ctx, table, term)
		if err != nil {
			return s, err
		}
		switch k {
		case "city_name":
			s.cities = newIDFilter(ids)
		case "partner_type_name":
			s.types = newIDFilter(ids)
		default:
			s.links = append(s.links, newIDFilter(ids))
		}
	}
	for _, set := range q.IDSets {
		ids := make([]int64, len(set))
		for i, id := range set {
			ids[i] = int64(id)
		}
		s.links = append(s.links, newIDFilter(ids))
	}
	return s, nil
}

// order sets s's order from q's sort and, for a sort by a linked name, answers how to rank
// every partner by it (the names read in SQL).
func (l *partnerList) order(ctx context.Context, q ports.ListQuery, s *partnerSearch) (func(*partnerColumns) []int64, error) {
	if _, _, _, err := l.spec.sortKey(q); err != nil {
		return nil, err // a sort the list does not have
	}
	key := q.Sort
	if key == "" {
		key = l.spec.DefaultSort
	}
	s.order.desc = q.Desc
	var ranks func(*partnerColumns) []int64
	switch key {
	case "id":
		s.order.kind = byID
	case "is_active":
		s.order.kind = byActive
	case "updated_at":
		ranks = func(c *partnerColumns) []int64 { return c.updated }
	case "city_name", "partner_type_name":
		table := map[string]string{"city_name": "cities", "partner_type_name": "partner_types"}[key]
		rank, err := l.rankedIDs(ctx, table)
		if err != nil {
			return nil, err
		}
		s.order.nullable = true
		ranks = func(c *partnerColumns) []int64 {
			col := c.city
			if key == "partner_type_name" {
				col = c.ptype
			}
			out := make([]int64, len(col))
			for i, id := range col {
				out[i] = -1
				if r, ok := rank[id]; ok {
					out[i] = r
				}
			}
			return out
		}
	case "category_names":
		names, err := l.categoryNames(ctx)
		if err != nil {
			return nil, err
		}
		s.order.nullable = true
		ranks = func(c *partnerColumns) []int64 { return categoryRanks(c, names) }
	default:
		if i := slices.Index(partnerTextFields[:], key); i >= 0 {
			s.order.kind, s.order.text = byText, i
		} else {
			f := figureIndex(key)
			s.order.byFigure, s.order.figure = true, f
			ranks = func(c *partnerColumns) []int64 { return c.figures[f] }
		}
	}
	if ranks != nil {
		s.order.kind = byNumber
	}
	return ranks, nil
}

// figureIndex is the figure a list field names, by its key; -1 for the id.
func figureIndex(key string) int {
	for i, f := range partner.AllFigures {
		if f.Key() == key {
			return i
		}
	}
	return -1
}

// namedIDs answers the ids of table's rows whose folded name contains term.
func (l *partnerList) namedIDs(ctx context.Context, table, term string) ([]int64, error) {
	cond := "strpos(name_fold, ?) > 0"
	if IsSQLite(l.db) {
		cond = "instr(name_fold, ?) > 0"
	}
	var ids []int64
	err := l.db.NewSelect().Table(table).Column("id").Where(cond, term).Scan(ctx, &ids)
	return ids, err
}

// rankedIDs answers each row of table by its place in the order of folded names.
func (l *partnerList) rankedIDs(ctx context.Context, table string) (map[int32]int64, error) {
	var ids []int64
	if err := l.db.NewSelect().Table(table).Column("id").OrderExpr("name_fold, id").Scan(ctx, &ids); err != nil {
		return nil, err
	}
	rank := make(map[int32]int64, len(ids))
	for i, id := range ids {
		rank[int32(id)] = int64(i)
	}
	return rank, nil
}

// categoryNames answers every category's folded name by id.
func (l *partnerList) categoryNames(ctx context.Context) (map[int32]string, error) {
	var rows []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name_fold"`
	}
	if err := l.db.NewSelect().Table("categories").Column("id", "name_fold").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	names := make(map[int32]string, len(rows))
	for _, r := range rows {
		names[int32(r.ID)] = r.Name
	}
	return names, nil
}

// categoryRanks ranks every slot by its categories' folded names, sorted and joined with
// ", " as the SQL sort reads them; a slot without a category ranks -1 (none).
func categoryRanks(c *partnerColumns, names map[int32]string) []int64 {
	keyOf := map[string]string{} // the set's ids, packed → its names joined
	packed := func(ids []int32) string {
		b := make([]byte, 0, 4*len(ids))
		for _, id := range ids {
			b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
		}
		return string(b)
	}
	slotKey := make([]string, c.slots())
	for s := range slotKey {
		ids := c.cats.of(int32(s))
		if len(ids) == 0 {
			continue
		}
		p := packed(ids)
		k, ok := keyOf[p]
		if !ok {
			folded := make([]string, len(ids))
			for i, id := range ids {
				folded[i] = names[id]
			}
			slices.Sort(folded)
			k = strings.Join(folded, ", ")
			keyOf[p] = k
		}
		slotKey[s] = k
	}
	distinct := make([]string, 0, len(keyOf))
	for _, k := range keyOf {
		distinct = append(distinct, k)
	}
	slices.Sort(distinct)
	out := make([]int64, len(slotKey))
	for s, k := range slotKey {
		out[s] = -1
		if len(c.cats.of(int32(s))) > 0 {
			i, _ := slices.BinarySearch(distinct, k)
			out[s] = int64(i)
		}
	}
	return out
}

// Select calls fn with the id of every partner q matches, from the index (ADR 0035) once it
// has caught up with every committed write: a bulk action's selection by filter (ADR 0043),
// without reading a row. Before the index's first load, and inside a transaction, it streams
// the ids from SQL like the list. The ids are taken under the index's read lock and handed
// to fn after it, so fn may write.
func (l *partnerList) Select(ctx context.Context, q ports.ListQuery, fn func(id int64) error) error {
	if err := l.spec.check(q); err != nil {
		return err
	}
	_, inTx := ctx.Value(txKey{}).(bun.Tx)
	if inTx || l.index.warming() {
		return l.Lister.Stream(ctx, q, func(v partnerports.PartnerView) error { return fn(v.ID) })
	}
	search, err := l.search(ctx, q)
	if err != nil {
		return err
	}
	var ids []int64
	err = l.index.read(ctx, func(c *partnerColumns) {
		m := c.matches(&search)
		ids = make([]int64, 0, m.count())
		m.each(false, func(slot int32) bool {
			ids = append(ids, c.ids[slot])
			return true
		})
	})
	if err != nil {
		return err
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := fn(id); err != nil {
			return err
		}
	}
	return nil
}
