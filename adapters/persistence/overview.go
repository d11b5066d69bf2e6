package persistence

import (
	"context"
	"math/big"
	"strings"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// The overview page's lists (/table-list) group partners and support messages in a subquery;
// the shared list mechanism pages, sorts and filters its groups like the rows of any table.

// splitUnit splits every summed figure into millions of thousandths and the rest: the two sums
// stay far inside an int64 on SQLite, whose sum() stops with an error where an integer
// overflows, and Go adds them exactly.
const splitUnit = 1_000_000

// exactSum is a sum of thousandths kept as its two parts (see splitUnit).
type exactSum struct{ hi, lo int64 }

// text renders the exact decimal: "162500.125", "0".
func (s exactSum) text() string {
	n := new(big.Int).Mul(big.NewInt(s.hi), big.NewInt(splitUnit))
	n.Add(n, big.NewInt(s.lo))
	whole, frac := new(big.Int).QuoRem(n, big.NewInt(1000), new(big.Int))
	out := whole.String()
	if f := frac.Int64(); f != 0 {
		out += "." + strings.TrimRight(big.NewInt(1000 + f).String()[1:], "0")
	}
	return out
}

type partnerGroupRow struct {
	ID                 int64   `bun:"id"`
	Name               *string `bun:"name"`
	Partners           int     `bun:"partners"`
	DebtHi             int64   `bun:"debt_hi"`
	DebtLo             int64   `bun:"debt_lo"`
	MoneyCirculationHi int64   `bun:"money_circulation_hi"`
	MoneyCirculationLo int64   `bun:"money_circulation_lo"`
	totalRow
}

func (r *partnerGroupRow) view() partnerports.PartnerGroupView {
	return partnerports.PartnerGroupView{ID: r.ID, Name: r.Name, Partners: r.Partners,
		Debt: exactSum{r.DebtHi, r.DebtLo}.text(), MoneyCirculation: exactSum{r.MoneyCirculationHi, r.MoneyCirculationLo}.text()}
}

// figureSums selects, for each figure column, the two exact parts of the sum of its amounts
// and a sort key: exact on PostgreSQL (sum of bigint is numeric), a float on SQLite, whose
// total() never overflows (the order of sums beyond 2^53 thousandths may then be off by ties).
func figureSums(sqlite bool, columns ...string) string {
	var parts []string
	for _, c := range columns {
		amount := "CASE WHEN p." + c + "_pct THEN 0 ELSE p." + c + " END"
		sortKey := "sum(" + amount + ")"
		if sqlite {
			sortKey = "total(" + amount + ")"
		}
		parts = append(parts,
			"CAST(sum(("+amount+") / 1000000) AS BIGINT) AS "+c+"_hi",
			"CAST(sum(("+amount+") % 1000000) AS BIGINT) AS "+c+"_lo",
			sortKey+" AS "+c+"_sort")
	}
	return strings.Join(parts, ", ")
}

// activeWhere narrows the counted rows by the list's is_active filter.
func activeWhere(column string, active *bool) string {
	switch {
	case active == nil:
		return ""
	case *active:
		return " WHERE " + column
	default:
		return " WHERE NOT " + column
	}
}

// groupSpec is a list of groups: from a subquery g with id, name, name_fold, partners and the
// figure sums.
func groupSpec(subquery string) ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":               sortOnly("g.id"),
			"name":             text("g.name_fold").nullable(),
			"partners":         sortOnly("g.partners"),
			"debt":             sortOnly("g.debt_sort"),
			"moneyCirculation": sortOnly("g.money_circulation_sort"),
		},
		DefaultSort: "name",
		IDExpr:      "g.id",
		ActiveExpr:  "TRUE", // never used: the overview lister moves the flag into the subquery
		From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("(" + subquery + ") AS g") },
		Columns:     "g.id, g.name, g.partners, g.debt_hi, g.debt_lo, g.money_circulation_hi, g.money_circulation_lo",
	}
}

func partnersByCitySpec(sqlite bool, active *bool) ListSpec {
	return groupSpec("SELECT coalesce(p.city_id, 0) AS id, ci.name AS name, ci.name_fold AS name_fold, count(*) AS partners, " +
		figureSums(sqlite, "debt", "money_circulation") +
		" FROM partners AS p LEFT JOIN cities AS ci ON ci.id = p.city_id" + activeWhere("p.is_active", active) +
		" GROUP BY p.city_id, ci.name, ci.name_fold")
}

func partnersByCategorySpec(sqlite bool, active *bool) ListSpec {
	return groupSpec("SELECT c.id AS id, c.name AS name, c.name_fold AS name_fold, count(*) AS partners, " +
		figureSums(sqlite, "debt", "money_circulation") +
		" FROM partner_categories AS pc JOIN partners AS p ON p.id = pc.partner_id JOIN categories AS c ON c.id = pc.category_id" +
		activeWhere("p.is_active", active) + " GROUP BY c.id, c.name, c.name_fold")
}

type supportWeekRow struct {
	Week     string `bun:"week"`
	Messages int    `bun:"messages"`
	Partners int    `bun:"partners"`
	totalRow
}

func (r *supportWeekRow) view() partnerports.SupportWeekView {
	return partnerports.SupportWeekView{Week: r.Week, Messages: r.Messages, Partners: r.Partners}
}

func supportByWeekSpec(sqlite bool, active *bool) ListSpec {
	// The week starts on Monday, in UTC: SQLite's 'weekday 0' moves to the coming Sunday (or
	// stays on one), six days back is that week's Monday.
	week := "to_char(date_trunc('week', sm.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')"
	if sqlite {
		week = "strftime('%Y-%m-%d', sm.created_at, 'weekday 0', '-6 days')"
	}
	sub := "SELECT " + week + " AS week, count(*) AS messages, count(DISTINCT sm.partner_id) AS partners" +
		" FROM support_messages AS sm" + activeWhere("sm.is_active", active) + " GROUP BY " + week
	return ListSpec{
		Fields: map[string]Field{
			"week":     sortOnly("g.week"),
			"messages": sortOnly("g.messages"),
			"partners": sortOnly("g.partners"),
		},
		DefaultSort: "week",
		IDExpr:      "g.week",
		ActiveExpr:  "TRUE",
		From:        func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("(" + sub + ") AS g") },
		Columns:     "g.week, g.messages, g.partners",
	}
}

// overviewLister serves one overview list: the is_active filter picks the variant whose
// subquery counts only such rows.
type overviewLister[R counted, V any] struct {
	all, active, inactive *Lister[R, V]
}

func newOverviewLister[R counted, V any](db *bun.DB, name, entity string, spec func(sqlite bool, active *bool) ListSpec, view func(*R) V) *overviewLister[R, V] {
	sqlite := IsSQLite(db)
	yes, no := true, false
	return &overviewLister[R, V]{
		all:      NewLister(db, spec(sqlite, nil), name, entity, view),
		active:   NewLister(db, spec(sqlite, &yes), name, entity, view),
		inactive: NewLister(db, spec(sqlite, &no), name, entity, view),
	}
}

func (l *overviewLister[R, V]) pick(q *ports.ListQuery) *Lister[R, V] {
	active := q.Active
	q.Active = nil
	switch {
	case active == nil:
		return l.all
	case *active:
		return l.active
	default:
		return l.inactive
	}
}

func (l *overviewLister[R, V]) List(ctx context.Context, q ports.ListQuery) (ports.Page[V], error) {
	return l.pick(&q).List(ctx, q)
}

func (l *overviewLister[R, V]) Stream(ctx context.Context, q ports.ListQuery, fn func(V) error) error {
	return l.pick(&q).Stream(ctx, q, fn)
}

func (l *overviewLister[R, V]) Find(ctx context.Context, id kernel.ID) (V, error) {
	return l.all.Find(ctx, id)
}

// NewOverviewLists returns the overview page's lists.
func NewOverviewLists(db *bun.DB) partnerports.OverviewLists {
	return partnerports.OverviewLists{
		PartnersByCity:     newOverviewLister(db, "partners_by_city", "city", partnersByCitySpec, (*partnerGroupRow).view),
		PartnersByCategory: newOverviewLister(db, "partners_by_category", "category", partnersByCategorySpec, (*partnerGroupRow).view),
		SupportByWeek:      newOverviewLister(db, "support_by_week", "week", supportByWeekSpec, (*supportWeekRow).view),
	}
}
