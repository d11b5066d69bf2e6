package persistence

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// The partner index's columns without a database (ADR 0035): random partners, random edits,
// deletions and late ids (which make the columns rebuild), and every way a page is picked
// (a walk in id order, the first rows of an order, the last ones, a full sort of a page in
// the middle) against sorting every match. The SQL side is TestPartnerListAgainstABruteForceScan.
func TestPartnerColumnsAgainstAFullSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2))
	words := []string{"gradnja", "boje", "alati", "vujović", "ov", "zeta", "mega", "ić"}
	model := map[int64]*partnerRecord{}
	cols := newPartnerColumns(16, [partnerTexts]int{})
	// phrase is n of a few words (only two of them, so that long terms match long texts).
	phrase := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = words[rng.IntN(2)]
		}
		return fold(strings.Join(parts, " "))
	}
	random := func(id int64) *partnerRecord {
		r := &partnerRecord{id: id, city: int64(rng.IntN(4)), active: rng.IntN(5) > 0, updated: int64(rng.IntN(50))}
		for i := range r.texts {
			r.texts[i] = []byte(fold(words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]))
			if rng.IntN(4) == 0 {
				r.texts[i] = []byte(phrase(6 + rng.IntN(6))) // past the probe of a long term
			}
		}
		for f := range r.figures {
			r.figures[f] = int64(rng.IntN(40)) * 500
		}
		for c := int32(1); c <= 3; c++ {
			if rng.IntN(3) == 0 {
				r.cats = append(r.cats, c)
			}
		}
		return r
	}
	next := int64(1)
	for range 9000 {
		r := random(next)
		next++
		model[r.id] = r
		cols.put(r)
	}
	check := func(round int) {
		t.Helper()
		if round%2 == 0 {
			// Figure 1's order built, so that the filtered pages by it below may walk it
			// (figureWalk) rather than pass over every match.
			cols.figurePage(1, false, 0, 1)
		}
		for range 30 {
			q := partnerSearch{order: partnerOrder{desc: rng.IntN(2) == 0}}
			switch rng.IntN(4) {
			case 0, 1:
				q.texts = append(q.texts, textTerm{column: rng.IntN(partnerTexts), term: fold(words[rng.IntN(len(words))])[:1+rng.IntN(2)]})
			case 2:
				// A term longer than scan's probe: its first bytes found, the rest checked.
				q.texts = append(q.texts, textTerm{column: rng.IntN(partnerTexts), term: phrase(4 + rng.IntN(3))})
			}
			if rng.IntN(3) == 0 {
				on := rng.IntN(2) == 0
				q.active = &on
			}
			if rng.IntN(3) == 0 {
				lo := int64(rng.IntN(20000))
				q.numbers = append(q.numbers, numberTerm{figure: 1, r: numberRange{lo: &lo}})
			}
			if rng.IntN(3) == 0 {
				q.links = append(q.links, newIDFilter([]int64{int64(1 + rng.IntN(3))}))
			}
			switch rng.IntN(4) {
			case 0:
				q.order.kind = byID
			case 1:
				q.order.kind, q.order.text = byText, rng.IntN(partnerTexts)
			case 2:
				q.order.kind, q.order.nums = byNumber, cols.figures[1]
				q.order.byFigure, q.order.figure = rng.IntN(3) > 0, 1
			default:
				q.order.kind = byActive
			}
			var want []*partnerRecord
			for _, r := range model {
				if keeps(r, &q) {
					want = append(want, r)
				}
			}
			slices.SortFunc(want, func(a, b *partnerRecord) int {
				var c int
				switch q.order.kind {
				case byText:
					c = strings.Compare(string(a.texts[q.order.text]), string(b.texts[q.order.text]))
				case byNumber:
					c = cmp.Compare(a.figures[1], b.figures[1])
				case byActive:
					c = cmp.Compare(fmt.Sprint(a.active), fmt.Sprint(b.active))
				}
				c = cmp.Or(c, cmp.Compare(a.id, b.id))
				if q.order.desc {
					return -c
				}
				return c
			})
			q.limit = []int{10, 20, 50}[rng.IntN(3)]
			pages := max(1, (len(want)+q.limit-1)/q.limit)
			for _, page := range []int{1, 2, pages / 2, pages - 1, pages, pages + 1} {
				if page < 1 {
					continue
				}
				q.offset = (page - 1) * q.limit
				m := cols.matches(&q)
				total := m.count()
				var got []int64
				for _, s := range cols.page(&q, m, total) {
					got = append(got, cols.ids[s])
				}
				var wantIDs []int64
				for _, r := range want[min(len(want), q.offset):min(len(want), q.offset+q.limit)] {
					wantIDs = append(wantIDs, r.id)
				}
				if total != len(want) || !slices.Equal(got, wantIDs) {
					t.Fatalf("round %d, %+v page %d: total %d, want %d\n got  %v\n want %v", round, q, page, total, len(want), got, wantIDs)
				}
			}
		}
		// Every partner by a figure: a slice of the figure's order (partner_index_order.go),
		// built on first use and merged after the writes since.
		for range 12 {
			f, desc, limit := rng.IntN(len(cols.figures)), rng.IntN(2) == 0, []int{10, 20, 50}[rng.IntN(3)]
			all := slices.Collect(maps.Values(model))
			slices.SortFunc(all, func(a, b *partnerRecord) int {
				c := cmp.Or(cmp.Compare(a.figures[f], b.figures[f]), cmp.Compare(a.id, b.id))
				if desc {
					return -c
				}
				return c
			})
			pages := max(1, (len(all)+limit-1)/limit)
			for _, page := range []int{1, 2, pages / 2, pages, pages + 1} {
				offset := max(0, page-1) * limit
				slots, total := cols.figurePage(f, desc, offset, limit)
				var got, want []int64
				for _, s := range slots {
					got = append(got, cols.ids[s])
				}
				for _, r := range all[min(len(all), offset):min(len(all), offset+limit)] {
					want = append(want, r.id)
				}
				if total != len(all) || !slices.Equal(got, want) {
					t.Fatalf("round %d, every partner by figure %d (desc %v) page %d of %d: total %d, want %d\n got  %v\n want %v",
						round, f, desc, page, limit, total, len(all), got, want)
				}
			}
		}
		held := 0
		for f := range cols.orders {
			if cols.orders[f].slots != nil {
				held++
			}
		}
		if held > heldOrders {
			t.Fatalf("round %d: %d figures' orders held, at most %d", round, held, heldOrders)
		}
	}
	check(0)
	for round := 1; round <= 6; round++ {
		// Edits (texts and links to the overlays), deletions, and a few ids below the last;
		// in round 3 more than a quarter of the slots, so that the figures' orders go and are
		// built anew rather than merged.
		edits := 1500
		if round == 3 {
			edits = 5000
		}
		for range edits {
			id := 1 + rng.Int64N(next-1)
			if _, ok := model[id]; !ok {
				continue
			}
			if rng.IntN(10) == 0 {
				delete(model, id)
				cols.remove(id)
				continue
			}
			r := random(id)
			model[id] = r
			cols.put(r)
		}
		for range 20 {
			id := 1 + rng.Int64N(next-1)
			if _, ok := model[id]; !ok {
				r := random(id)
				model[id] = r
				cols.put(r)
			}
		}
		// As catchUp does: a late id leaves the slots out of id order, and the columns are
		// rebuilt before the next page.
		if !cols.worn() {
			t.Fatalf("round %d: late ids and %d dead slots, and the columns are not worn", round, cols.dead)
		}
		old := cols
		cols = cols.rebuilt()
		old.free() // as catchUp does: a read of the old columns after this would fault
		if cols.worn() || cols.dead != 0 || len(cols.texts[0].over) != 0 {
			t.Fatalf("round %d: rebuilt columns still worn", round)
		}
		check(round)
		// Edits alone stay in the overlays until there are many.
		for range 200 {
			id := 1 + rng.Int64N(next-1)
			if _, ok := model[id]; ok {
				r := random(id)
				model[id] = r
				cols.put(r)
			}
		}
		if cols.worn() {
			t.Fatalf("round %d: 200 edits of %d partners wear the columns", round, len(model))
		}
		check(round)
	}
}

// keeps is the model's filter.
func keeps(r *partnerRecord, q *partnerSearch) bool {
	if q.active != nil && r.active != *q.active {
		return false
	}
	for _, t := range q.texts {
		if !strings.Contains(string(r.texts[t.column]), t.term) {
			return false
		}
	}
	for _, n := range q.numbers {
		if !n.r.holds(r.figures[n.figure]) {
			return false
		}
	}
	for _, l := range q.links {
		if !slices.ContainsFunc(r.cats, l.has) {
			return false
		}
	}
	return true
}

// sqliteNanos reads the update times the SQLite load takes as text as time.Parse does.
func TestSQLiteNanosAsTimeParse(t *testing.T) {
	for _, text := range []string{
		"2026-11-27 06:10:58.123456789+00:00", "2026-11-27 06:10:58+00:00", "2026-11-27 06:10:58.5+01:00",
		"2026-11-27 06:10:58.04-07:30", "2026-01-01 00:00:00Z", "2026-11-27 06:10:58", "2026-11-27T06:10:58.25Z",
	} {
		var want time.Time
		var err error
		for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
			if want, err = time.Parse(layout, text); err == nil {
				break
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := sqliteNanos([]byte(text)); got != want.UnixNano() {
			t.Fatalf("%s: %d, want %d (%s)", text, got, want.UnixNano(), want)
		}
	}
	if got := sqliteNanos([]byte("not a time")); got != 0 {
		t.Fatalf("garbage: %d", got)
	}
}
