package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
)

// An import's writes on PostgreSQL (SaveRows): each batch's columns go as arrays to one
// short statement, unnested in the database, instead of a thousand rows of literals that
// PostgreSQL parses and plans anew for every batch (ADR 0036).

// pgPartnerColumns are the columns an import's upsert writes, in the arrays' order, with
// their arrays' types.
var pgPartnerColumns = func() []pgColumn {
	var cols []pgColumn
	for _, c := range []string{"id:bigint", "name:text", "name_fold:text", "address:text", "address_fold:text", "pib:text",
		"pib_fold:text", "pdv:text", "pdv_fold:text", "phone:text", "phone_fold:text", "city_id:bigint",
		"partner_type_id:bigint", "password_hash:text"} {
		name, typ, _ := strings.Cut(c, ":")
		cols = append(cols, pgColumn{name, typ})
	}
	for _, f := range partner.AllFigures {
		cols = append(cols, pgColumn{figureColumn(f), "bigint"}, pgColumn{figureColumn(f) + "_pct", "boolean"})
	}
	return append(cols, pgColumn{"is_active", "boolean"}, pgColumn{"created_at", "timestamptz"}, pgColumn{"updated_at", "timestamptz"})
}()

type pgColumn struct{ name, typ string }

// pgPartnerUpsert is the upsert of one batch from pgPartnerArrays; set are the columns an
// existing partner takes from the row (a new one is inserted whole, at the default version).
func pgPartnerUpsert(set []string) string {
	names := make([]string, len(pgPartnerColumns))
	selected := make([]string, len(pgPartnerColumns))
	arrays := make([]string, len(pgPartnerColumns))
	for i, c := range pgPartnerColumns {
		names[i], selected[i], arrays[i] = c.name, c.name, fmt.Sprintf("$%d::%s[]", i+1, c.typ)
		if c.name == "city_id" || c.name == "partner_type_id" {
			selected[i] = "NULLIF(" + c.name + ", 0)" // none is 0 in the array
		}
	}
	q := "INSERT INTO partners AS p (" + strings.Join(names, ", ") + ") SELECT " + strings.Join(selected, ", ") +
		" FROM unnest(" + strings.Join(arrays, ", ") + ") AS u(" + strings.Join(names, ", ") + ")" +
		" ON CONFLICT (id) DO UPDATE SET version = p.version + 1"
	for _, col := range set {
		q += ", " + col + " = EXCLUDED." + col
	}
	return q
}

// pgPartnerArrays are pgPartnerUpsert's arguments: the batch's columns, a missing city or
// type as 0.
func pgPartnerArrays(batch []partnerRow) []any {
	n := len(batch)
	texts := make([][]string, 11) // name … phone_fold, then password_hash at 10
	for i := range texts {
		texts[i] = make([]string, n)
	}
	ids, cities, types := make([]int64, n), make([]int64, n), make([]int64, n)
	var figs [6][]int64
	var pcts [6][]bool
	for i := range figs {
		figs[i], pcts[i] = make([]int64, n), make([]bool, n)
	}
	active := make([]bool, n)
	created, updated := make([]time.Time, n), make([]time.Time, n)
	for i := range batch {
		r := &batch[i]
		ids[i] = r.ID
		for j, v := range [...]string{r.Name, r.NameFold, r.Address, r.AddressFold, r.PIB, r.PIBFold, r.PDV, r.PDVFold, r.Phone, r.PhoneFold, r.PasswordHash} {
			texts[j][i] = v
		}
		if r.CityID != nil {
			cities[i] = *r.CityID
		}
		if r.TypeID != nil {
			types[i] = *r.TypeID
		}
		for j, f := range [...]struct {
			v   int64
			pct bool
		}{{r.Bonus, r.BonusPct}, {r.Debt, r.DebtPct}, {r.Payment, r.PaymentPct}, {r.ToolCash, r.ToolCashPct},
			{r.AnnualPlan, r.AnnualPlanPct}, {r.MoneyCirculation, r.MoneyCirculationPct}} {
			figs[j][i], pcts[j][i] = f.v, f.pct
		}
		active[i], created[i], updated[i] = r.IsActive, r.CreatedAt, r.UpdatedAt
	}
	args := []any{ids}
	for j := 0; j < 10; j++ {
		args = append(args, texts[j])
	}
	args = append(args, cities, types, texts[10])
	for j := range figs {
		args = append(args, figs[j], pcts[j])
	}
	return append(args, active, created, updated)
}

// pgInsertCategories inserts the links of an import's batch as two arrays.
func pgInsertCategories(ctx context.Context, c bun.IDB, links map[int64][]kernel.ID) error {
	var partners, categories []int64
	for pid, cats := range links {
		for _, cat := range cats {
			partners, categories = append(partners, pid), append(categories, int64(cat))
		}
	}
	if len(partners) == 0 {
		return nil
	}
	_, err := rawExec(ctx, c, "INSERT INTO partner_categories (partner_id, category_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])",
		partners, categories)
	return err
}

// rawExec runs q with args on c's own connection, transaction or pool, unformatted by bun
// (whose formatter would write a slice as a literal): PostgreSQL's $n placeholders and arrays.
func rawExec(ctx context.Context, c bun.IDB, q string, args ...any) (sql.Result, error) {
	switch db := c.(type) {
	case bun.Tx:
		return db.Tx.ExecContext(ctx, q, args...)
	case *bun.DB:
		return db.DB.ExecContext(ctx, q, args...)
	case bun.Conn:
		return db.Conn.ExecContext(ctx, q, args...)
	}
	return nil, fmt.Errorf("rawExec: unexpected %T", c)
}
