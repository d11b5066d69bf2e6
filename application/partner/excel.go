package partner

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// Columns is the import layout: the header row the download writes and the upload reads.
var Columns = []string{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment", "toolCash",
	"annualPlan", "moneyCirculation", "categories", "partner_type"}

// requiredColumns must be in an uploaded file's header.
var requiredColumns = []string{"id", "name", "city", "bonus", "debt", "payment", "toolCash", "annualPlan", "moneyCirculation", "categories"}

// MaxProblems bounds the problems an answer lists; the counts stay complete.
const MaxProblems = 1000

// Problem is one wrong cell (or row, when Column is empty) of an uploaded file.
type Problem struct {
	Row     int
	Column  string
	Message string
}

// ImportResult is what an upload adds, updates and rejects.
type ImportResult struct {
	Added, Updated, Rejected int
	Problems                 []Problem
	// MoreProblems counts the problems left out past MaxProblems.
	MoreProblems int
}

// ErrImportBusy answers an upload while another one is running.
var ErrImportBusy = kernel.NewError(kernel.KindThrottled, "import-busy", "Another import is in progress. Try again in a moment.")

// Whole-file problems of an upload.
var (
	ErrFileHasErrors = kernel.FieldError("file", "The file has errors.")
	ErrNoPartners    = kernel.FieldError("file", "The file has no partners.")
)

// Rejected is the error of a save whose file has problems: nothing was saved.
type Rejected struct{ Result ImportResult }

func (r *Rejected) Error() string { return ErrFileHasErrors.Error() }

// Unwrap lets the error encoder see a validation error on the file.
func (r *Rejected) Unwrap() error { return ErrFileHasErrors }

// Export writes the partners matching q in the import layout, row by row.
func (s *Service) Export(ctx context.Context, w io.Writer, q ports.ListQuery) error {
	q.Page = 0
	return s.sheets.Write(ctx, w, "Partners", Columns, func(emit func([]ports.SheetCell) error) error {
		return s.lists.Partners.Stream(ctx, q, func(v ports.PartnerView) error {
			row := make([]ports.SheetCell, 0, len(Columns))
			text := func(s string) { row = append(row, ports.SheetCell{Value: s}) }
			row = append(row, ports.SheetCell{Value: strconv.FormatInt(v.ID, 10), Number: true})
			text(v.Name)
			text(v.Address)
			text(v.PIB)
			text(v.PDV)
			text(deref(v.CityName))
			text(v.Phone)
			for _, f := range partner.FigureFields {
				fig := v.Figures[f]
				row = append(row, ports.SheetCell{Value: fig, Number: !strings.HasSuffix(fig, "%")})
			}
			text(v.CategoryNames())
			text(deref(v.TypeName))
			return emit(row)
		})
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// foldKey is how names are matched: kernel.Fold, with runs of spaces as one.
func foldKey(s string) string { return strings.Join(strings.Fields(kernel.Fold(s)), " ") }

// headerKey matches a header cell to a column whatever its case, spaces and underscores.
func headerKey(s string) string {
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(s)))
}

// fieldColumn is the column of a domain field name in the layout.
var fieldColumn = map[string]string{"city_id": "city", "partner_type_id": "partner_type"}

type parsedRow struct {
	row      int
	in       partner.Input
	problems map[string]string // column → first problem
}

// Import reads an uploaded partner file. Every row is checked first; with preview, or when
// any row is wrong, nothing is written. Otherwise every row is saved in one transaction.
func (s *Service) Import(ctx context.Context, r io.ReaderAt, size int64, preview bool) (ImportResult, error) {
	if !s.importing.TryLock() {
		return ImportResult{}, ErrImportBusy
	}
	defer s.importing.Unlock()

	cities, err := s.refs.CitiesByName(ctx)
	if err != nil {
		return ImportResult{}, err
	}
	categories, err := s.refs.CategoriesByName(ctx)
	if err != nil {
		return ImportResult{}, err
	}
	types, err := s.refs.PartnerTypesByName(ctx)
	if err != nil {
		return ImportResult{}, err
	}

	var (
		result  ImportResult
		index   map[string]int
		rows    []parsedRow
		headErr error
		firstID = map[kernel.ID]int{}
	)
	err = s.sheets.Read(ctx, r, size, func(n int, cells []string) error {
		if index == nil {
			index, headErr = readHeader(cells)
			if headErr != nil {
				return headErr
			}
			return nil
		}
		cell := func(col string) string {
			if i, ok := index[col]; ok && i < len(cells) {
				return strings.TrimSpace(cells[i])
			}
			return ""
		}
		p := parsedRow{row: n, problems: map[string]string{}}
		p.in = partner.Input{ID: cell("id"), Name: cell("name"), Address: cell("address"), PIB: cell("pib"), PDV: cell("pdv"),
			Phone: cell("phone"), Figures: map[string]string{}}
		for _, f := range partner.FigureFields {
			p.in.Figures[f] = cell(f)
		}
		if name := cell("city"); name != "" {
			if id, ok := cities[foldKey(name)]; ok {
				p.in.CityID = id
			} else {
				p.problems["city"] = "The city does not exist."
			}
		}
		for _, name := range strings.Split(cell("categories"), ",") {
			if strings.TrimSpace(name) == "" {
				continue
			}
			if id, ok := categories[foldKey(name)]; ok {
				p.in.CategoryIDs = append(p.in.CategoryIDs, id)
			} else if _, seen := p.problems["categories"]; !seen {
				p.problems["categories"] = "A category does not exist."
			}
		}
		if name := cell("partner_type"); name != "" {
			if id, ok := types[foldKey(name)]; ok {
				p.in.TypeID = id
			} else {
				p.problems["partner_type"] = "The partner type does not exist."
			}
		}
		if id, err := partner.ParseID(p.in.ID); err == nil {
			if _, dup := firstID[id]; dup {
				p.problems["id"] = "The id appears more than once in the file."
			} else {
				firstID[id] = n
			}
		}
		rows = append(rows, p)
		return nil
	})
	var headerProblems *headerError
	if errors.As(err, &headerProblems) {
		for _, col := range headerProblems.missing {
			result.add(Problem{Row: headerProblems.row, Column: col, Message: "The column is missing."})
		}
		result.Rejected = 1
		return s.finish(result, preview)
	}
	if err != nil {
		return ImportResult{}, err
	}
	if len(rows) == 0 {
		return ImportResult{}, ErrNoPartners
	}

	ids := make([]kernel.ID, 0, len(firstID))
	for id := range firstID {
		ids = append(ids, id)
	}
	existing, err := s.repo.ExistingIDs(ctx, ids)
	if err != nil {
		return ImportResult{}, err
	}
	now := s.clock.Now()
	valid := make([]partner.Row, 0, len(rows))
	for i := range rows {
		p := &rows[i]
		id, _ := partner.ParseID(p.in.ID)
		row, err := partner.ParseRow(p.in, existing[id], now)
		var de *kernel.Error
		if errors.As(err, &de) {
			for field, msgs := range de.Fields {
				col := field
				if c, ok := fieldColumn[field]; ok {
					col = c
				}
				if _, reported := p.problems[col]; !reported && len(msgs) > 0 {
					p.problems[col] = msgs[0]
				}
			}
		} else if err != nil {
			return ImportResult{}, err
		}
		if len(p.problems) > 0 {
			result.Rejected++
			for _, col := range Columns {
				if msg, ok := p.problems[col]; ok {
					result.add(Problem{Row: p.row, Column: col, Message: msg})
				}
			}
			continue
		}
		if row.Exists() {
			result.Updated++
		} else {
			result.Added++
		}
		valid = append(valid, row)
	}
	rows = nil
	if preview || result.Rejected > 0 {
		return s.finish(result, preview)
	}
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error { return s.repo.SaveRows(ctx, valid) }); err != nil {
		return ImportResult{}, err
	}
	return result, nil
}

// finish answers a preview with its result and a save with problems with Rejected.
func (s *Service) finish(result ImportResult, preview bool) (ImportResult, error) {
	if preview || result.Rejected == 0 {
		return result, nil
	}
	return result, &Rejected{Result: result}
}

func (r *ImportResult) add(p Problem) {
	if len(r.Problems) >= MaxProblems {
		r.MoreProblems++
		return
	}
	r.Problems = append(r.Problems, p)
}

// headerError is a header row without some required columns.
type headerError struct {
	row     int
	missing []string
}

func (e *headerError) Error() string {
	return "the header lacks columns " + strings.Join(e.missing, ", ")
}

// readHeader maps the layout's columns to their cell index in the header row.
func readHeader(cells []string) (map[string]int, error) {
	index := map[string]int{}
	byKey := map[string]string{}
	for _, c := range Columns {
		byKey[headerKey(c)] = c
	}
	for i, cell := range cells {
		if col, ok := byKey[headerKey(cell)]; ok {
			if _, dup := index[col]; !dup {
				index[col] = i
			}
		}
	}
	var missing []string
	for _, c := range requiredColumns {
		if _, ok := index[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, &headerError{row: 1, missing: missing}
	}
	return index, nil
}
