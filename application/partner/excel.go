package partner

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"

	"vitrina/application/spreadsheet"
	"vitrina/domain/audit"
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

// ErrNoPartners is the 422 of a file without data rows.
var ErrNoPartners = kernel.FieldError("file", "The file has no partners.")

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

// rawRow is a data row as read: its sheet row number and its cells in Columns order, kept
// as one string (cells joined by NUL, which no spreadsheet text holds) so that 100,000 rows
// cost one allocation each.
type rawRow struct {
	n     int
	cells string
}

const cellSep = "\x00"

// required are the columns an upload must have.
var required = func() []string {
	var out []string
	for _, c := range columns {
		if c.required {
			out = append(out, c.header)
		}
	}
	return out
}()

// Import reads an uploaded partner file, named name, through the upload pipeline (ADR 0027).
// Every row is checked; with preview, or when any row is wrong, nothing is written.
// Otherwise every row is checked again and saved in one transaction, in batches, so only the
// file's cells are held in memory. In that transaction the import records its own event
// (the file's name and its counts) and each partner it creates or changes records its own,
// all under one fresh import id (ADR 0031); an unchanged partner records nothing.
func (s *Service) Import(ctx context.Context, r io.ReaderAt, size int64, name string, preview bool) (spreadsheet.Result, error) {
	src := ports.AuditSourceOf(ctx)
	src.ImportID = audit.NewImportID()
	ctx = ports.WithAuditSource(ctx, src)
	firstID := map[kernel.ID]int{}
	var refs importReferences
	var stored map[kernel.ID]uint64 // the fingerprints of the partners the file names, as the check found them
	imp := spreadsheet.Import[rawRow, partner.Row]{
		Columns: Columns, Required: required, Empty: ErrNoPartners,
		Keep: func(n int, cells []string) rawRow {
			for i := range cells {
				// A NUL in a cell would split the row: it becomes another control character,
				// which the domain's text rules refuse for that row and column.
				cells[i] = strings.ReplaceAll(cells[i], cellSep, "\x01")
			}
			if id, err := partner.ParseID(cells[0]); err == nil { // the id is the first column
				if _, dup := firstID[id]; !dup {
					firstID[id] = n
				}
			}
			return rawRow{n: n, cells: strings.Join(cells, cellSep)}
		},
		Checker: func(ctx context.Context) (func(*rawRow) (partner.Row, spreadsheet.Change, []spreadsheet.Problem, error), error) {
			if refs.cities == nil {
				var err error
				if refs, err = s.importReferences(ctx); err != nil {
					return nil, err
				}
			}
			ids := make([]kernel.ID, 0, len(firstID))
			for id := range firstID {
				ids = append(ids, id)
			}
			// The check reads what the stored partners are; the save's, inside the transaction,
			// asks only which exist (a partner may have been added meanwhile) and compares with
			// what the check read: a row the check found unchanged is not written, and one
			// edited meanwhile keeps that edit, as the file did not change it.
			var existing map[kernel.ID]bool
			if stored == nil {
				var err error
				if stored, err = s.repo.Fingerprints(ctx, ids); err != nil {
					return nil, err
				}
				existing = make(map[kernel.ID]bool, len(stored))
				for id := range stored {
					existing[id] = true
				}
			} else {
				var err error
				if existing, err = s.repo.ExistingIDs(ctx, ids); err != nil {
					return nil, err
				}
			}
			now := s.clock.Now()
			return func(raw *rawRow) (partner.Row, spreadsheet.Change, []spreadsheet.Problem, error) {
				row, problems, err := refs.parse(*raw, firstID, existing, now)
				if err != nil || len(problems) > 0 {
					var out []spreadsheet.Problem
					for _, col := range Columns {
						if msg, ok := problems[col]; ok {
							out = append(out, spreadsheet.Problem{Column: col, Message: msg})
						}
					}
					return partner.Row{}, spreadsheet.Unchanged, out, err
				}
				switch fp, ok := stored[row.ID()]; {
				case !row.Exists():
					return row, spreadsheet.Added, nil, nil
				case ok && fp == row.Fingerprint():
					return row, spreadsheet.Unchanged, nil, nil // nothing to write
				default:
					return row, spreadsheet.Updated, nil, nil
				}
			}, nil
		},
		Within: s.tx.WithinTx,
		Save:   s.repo.SaveRows,
		Saved:  func(r *rawRow) { r.cells = "" }, // saved: the cells are no longer needed
		Done: func(ctx context.Context, saved spreadsheet.Result) error {
			return s.audit.Record(ctx, audit.ImportSummary(audit.PartnersResource, 0, name, saved.Added, saved.Updated, saved.Unchanged))
		},
	}
	return spreadsheet.Run(ctx, s.importing, s.sheets, imp, r, size, preview)
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
	exists := existing[id]
	row, err := partner.ParseRow(in, idErr == nil && exists, now)
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
