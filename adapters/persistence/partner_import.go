package persistence

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
)

// An import's writes (SaveRows), parsed once rather than per batch (ADR 0036): on
// PostgreSQL each batch's columns go as arrays to one short statement, unnested in the
// database; on SQLite a statement of sqliteImportRows rows of variables is prepared once
// per import and run for every full chunk. A thousand rows of literals would be parsed (and
// on PostgreSQL planned) anew for every batch.

// importWriter writes an import's batches in its transaction c.
type importWriter struct {
	c      bun.IDB
	sqlite bool
	set    []string
	// SQLite: the prepared statements of a full chunk, made on first use.
	upsert, links *sql.Stmt
}

// sqliteImportRows is how many partners (and twice as many category links) one of SQLite's
// prepared statements writes: 32 variables a partner stay well under its bound of 32,766.
const sqliteImportRows = 200

func newImportWriter(c bun.IDB, set []string) *importWriter {
	return &importWriter{c: c, sqlite: IsSQLite(c), set: set}
}

// close lets the prepared statements go.
func (w *importWriter) close() {
	for _, st := range []*sql.Stmt{w.upsert, w.links} {
		if st != nil {
			_ = st.Close()
		}
	}
}

// partners upserts batch: a new id is inserted at the default version; an existing one takes
// set from the row and moves its version on, so that an edit loaded before the import is stale.
func (w *importWriter) partners(ctx context.Context, batch []partnerRow) error {
	if !w.sqlite {
		_, err := rawExec(ctx, w.c, pgPartnerUpsert(w.set), pgPartnerArrays(batch)...)
		return err
	}
	args := make([]any, 0, len(importColumns)*min(len(batch), sqliteImportRows))
	for start := 0; start < len(batch); start += sqliteImportRows {
		chunk := batch[start:min(start+sqliteImportRows, len(batch))]
		args = args[:0]
		for i := range chunk {
			args = sqlitePartnerValues(args, &chunk[i])
		}
		if err := w.run(ctx, &w.upsert, len(chunk), sqliteImportRows, func(n int) string { return sqlitePartnerUpsert(n, w.set) }, args); err != nil {
			return err
		}
	}
	return nil
}

// categories inserts the batch's category links.
func (w *importWriter) categories(ctx context.Context, links map[int64][]kernel.ID) error {
	var partners, categories []int64
	for pid, cats := range links {
		for _, cat := range cats {
			partners, categories = append(partners, pid), append(categories, int64(cat))
		}
	}
	if len(partners) == 0 {
		return nil
	}
	if !w.sqlite {
		_, err := rawExec(ctx, w.c, "INSERT INTO partner_categories (partner_id, category_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])",
			partners, categories)
		return err
	}
	const chunkLinks = 2 * sqliteImportRows
	args := make([]any, 0, 2*min(len(partners), chunkLinks))
	for start := 0; start < len(partners); start += chunkLinks {
		end := min(start+chunkLinks, len(partners))
		args = args[:0]
		for i := start; i < end; i++ {
			args = append(args, partners[i], categories[i])
		}
		if err := w.run(ctx, &w.links, end-start, chunkLinks, sqliteLinksInsert, args); err != nil {
			return err
		}
	}
	return nil
}

// run executes the statement of n rows (q(n)) with args: a full chunk's statement prepared
// once into *st, a shorter tail's unprepared.
func (w *importWriter) run(ctx context.Context, st **sql.Stmt, n, full int, q func(int) string, args []any) error {
	tx, ok := w.c.(bun.Tx)
	if !ok || n < full {
		_, err := rawExec(ctx, w.c, q(n), args...)
		return err
	}
	if *st == nil {
		prepared, err := tx.Tx.PrepareContext(ctx, q(full))
		if err != nil {
			return err
		}
		*st = prepared
	}
	_, err := (*st).ExecContext(ctx, args...)
	return err
}

// sqlitePartnerUpsert is the upsert of n partners, one variable per column (importColumns).
func sqlitePartnerUpsert(n int, set []string) string {
	names := make([]string, len(importColumns))
	for i, c := range importColumns {
		names[i] = c.name
	}
	row := "(" + strings.Repeat("?, ", len(importColumns)-1) + "?)"
	q := "INSERT INTO partners AS p (" + strings.Join(names, ", ") + ") VALUES " + strings.Repeat(row+", ", n-1) + row +
		" ON CONFLICT (id) DO UPDATE SET version = p.version + 1"
	for _, col := range set {
		q += ", " + col + " = excluded." + col
	}
	return q
}

// sqliteLinksInsert is the insert of n category links.
func sqliteLinksInsert(n int) string {
	return "INSERT INTO partner_categories (partner_id, category_id) VALUES " + strings.Repeat("(?, ?), ", n-1) + "(?, ?)"
}

// importValues appends r's values in importColumns order: a missing city or type as nil.
func importValues(args []any, r *partnerRow) []any {
	return append(args, r.ID, r.Name, r.NameFold, r.Address, r.AddressFold, r.PIB, r.PIBFold, r.PDV, r.PDVFold, r.Phone, r.PhoneFold,
		nullable(r.CityID), nullable(r.TypeID), r.PasswordHash,
		r.Bonus, r.BonusPct, r.Debt, r.DebtPct, r.Payment, r.PaymentPct, r.ToolCash, r.ToolCashPct,
		r.AnnualPlan, r.AnnualPlanPct, r.MoneyCirculation, r.MoneyCirculationPct, r.IsActive, r.CreatedAt, r.UpdatedAt)
}

// sqlitePartnerValues appends r's importValues as bun writes them on SQLite (times as text).
func sqlitePartnerValues(args []any, r *partnerRow) []any {
	args = importValues(args, r)
	n := len(args)
	args[n-2], args[n-1] = sqliteTime(r.CreatedAt), sqliteTime(r.UpdatedAt)
	return args
}

// importColumns are the columns an import's upsert writes, in the order of its values (and
// PostgreSQL's arrays), with the arrays' types.
var importColumns = func() []pgColumn {
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
	names := make([]string, len(importColumns))
	selected := make([]string, len(importColumns))
	arrays := make([]string, len(importColumns))
	for i, c := range importColumns {
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

// pgPartnerArrays are pgPartnerUpsert's arguments: one array per column of importColumns,
// of the rows' importValues (a missing city or type as 0).
func pgPartnerArrays(batch []partnerRow) []any {
	arrays := make([]any, len(importColumns))
	for j, c := range importColumns {
		switch c.typ {
		case "bigint":
			arrays[j] = make([]int64, 0, len(batch))
		case "boolean":
			arrays[j] = make([]bool, 0, len(batch))
		case "timestamptz":
			arrays[j] = make([]time.Time, 0, len(batch))
		default:
			arrays[j] = make([]string, 0, len(batch))
		}
	}
	values := make([]any, 0, len(importColumns))
	for i := range batch {
		values = importValues(values[:0], &batch[i])
		for j, v := range values {
			switch a := arrays[j].(type) {
			case []int64:
				n, _ := v.(int64) // nil (no city, no type): 0
				arrays[j] = append(a, n)
			case []bool:
				arrays[j] = append(a, v.(bool))
			case []time.Time:
				arrays[j] = append(a, v.(time.Time))
			case []string:
				arrays[j] = append(a, v.(string))
			}
		}
	}
	return arrays
}

// idsIn is the condition that column is one of ids, and its argument: on PostgreSQL one array
// literal, which parses as one value, not a thousand.
func idsIn(c bun.IDB, column string, ids []int64) (string, any) {
	if IsSQLite(c) {
		return column + " IN (?)", bun.List(ids)
	}
	return column + " = ANY (?)", pgdialect.Array(ids)
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
