package campaign

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"

	"vitrina/application/spreadsheet"
	"vitrina/domain/audit"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// The campaign's partner file (ADR 0019, Excel): the download's layout; the upload needs only
// id and cash and ignores the other columns.
var (
	PartnerColumns = []string{"id", "name", "phone", "city", "categories", "cash"}
	// CartColumns are the cart download's columns.
	CartColumns = []string{"created_at", "partner_id", "name", "phone", "product", "price", "quantity", "value", "delivered"}
	required    = []string{"id", "cash"}
	// idColumn and cashColumn are where the upload's two cells stand among PartnerColumns.
	idColumn, cashColumn = slices.Index(PartnerColumns, "id"), slices.Index(PartnerColumns, "cash")
)

// CartTimeLayout is how the cart download writes an item's time, in the business's zone.
const CartTimeLayout = "2006-01-02 15:04:05"

// Errors of the campaign's Excel round trip; the sentences are the partner import's.
var ErrNoPartners = kernel.FieldError("file", "The file has no partners.")

// Sheets is the campaign's Excel round trip: the partner file both ways and the cart's
// download. One upload runs at a time.
type Sheets struct {
	svc       *Service
	store     campaignports.SheetStore
	sheets    ports.Spreadsheet
	zone      ports.BusinessZone
	audit     ports.AuditLog    // the partner file's own event; the cash it sets is recorded by the store
	importing *spreadsheet.Gate // one import at a time, across replicas
}

// NewSheets wires the campaign's Excel round trip beside its use cases.
func NewSheets(svc *Service, store campaignports.SheetStore, sheets ports.Spreadsheet, zone ports.BusinessZone, auditLog ports.AuditLog,
	locks ports.Locks) *Sheets {
	return &Sheets{svc: svc, store: store, sheets: sheets, zone: zone, audit: auditLog,
		importing: &spreadsheet.Gate{Name: "campaign import", Locks: locks}}
}

func numberCell(s string) ports.SheetCell { return ports.SheetCell{Value: s, Number: true} }

// Found answers not found for a campaign that does not exist: a download asks before it
// starts, as its headers go out with its first byte.
func (s *Sheets) Found(ctx context.Context, id kernel.ID) error {
	_, err := s.svc.lists.Campaigns.Find(ctx, id)
	return err
}

// ExportPartners writes the active partners of any of categories (none: the campaign's own)
// in the partner file's layout, by id, each once, with its cash in the campaign (blank when
// it is not in it). The rows stream from the database to the writer.
func (s *Sheets) ExportPartners(ctx context.Context, w io.Writer, id kernel.ID, categories []kernel.ID) error {
	if err := s.Found(ctx, id); err != nil {
		return err
	}
	categories = campaign.Selection{Categories: categories}.Normalized().Categories
	if len(categories) == 0 {
		var err error
		if categories, err = s.categories(ctx, id); err != nil {
			return err
		}
	}
	return s.sheets.Write(ctx, w, "Partners", PartnerColumns, func(emit func([]ports.SheetCell) error) error {
		return s.store.StreamPartners(ctx, id, categories, func(p campaignports.SheetPartner) error {
			cash := ports.SheetCell{}
			if p.Cash != nil {
				cash = numberCell(p.Cash.String())
			}
			return emit([]ports.SheetCell{numberCell(strconv.FormatInt(p.ID, 10)), {Value: p.Name}, {Value: p.Phone}, {Value: p.City},
				{Value: p.CategoryNames}, cash})
		})
	})
}

// ExportCart writes the cart items of a campaign that q matches, in its order (the Cart tab's
// filters and sort, every page): the time in the business's zone, the partner, the product,
// price, quantity, their worth and whether the item is delivered ("yes" or "no").
func (s *Sheets) ExportCart(ctx context.Context, w io.Writer, id kernel.ID, q ports.ListQuery) error {
	if err := s.Found(ctx, id); err != nil {
		return err
	}
	q = q.Within("campaign_id", id)
	q.Page, q.PerPage = 0, 0
	return s.sheets.Write(ctx, w, "Cart", CartColumns, func(emit func([]ports.SheetCell) error) error {
		return s.svc.lists.Cart.Stream(ctx, q, func(v campaignports.CartItemView) error {
			value, err := v.Price.Mul(v.Quantity)
			if err != nil {
				return err
			}
			delivered := "no"
			if v.Delivered {
				delivered = "yes"
			}
			return emit([]ports.SheetCell{{Value: s.zone.Local(v.CreatedAt).Format(CartTimeLayout)},
				numberCell(strconv.FormatInt(v.PartnerID, 10)), {Value: v.Name}, {Value: v.Phone}, {Value: v.Product},
				numberCell(v.Price.String()), numberCell(strconv.FormatInt(v.Quantity, 10)), numberCell(value.String()), {Value: delivered}})
		})
	})
}

// categories are the ids of the campaign's categories.
func (s *Sheets) categories(ctx context.Context, id kernel.ID) ([]kernel.ID, error) {
	var out []kernel.ID
	err := s.svc.lists.Categories.Stream(ctx, ports.ListQuery{}.Within("campaign_id", id), func(r campaignports.Ref) error {
		out = append(out, kernel.ID(r.ID))
		return nil
	})
	return out, err
}

// sheetRow is a data row as read: its sheet row number, its id and cash cells.
type sheetRow struct {
	n        int
	id, cash string
}

// checked is a row parsed: its partner and cash, or its first problem of each column.
type checked struct {
	id      kernel.ID
	cash    kernel.Amount
	hasCash bool
	idErr   string
	cashErr string
}

// parse reads one row's cells; firstRow is the sheet row where each id appears first.
func parse(r sheetRow, firstRow map[kernel.ID]int) checked {
	var c checked
	id, err := campaign.ParsePartnerID(r.id)
	if err != nil {
		c.idErr = spreadsheet.FieldMessage(err, "id")
	} else {
		c.id = id
		if firstRow[id] != r.n {
			c.idErr = "The id appears more than once in the file."
		}
	}
	if r.cash != "" {
		cash, err := campaign.ParseCash("cash", r.cash)
		if err != nil {
			c.cashErr = spreadsheet.FieldMessage(err, "cash")
		} else {
			c.cash, c.hasCash = cash, true
		}
	}
	return c
}

// ImportPartners reads an uploaded partner file of a campaign through the upload pipeline
// (ADR 0027): a row with a cash sets that partner's cash there (adding the partner when it is
// not in it), a blank cash leaves the row alone. Every row is checked first (the id a known
// active partner, once in the file; the cash; the partner in one of the campaign's
// categories; the cash not below what it has ordered); with preview, or any problem, nothing
// is written. Otherwise the campaign's composition is loaded under its lock, every row
// checked again against it and the changes saved with it, the partners whose cash went down
// checked once more in their turn. In that transaction the upload records its own event on
// the campaign (the file's name, name, and its counts) and the store a `cash` event per
// partner whose cash it set, all under one fresh import id (ADR 0031).
func (s *Sheets) ImportPartners(ctx context.Context, id kernel.ID, r io.ReaderAt, size int64, name string, preview bool) (spreadsheet.Result, error) {
	if err := s.Found(ctx, id); err != nil {
		return spreadsheet.Result{}, err
	}
	src := ports.AuditSourceOf(ctx)
	src.ImportID = audit.NewImportID()
	ctx = ports.WithAuditSource(ctx, src)
	firstRow := map[kernel.ID]int{}
	var comp *campaign.Composition // the composition being saved, in the save's transaction
	imp := spreadsheet.Import[sheetRow, struct{}]{
		Columns: PartnerColumns, Required: required, Empty: ErrNoPartners,
		Keep: func(n int, cells []string) sheetRow {
			row := sheetRow{n: n, id: cells[idColumn], cash: cells[cashColumn]}
			if pid, err := campaign.ParsePartnerID(row.id); err == nil {
				if _, dup := firstRow[pid]; !dup {
					firstRow[pid] = n
				}
			}
			return row
		},
		Checker: func(ctx context.Context) (func(*sheetRow) (struct{}, spreadsheet.Change, []spreadsheet.Problem, error), error) {
			ids := make([]kernel.ID, 0, len(firstRow))
			for pid := range firstRow {
				ids = append(ids, pid)
			}
			slices.Sort(ids)
			facts, err := s.store.Facts(ctx, id, ids)
			if err != nil {
				return nil, err
			}
			var categories []kernel.ID
			if comp == nil {
				if categories, err = s.categories(ctx, id); err != nil {
					return nil, err
				}
			}
			return func(raw *sheetRow) (struct{}, spreadsheet.Change, []spreadsheet.Problem, error) {
				c := parse(*raw, firstRow)
				f, known := facts[c.id]
				if c.idErr == "" && !known {
					c.idErr = spreadsheet.FieldMessage(errPartner, "partner_id")
				}
				change := campaign.CashUnchanged
				if c.idErr == "" && c.cashErr == "" && c.hasCash {
					var err error
					if comp != nil {
						pc, _ := campaign.NewPartnerCash(c.id, c.cash)
						change, err = comp.PutCash(pc, f.Categories)
					} else {
						change, err = campaign.PlanCash(categories, f.Categories, f.Linked, f.Money, c.cash)
					}
					var below *campaign.AmountError
					switch {
					case errors.As(err, &below):
						c.cashErr = spreadsheet.FieldMessage(err, "cash")
					case err != nil: // outside the campaign's categories
						c.idErr = spreadsheet.FieldMessage(err, "partners")
					}
				}
				var problems []spreadsheet.Problem
				if c.idErr != "" {
					problems = append(problems, spreadsheet.Problem{Column: "id", Message: c.idErr})
				}
				if c.cashErr != "" {
					problems = append(problems, spreadsheet.Problem{Column: "cash", Message: c.cashErr})
				}
				return struct{}{}, [...]spreadsheet.Change{campaign.CashUnchanged: spreadsheet.Unchanged,
					campaign.CashAdded: spreadsheet.Added, campaign.CashUpdated: spreadsheet.Updated}[change], problems, nil
			}, nil
		},
		// The rows change the composition as they are checked; it is saved whole at the end.
		Save: func(context.Context, []struct{}) error { return nil },
		Done: func(ctx context.Context, saved spreadsheet.Result) error {
			return s.audit.Record(ctx, audit.ImportSummary("campaigns", id, name, saved.Added, saved.Updated, saved.Unchanged))
		},
		Within: func(ctx context.Context, save func(context.Context) error) error {
			defer func() { comp = nil }()
			err := s.svc.tx.WithinTx(ctx, func(ctx context.Context) error {
				_, err := s.svc.repo.Update(ctx, id, kernel.AnyVersion, func(c *campaign.Composition) error {
					comp = c
					return save(ctx)
				})
				return err
			})
			// A partner who ordered past its new cash between the check and its turn: that
			// partner's row is refused.
			var pe *campaign.PartnerError
			if errors.As(err, &pe) {
				return spreadsheet.Refuse(firstRow[pe.PartnerID], "cash", spreadsheet.FieldMessage(pe.Err, "cash"))
			}
			return err
		},
	}
	return spreadsheet.Run(ctx, s.importing, s.sheets, imp, r, size, preview)
}
