package partner

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// column is one column of the partner file: its header, whether an upload must have it, the
// domain field whose problems it shows, how the download writes it and how the upload reads
// it into the form (resolving names through refs; a name that resolves to nothing is the
// returned problem).
type column struct {
	header   string
	required bool
	field    string // the domain's name of the field, when it is not the header
	write    func(v partnerports.PartnerView) ports.SheetCell
	read     func(refs importReferences, in *partner.Input, cell string) (problem string)
}

// textColumn is a column of plain text, copied into the form as it is.
func textColumn(header string, required bool, get func(partnerports.PartnerView) string, set func(*partner.Input, string)) column {
	return column{header: header, required: required,
		write: func(v partnerports.PartnerView) ports.SheetCell { return ports.SheetCell{Value: get(v)} },
		read:  func(_ importReferences, in *partner.Input, cell string) string { set(in, cell); return "" }}
}

// columns are the file's layout, in order: the one table the header, the download, the
// upload and its problems come from. The figures come from partner's table of them.
var columns = func() []column {
	cols := []column{
		{header: "id", required: true,
			write: func(v partnerports.PartnerView) ports.SheetCell {
				return ports.SheetCell{Value: strconv.FormatInt(v.ID, 10), Number: true}
			},
			read: func(_ importReferences, in *partner.Input, cell string) string { in.ID = cell; return "" }},
		textColumn("name", true, func(v partnerports.PartnerView) string { return v.Name }, func(in *partner.Input, s string) { in.Name = s }),
		textColumn("address", false, func(v partnerports.PartnerView) string { return v.Address }, func(in *partner.Input, s string) { in.Address = s }),
		textColumn("pib", false, func(v partnerports.PartnerView) string { return v.PIB }, func(in *partner.Input, s string) { in.PIB = s }),
		textColumn("pdv", false, func(v partnerports.PartnerView) string { return v.PDV }, func(in *partner.Input, s string) { in.PDV = s }),
		{header: "city", required: true, field: "city_id",
			write: func(v partnerports.PartnerView) ports.SheetCell { return ports.SheetCell{Value: deref(v.CityName)} },
			read: func(refs importReferences, in *partner.Input, cell string) string {
				if cell == "" {
					return ""
				}
				id, ok := refs.cities[kernel.NameKey(cell)]
				if !ok {
					return "The city does not exist."
				}
				in.CityID = id
				return ""
			}},
		textColumn("phone", false, func(v partnerports.PartnerView) string { return v.Phone }, func(in *partner.Input, s string) { in.Phone = s }),
	}
	for _, f := range partner.AllFigures {
		cols = append(cols, column{header: f.Key(), required: true,
			write: func(v partnerports.PartnerView) ports.SheetCell {
				fig := v.Figures[f.Key()]
				return ports.SheetCell{Value: fig, Number: !strings.HasSuffix(fig, "%")}
			},
			read: func(_ importReferences, in *partner.Input, cell string) string { in.Figures[f] = cell; return "" }})
	}
	return append(cols,
		column{header: "categories", required: true,
			write: func(v partnerports.PartnerView) ports.SheetCell { return ports.SheetCell{Value: v.CategoryNames()} },
			read: func(refs importReferences, in *partner.Input, cell string) (problem string) {
				for _, name := range strings.Split(cell, ",") {
					if strings.TrimSpace(name) == "" {
						continue
					}
					if id, ok := refs.categories[kernel.NameKey(name)]; ok {
						in.CategoryIDs = append(in.CategoryIDs, id)
					} else if problem == "" {
						problem = "A category does not exist."
					}
				}
				return problem
			}},
		column{header: "partner_type", field: "partner_type_id",
			write: func(v partnerports.PartnerView) ports.SheetCell { return ports.SheetCell{Value: deref(v.TypeName)} },
			read: func(refs importReferences, in *partner.Input, cell string) string {
				if cell == "" {
					return ""
				}
				id, ok := refs.types[kernel.NameKey(cell)]
				if !ok {
					return "The partner type does not exist."
				}
				in.TypeID = id
				return ""
			}},
	)
}()

// Columns are the headers of the layout: the header row the download writes and the upload reads.
var Columns = func() []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.header
	}
	return out
}()

// fieldColumn is the column of each domain field name: the header, or the field it names.
var fieldColumn = func() map[string]string {
	m := make(map[string]string, len(columns))
	for _, c := range columns {
		if c.field != "" {
			m[c.field] = c.header
		}
	}
	return m
}()

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
		return s.lists.Partners.Stream(ctx, q, func(v partnerports.PartnerView) error {
			row := make([]ports.SheetCell, len(columns))
			for i, c := range columns {
				row[i] = c.write(v)
			}
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

// headerKey matches a header cell to a column whatever its case, spaces and underscores.
func headerKey(s string) string {
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(s)))
}

// rawRow is a data row as read: its sheet row number and its cells in Columns order, kept
// as one string (cells joined by NUL, which no spreadsheet text holds) so that 100,000 rows
// cost one allocation each.
type rawRow struct {
	n     int
	cells string
}

const cellSep = "\x00"

// saveBatch is how many checked rows are written at a time.
const saveBatch = 1000

// Import reads an uploaded partner file. Every row is checked; with preview, or when any
// row is wrong, nothing is written. Otherwise every row is saved in one transaction, in
// batches, so only the file's cells are held in memory.
func (s *Service) Import(ctx context.Context, r io.ReaderAt, size int64, preview bool) (ImportResult, error) {
	if !s.importing.TryLock() {
		return ImportResult{}, ErrImportBusy
	}
	defer s.importing.Unlock()

	var (
		result  ImportResult
		index   map[string]int
		rows    []rawRow
		firstID = map[kernel.ID]int{}
	)
	err := s.sheets.Read(ctx, r, size, func(n int, cells []string) error {
		if index == nil {
			var err error
			index, err = readHeader(cells)
			return err
		}
		picked := make([]string, len(Columns))
		for i, col := range Columns {
			if j, ok := index[col]; ok && j < len(cells) {
				// A NUL in a cell would split the row: it becomes another control character,
				// which the domain's text rules refuse for that row and column.
				picked[i] = strings.ReplaceAll(strings.TrimSpace(cells[j]), cellSep, "\x01")
			}
		}
		row := rawRow{n: n, cells: strings.Join(picked, cellSep)}
		if id, err := partner.ParseID(picked[0]); err == nil { // the id is the first column
			if _, dup := firstID[id]; !dup {
				firstID[id] = n
			}
		}
		rows = append(rows, row)
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
	refs, err := s.importReferences(ctx)
	if err != nil {
		return ImportResult{}, err
	}

	// check parses every row into result; with save it also writes the valid rows in batches
	// (and frees each row's cells once written), as long as no row has been refused.
	check := func(result *ImportResult, existing map[kernel.ID]bool, save func([]partner.Row) error) error {
		now := s.clock.Now()
		batch := make([]partner.Row, 0, saveBatch)
		for i := range rows {
			row, problems, err := refs.parse(rows[i], firstID, existing, now)
			if err != nil {
				return err
			}
			if len(problems) > 0 {
				result.Rejected++
				for _, col := range Columns {
					if msg, ok := problems[col]; ok {
						result.add(Problem{Row: rows[i].n, Column: col, Message: msg})
					}
				}
				continue
			}
			if row.Exists() {
				result.Updated++
			} else {
				result.Added++
			}
			if save == nil || result.Rejected > 0 {
				continue
			}
			rows[i].cells = "" // saved: the cells are no longer needed
			if batch = append(batch, row); len(batch) == saveBatch {
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
	// The whole file is checked before the transaction, so the write lock is held only
	// while saving.
	if err := check(&result, existing, nil); err != nil {
		return ImportResult{}, err
	}
	if preview || result.Rejected > 0 {
		return s.finish(result, preview)
	}
	var saved ImportResult
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		// Ask again inside the transaction: a partner may have been added meanwhile.
		existing, err := s.repo.ExistingIDs(ctx, ids)
		if err != nil {
			return err
		}
		if err := check(&saved, existing, func(batch []partner.Row) error { return s.repo.SaveRows(ctx, batch) }); err != nil {
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

// importReferences are the names a file may use, folded.
type importReferences struct {
	cities, categories, types map[string]kernel.ID
}

func (s *Service) importReferences(ctx context.Context) (importReferences, error) {
	var refs importReferences
	var err error
	if refs.cities, err = s.catalog.CitiesByName(ctx); err != nil {
		return refs, err
	}
	if refs.categories, err = s.catalog.CategoriesByName(ctx); err != nil {
		return refs, err
	}
	refs.types, err = s.types.PartnerTypesByName(ctx)
	return refs, err
}

// parse checks one row: names resolved, the id not repeated, the domain's rules. It returns
// the row, or the first problem of each column.
func (refs importReferences) parse(raw rawRow, firstID map[kernel.ID]int, existing map[kernel.ID]bool, now time.Time) (partner.Row, map[string]string, error) {
	cells := strings.Split(raw.cells, cellSep)
	var problems map[string]string
	problem := func(col, msg string) {
		if problems == nil {
			problems = map[string]string{}
		}
		if _, seen := problems[col]; !seen {
			problems[col] = msg
		}
	}
	var in partner.Input
	for i, c := range columns {
		if msg := c.read(refs, &in, cells[i]); msg != "" {
			problem(c.header, msg)
		}
	}
	id, idErr := partner.ParseID(in.ID)
	if idErr == nil && firstID[id] != raw.n {
		problem("id", "The id appears more than once in the file.")
	}
	row, err := partner.ParseRow(in, idErr == nil && existing[id], now)
	var de *kernel.Error
	if errors.As(err, &de) {
		for field, msgs := range de.Fields {
			col := field
			if c, ok := fieldColumn[field]; ok {
				col = c
			}
			if len(msgs) > 0 {
				problem(col, msgs[0])
			}
		}
	} else if err != nil {
		return partner.Row{}, nil, err
	}
	return row, problems, nil
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
	for _, c := range columns {
		if _, ok := index[c.header]; c.required && !ok {
			missing = append(missing, c.header)
		}
	}
	if len(missing) > 0 {
		return nil, &headerError{row: 1, missing: missing}
	}
	return index, nil
}
