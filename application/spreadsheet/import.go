// Package spreadsheet is the one pipeline of the spreadsheet uploads (ADR 0027): read the
// file, match its header, keep its rows, check every row, answer a preview, save in batches
// in one transaction after checking every row again, and answer the problems and the counts.
// The partner register's and a campaign's partner file use it; each says only how a row is
// read, checked and saved.
package spreadsheet

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// MaxProblems bounds the problems an answer lists; the counts stay complete.
const MaxProblems = 1000

// SaveBatch is how many checked rows one write stores.
const SaveBatch = 1000

// Errors of every upload.
var (
	// ErrBusy answers an upload while another one of the same kind runs (429).
	ErrBusy = kernel.NewError(kernel.KindThrottled, "import-busy", "Another import is in progress. Try again in a moment.")
	// ErrFileHasErrors is the 422 of a save whose file has problems.
	ErrFileHasErrors = kernel.FieldError("file", "The file has errors.")
)

// Problem is one wrong cell (or row, when Column is empty) of an uploaded file.
type Problem struct {
	Row     int
	Column  string
	Message string
}

// Result is what an upload adds, updates, leaves as it was (Unchanged: a row equal to what
// is stored, or one that asks for nothing) and rejects, with the problems found.
type Result struct {
	Added, Updated, Unchanged, Rejected int
	Problems                            []Problem
	// MoreProblems counts the problems left out past MaxProblems.
	MoreProblems int
}

func (r *Result) add(p Problem) {
	if len(r.Problems) >= MaxProblems {
		r.MoreProblems++
		return
	}
	r.Problems = append(r.Problems, p)
}

// Rejected is the error of a save whose file has problems: nothing was saved.
type Rejected struct{ Result Result }

func (r *Rejected) Error() string { return ErrFileHasErrors.Error() }

// Unwrap lets the error encoder see a validation error on the file.
func (r *Rejected) Unwrap() error { return ErrFileHasErrors }

// Change is what a checked row does.
type Change int

// The changes of a row.
const (
	Unchanged Change = iota
	Added
	Updated
)

// Gate lets one upload of a kind run at a time, in every process over the database when
// Locks is set (ADR 0040: replicas take one lock named Name); another is ErrBusy.
type Gate struct {
	Name  string
	Locks ports.Locks // nil: this process only

	mu sync.Mutex
}

// enter runs fn unless another upload of the gate's kind runs now (ErrBusy).
func (g *Gate) enter(ctx context.Context, fn func(ctx context.Context) error) error {
	if g.Locks == nil {
		if !g.mu.TryLock() {
			return ErrBusy
		}
		defer g.mu.Unlock()
		return fn(ctx)
	}
	ran, err := g.Locks.Try(ctx, g.Name, fn)
	if err == nil && !ran {
		return ErrBusy
	}
	return err
}

// Import is one kind of upload: its layout and its rules. R is a row as kept from the file,
// V a checked row as saved.
type Import[R, V any] struct {
	// Columns are the layout's headers, matched whatever their case, spaces, dashes and
	// underscores; Required those a file must have (each missing one is a problem on the
	// header row).
	Columns  []string
	Required []string
	// Empty is the 422 of a file without data rows.
	Empty error
	// Keep turns a data row (its cells in Columns order, "" where the file has none, trimmed)
	// into what the check needs.
	Keep func(row int, cells []string) R
	// Checker reads what the rows are checked against (before the save's transaction and
	// again in it) and answers the check of one row: its value and change, or its problems
	// (Row left 0; the pipeline sets it).
	Checker func(ctx context.Context) (func(r *R) (V, Change, []Problem, error), error)
	// Within runs the save in its transaction, holding what it must hold.
	Within func(ctx context.Context, save func(ctx context.Context) error) error
	// Save writes a batch of at most SaveBatch checked rows that change something; Saved,
	// when set, lets a row's kept cells go once its batch is written.
	Save  func(ctx context.Context, batch []V) error
	Saved func(r *R)
	// Done, when set, runs in the save's transaction after every row is saved, with what
	// was saved (an import's summary event, ADR 0031); its error rolls the save back.
	Done func(ctx context.Context, saved Result) error
}

type kept[R any] struct {
	n int
	r R
}

// HeaderKey matches a header cell to a column whatever its case, spaces, dashes and
// underscores.
func HeaderKey(s string) string {
	return strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(s)))
}

var errMissingColumns = errors.New("the header lacks required columns")

// Run reads the upload r of size bytes and checks every row; with preview, or when any row
// has a problem, nothing is written (a save answers Rejected with the result). Otherwise the
// rows are checked again and saved in batches in one transaction (Within), so that a change
// between the check and the save is caught: a row refused then rolls back every batch.
func Run[R, V any](ctx context.Context, gate *Gate, sheets ports.Spreadsheet, imp Import[R, V], r io.ReaderAt, size int64, preview bool) (Result, error) {
	var result Result
	err := gate.enter(ctx, func(ctx context.Context) (err error) {
		result, err = run(ctx, sheets, imp, r, size, preview)
		return err
	})
	return result, err
}

// run is Run inside the gate.
func run[R, V any](ctx context.Context, sheets ports.Spreadsheet, imp Import[R, V], r io.ReaderAt, size int64, preview bool) (Result, error) {
	var (
		index   map[string]int
		missing []string
		rows    []kept[R]
	)
	byKey := make(map[string]string, len(imp.Columns))
	for _, c := range imp.Columns {
		byKey[HeaderKey(c)] = c
	}
	err := sheets.Read(ctx, r, size, func(n int, cells []string) error {
		if index == nil {
			index = map[string]int{}
			for i, cell := range cells {
				if col, ok := byKey[HeaderKey(cell)]; ok {
					if _, dup := index[col]; !dup {
						index[col] = i
					}
				}
			}
			for _, col := range imp.Required {
				if _, ok := index[col]; !ok {
					missing = append(missing, col)
				}
			}
			if len(missing) > 0 {
				return errMissingColumns
			}
			return nil
		}
		picked := make([]string, len(imp.Columns))
		for i, col := range imp.Columns {
			if j, ok := index[col]; ok && j < len(cells) {
				picked[i] = strings.TrimSpace(cells[j])
			}
		}
		rows = append(rows, kept[R]{n: n, r: imp.Keep(n, picked)})
		return nil
	})
	if errors.Is(err, errMissingColumns) {
		var result Result
		for _, col := range missing {
			result.add(Problem{Row: 1, Column: col, Message: "The column is missing."})
		}
		result.Rejected = 1
		return finish(result, preview)
	}
	if err != nil {
		return Result{}, err
	}
	if len(rows) == 0 {
		return Result{}, imp.Empty
	}

	// pass checks every row into result; with save it also writes the changing rows in
	// batches, as long as no row has been refused.
	pass := func(ctx context.Context, result *Result, save bool) error {
		check, err := imp.Checker(ctx)
		if err != nil {
			return err
		}
		batch := make([]V, 0, SaveBatch)
		var pending []int
		flush := func() error {
			if err := imp.Save(ctx, batch); err != nil {
				return err
			}
			if imp.Saved != nil {
				for _, i := range pending {
					imp.Saved(&rows[i].r)
				}
			}
			batch, pending = batch[:0], pending[:0]
			return nil
		}
		for i := range rows {
			v, change, problems, err := check(&rows[i].r)
			if err != nil {
				return err
			}
			if len(problems) > 0 {
				result.Rejected++
				for _, p := range problems {
					p.Row = rows[i].n
					result.add(p)
				}
				continue
			}
			switch change {
			case Added:
				result.Added++
			case Updated:
				result.Updated++
			default:
				result.Unchanged++
				continue
			}
			if !save || result.Rejected > 0 {
				continue
			}
			batch, pending = append(batch, v), append(pending, i)
			if len(batch) == SaveBatch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		if save && result.Rejected == 0 && len(batch) > 0 {
			return flush()
		}
		return nil
	}

	// The whole file is checked before the transaction, so what the save holds is held only
	// while saving.
	var result Result
	if err := pass(ctx, &result, false); err != nil {
		return Result{}, err
	}
	if preview || result.Rejected > 0 || result.Added+result.Updated == 0 {
		return finish(result, preview)
	}
	var saved Result
	err = imp.Within(ctx, func(ctx context.Context) error {
		saved = Result{}
		if err := pass(ctx, &saved, true); err != nil {
			return err
		}
		if saved.Rejected > 0 {
			return &Rejected{Result: saved} // rolls back what was written before the first problem
		}
		if imp.Done != nil {
			return imp.Done(ctx, saved)
		}
		return nil
	})
	var rejected *Rejected
	if errors.As(err, &rejected) {
		return rejected.Result, err
	}
	if err != nil {
		return Result{}, err
	}
	return saved, nil
}

// Refuse answers a save refused in its transaction for a row (a change between the check and
// the save that only the store sees): the row's problem in a result of its own.
func Refuse(row int, column, message string) error {
	result := Result{Rejected: 1}
	result.add(Problem{Row: row, Column: column, Message: message})
	return &Rejected{Result: result}
}

// finish answers a preview with its result and a save with problems with Rejected.
func finish(result Result, preview bool) (Result, error) {
	if preview || result.Rejected == 0 {
		return result, nil
	}
	return result, &Rejected{Result: result}
}

// FieldMessage is the first sentence of err about field, or err's own.
func FieldMessage(err error, field string) string {
	var e *kernel.Error
	if errors.As(err, &e) && len(e.Fields[field]) > 0 {
		return e.Fields[field][0]
	}
	return err.Error()
}
