package campaign

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"

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
)

// CartTimeLayout is how the cart download writes an item's time, in the business's zone.
const CartTimeLayout = "2006-01-02 15:04:05"

// MaxProblems bounds the problems an upload's answer lists; the counts stay complete.
const MaxProblems = 1000

// saveBatch is how many partners' cash one write stores.
const saveBatch = 1000

// Problem is one wrong cell (or row, when Column is empty) of an uploaded file.
type Problem struct {
	Row     int
	Column  string
	Message string
}

// ImportResult is what an upload of a campaign's partner file adds, updates, leaves alone
// (a blank cash or the cash the partner has already) and rejects.
type ImportResult struct {
	Added, Updated, Skipped, Rejected int
	Problems                          []Problem
	// MoreProblems counts the problems left out past MaxProblems.
	MoreProblems int
}

func (r *ImportResult) add(p Problem) {
	if len(r.Problems) >= MaxProblems {
		r.MoreProblems++
		return
	}
	r.Problems = append(r.Problems, p)
}

// Errors of the campaign's Excel round trip; the sentences are the partner import's.
var (
	// ErrImportBusy answers an upload while another campaign upload runs (429).
	ErrImportBusy    = kernel.NewError(kernel.KindThrottled, "import-busy", "Another import is in progress. Try again in a moment.")
	ErrFileHasErrors = kernel.FieldError("file", "The file has errors.")
	ErrNoPartners    = kernel.FieldError("file", "The file has no partners.")
)

// Rejected is the error of a save whose file has problems: nothing was saved.
type Rejected struct{ Result ImportResult }

func (r *Rejected) Error() string { return ErrFileHasErrors.Error() }

// Unwrap lets the error encoder see a validation error on the file.
func (r *Rejected) Unwrap() error { return ErrFileHasErrors }

// Sheets is the campaign's Excel round trip: the partner file both ways and the cart's
// download. One upload runs at a time.
type Sheets struct {
	svc       *Service
	store     campaignports.SheetStore
	sheets    ports.Spreadsheet
	zone      ports.BusinessZone
	importing sync.Mutex
}

// NewSheets wires the campaign's Excel round trip beside its use cases.
func NewSheets(svc *Service, store campaignports.SheetStore, sheets ports.Spreadsheet, zone ports.BusinessZone) *Sheets {
	return &Sheets{svc: svc, store: store, sheets: sheets, zone: zone}
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
	categories = campaign.Composition{Categories: categories}.Normalized().Categories
	if len(categories) == 0 {
		var err error
		if categories, err = s.svc.repo.Categories(ctx, id); err != nil {
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

// headerKey matches a header cell to a column whatever its case, spaces and underscores.
func headerKey(s string) string {
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(s)))
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

func fieldMessage(err error, field string) string {
	var e *kernel.Error
	if errors.As(err, &e) && len(e.Fields[field]) > 0 {
		return e.Fields[field][0]
	}
	return err.Error()
}

// parse reads one row's cells; firstRow is the sheet row where each id appears first.
func parse(r sheetRow, firstRow map[kernel.ID]int) checked {
	var c checked
	id, err := campaign.ParsePartnerID(r.id)
	if err != nil {
		c.idErr = fieldMessage(err, "id")
	} else {
		c.id = id
		if firstRow[id] != r.n {
			c.idErr = "The id appears more than once in the file."
		}
	}
	if strings.TrimSpace(r.cash) != "" {
		cash, err := campaign.ParseCash("cash", r.cash)
		if err != nil {
			c.cashErr = fieldMessage(err, "cash")
		} else {
			c.cash, c.hasCash = cash, true
		}
	}
	return c
}

// ImportPartners reads an uploaded partner file of a campaign: a row with a cash sets that
// partner's cash there (adding the partner when it is not in it), a blank cash leaves the row
// alone. Every row is checked first (the id a known active partner, once in the file; the
// cash; the partner in one of the campaign's categories; the cash not below what it has
// ordered); with preview, or any problem, nothing is written. Otherwise the campaign is locked,
// the partners' rows taken in turn, every row checked again and the cash saved in batches, in
// one transaction.
func (s *Sheets) ImportPartners(ctx context.Context, id kernel.ID, r io.ReaderAt, size int64, preview bool) (ImportResult, error) {
	if !s.importing.TryLock() {
		return ImportResult{}, ErrImportBusy
	}
	defer s.importing.Unlock()
	if err := s.Found(ctx, id); err != nil {
		return ImportResult{}, err
	}

	var (
		index    map[string]int
		missing  []string
		rows     []sheetRow
		firstRow = map[kernel.ID]int{}
	)
	err := s.sheets.Read(ctx, r, size, func(n int, cells []string) error {
		if index == nil {
			index, missing = readHeader(cells)
			if len(missing) > 0 {
				return errMissingColumns
			}
			return nil
		}
		cell := func(col string) string {
			if j := index[col]; j < len(cells) {
				return strings.TrimSpace(cells[j])
			}
			return ""
		}
		row := sheetRow{n: n, id: cell("id"), cash: cell("cash")}
		if pid, err := campaign.ParsePartnerID(row.id); err == nil {
			if _, dup := firstRow[pid]; !dup {
				firstRow[pid] = n
			}
		}
		rows = append(rows, row)
		return nil
	})
	if errors.Is(err, errMissingColumns) {
		var result ImportResult
		for _, col := range missing {
			result.add(Problem{Row: 1, Column: col, Message: "The column is missing."})
		}
		result.Rejected = 1
		return finish(result, preview)
	}
	if err != nil {
		return ImportResult{}, err
	}
	if len(rows) == 0 {
		return ImportResult{}, ErrNoPartners
	}
	ids := make([]kernel.ID, 0, len(firstRow))
	for pid := range firstRow {
		ids = append(ids, pid)
	}

	// check parses every row into result; with save it also stores the changed cash in
	// batches, as long as no row has been refused.
	check := func(result *ImportResult, categories []kernel.ID, facts map[kernel.ID]campaignports.SheetFacts,
		save func([]campaign.PartnerCash) error) error {
		batch := make([]campaign.PartnerCash, 0, saveBatch)
		for _, raw := range rows {
			c := parse(raw, firstRow)
			f, known := facts[c.id]
			if c.idErr == "" && !known {
				c.idErr = fieldMessage(errPartner, "partner_id")
			}
			change := campaign.CashUnchanged
			if c.idErr == "" && c.cashErr == "" && c.hasCash {
				var err error
				change, err = campaign.PlanCash(categories, f.Categories, f.Linked, f.Standing, c.cash)
				var below *campaign.AmountError
				switch {
				case errors.As(err, &below):
					c.cashErr = fieldMessage(err, "cash")
				case err != nil: // outside the campaign's categories
					c.idErr = fieldMessage(err, "partners")
				}
			}
			if c.idErr != "" || c.cashErr != "" {
				result.Rejected++
				if c.idErr != "" {
					result.add(Problem{Row: raw.n, Column: "id", Message: c.idErr})
				}
				if c.cashErr != "" {
					result.add(Problem{Row: raw.n, Column: "cash", Message: c.cashErr})
				}
				continue
			}
			switch change {
			case campaign.CashAdded:
				result.Added++
			case campaign.CashUpdated:
				result.Updated++
			default:
				result.Skipped++
				continue
			}
			if save == nil || result.Rejected > 0 {
				continue
			}
			if batch = append(batch, campaign.PartnerCash{PartnerID: c.id, Cash: c.cash}); len(batch) == saveBatch {
				if err := save(batch); err != nil {
					return err
				}
				batch = batch[:0]
			}
		}
		if save != nil && result.Rejected == 0 && len(batch) > 0 {
			return save(batch)
		}
		return nil
	}

	// The whole file is checked before the transaction, so the campaign's lock is held only
	// while saving.
	var result ImportResult
	if err := func() error {
		categories, err := s.svc.repo.Categories(ctx, id)
		if err != nil {
			return err
		}
		facts, err := s.store.Facts(ctx, id, ids, false)
		if err != nil {
			return err
		}
		return check(&result, categories, facts, nil)
	}(); err != nil {
		return ImportResult{}, err
	}
	if preview || result.Rejected > 0 || result.Added+result.Updated == 0 {
		return finish(result, preview)
	}
	var saved ImportResult
	err = s.svc.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.svc.repo.Lock(ctx, id); err != nil {
			return err
		}
		categories, err := s.svc.repo.Categories(ctx, id)
		if err != nil {
			return err
		}
		// Ask again under the campaign's lock and the partners' turn: an order, a cash or a
		// partner may have changed meanwhile.
		facts, err := s.store.Facts(ctx, id, ids, true)
		if err != nil {
			return err
		}
		if err := check(&saved, categories, facts, func(batch []campaign.PartnerCash) error {
			return s.svc.repo.PutPartners(ctx, id, batch)
		}); err != nil {
			return err
		}
		if saved.Rejected > 0 {
			return &Rejected{Result: saved} // rolls back what was written before the first problem
		}
		return nil
	})
	var rejected *Rejected
	if errors.As(err, &rejected) {
		return saved, err
	}
	if err != nil {
		return ImportResult{}, err
	}
	return saved, nil
}

// finish answers a preview with its result and a save with problems with Rejected.
func finish(result ImportResult, preview bool) (ImportResult, error) {
	if preview || result.Rejected == 0 {
		return result, nil
	}
	return result, &Rejected{Result: result}
}

var errMissingColumns = errors.New("the header lacks required columns")

// readHeader maps id and cash to their cell index in the header row (the first of each), and
// names the required columns it lacks.
func readHeader(cells []string) (map[string]int, []string) {
	index := map[string]int{}
	for i, cell := range cells {
		for _, col := range required {
			if _, seen := index[col]; !seen && headerKey(cell) == col {
				index[col] = i
			}
		}
	}
	var missing []string
	for _, col := range required {
		if _, ok := index[col]; !ok {
			missing = append(missing, col)
		}
	}
	return index, missing
}
