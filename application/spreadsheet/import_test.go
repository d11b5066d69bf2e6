package spreadsheet

import (
	"context"
	"errors"
	"io"
	"strconv"
	"testing"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// sheet is a spreadsheet of rows already read: row i+1 holds rows[i].
type sheet [][]string

func (s sheet) Read(ctx context.Context, _ io.ReaderAt, _ int64, fn func(int, []string) error) error {
	for i, r := range s {
		if err := fn(i+1, r); err != nil {
			return err
		}
	}
	return nil
}

func (sheet) Write(context.Context, io.Writer, string, []string, func(func([]ports.SheetCell) error) error) error {
	return nil
}

// store is what the test import saves into: name by id, and how often a save ran.
type store struct {
	names   map[int]string
	batches int
}

// row is a kept row: its id and name cells.
type row struct{ id, name string }

// importOf reads "id" and "name": a row with an id of the store that has its name is
// unchanged, one with another name updated, one with an unknown id added; a name "x" is a
// problem. The save writes into a copy that is kept only when within ends without error.
func importOf(st *store, within func(ctx context.Context, save func(context.Context) error) error) Import[row, row] {
	var pending map[int]string
	return Import[row, row]{
		Columns: []string{"id", "name", "note"}, Required: []string{"id", "name"}, Empty: kernel.FieldError("file", "empty"),
		Keep: func(_ int, cells []string) row { return row{id: cells[0], name: cells[1]} },
		Checker: func(context.Context) (func(*row) (row, Change, []Problem, error), error) {
			return func(r *row) (row, Change, []Problem, error) {
				if r.name == "x" {
					return row{}, Unchanged, []Problem{{Column: "name", Message: "bad"}}, nil
				}
				id, _ := strconv.Atoi(r.id)
				switch old, ok := st.names[id]; {
				case !ok:
					return *r, Added, nil, nil
				case old == r.name:
					return *r, Unchanged, nil, nil
				default:
					return *r, Updated, nil, nil
				}
			}, nil
		},
		Within: func(ctx context.Context, save func(context.Context) error) error {
			pending = map[int]string{}
			for k, v := range st.names {
				pending[k] = v
			}
			if err := within(ctx, save); err != nil {
				return err
			}
			st.names = pending
			return nil
		},
		Save: func(_ context.Context, batch []row) error {
			st.batches++
			for _, r := range batch {
				id, _ := strconv.Atoi(r.id)
				pending[id] = r.name
			}
			return nil
		},
	}
}

func plain(ctx context.Context, save func(context.Context) error) error { return save(ctx) }

func TestRunCountsPreviewsAndSaves(t *testing.T) {
	ctx := context.Background()
	var gate Gate
	st := &store{names: map[int]string{1: "Alfa", 2: "Beta"}}
	file := sheet{{"Name", " ID ", "other"}, {"Alfa", "1"}, {"Beta 2", "2"}, {"Gama", "3"}}
	result, err := Run(ctx, &gate, file, importOf(st, plain), nil, 0, true)
	if err != nil || result.Added != 1 || result.Updated != 1 || result.Unchanged != 1 || st.batches != 0 || st.names[3] != "" {
		t.Fatalf("preview %+v %v, %d batches", result, err, st.batches)
	}
	result, err = Run(ctx, &gate, file, importOf(st, plain), nil, 0, false)
	if err != nil || result.Added != 1 || result.Updated != 1 || result.Unchanged != 1 || st.names[2] != "Beta 2" || st.names[3] != "Gama" || st.batches != 1 {
		t.Fatalf("save %+v %v %v", result, err, st.names)
	}
	// Nothing to write: no transaction at all.
	result, err = Run(ctx, &gate, file, importOf(st, func(context.Context, func(context.Context) error) error {
		t.Fatal("a save of unchanged rows")
		return nil
	}), nil, 0, false)
	if err != nil || result.Unchanged != 3 {
		t.Fatalf("unchanged file %+v %v", result, err)
	}
}

func TestRunRefusesWholeFiles(t *testing.T) {
	ctx := context.Background()
	var gate Gate
	st := &store{names: map[int]string{}}
	// A header without a required column: one problem on row 1 per missing column.
	result, err := Run(ctx, &gate, sheet{{"note"}, {"1"}}, importOf(st, plain), nil, 0, false)
	var rejected *Rejected
	if !errors.As(err, &rejected) || result.Rejected != 1 || len(result.Problems) != 2 || result.Problems[0] != (Problem{Row: 1, Column: "id", Message: "The column is missing."}) {
		t.Fatalf("missing columns %+v %v", result, err)
	}
	if _, err := Run(ctx, &gate, sheet{{"id", "name"}}, importOf(st, plain), nil, 0, false); kernel.KindOf(err) != kernel.KindInvalid {
		t.Fatalf("no rows: %v", err)
	}
	// A wrong row: the preview lists it with 200, the save refuses the file.
	file := sheet{{"id", "name"}, {"1", "Alfa"}, {"2", "x"}}
	if result, err = Run(ctx, &gate, file, importOf(st, plain), nil, 0, true); err != nil || result.Rejected != 1 || result.Problems[0].Row != 3 {
		t.Fatalf("preview of a wrong row %+v %v", result, err)
	}
	if result, err = Run(ctx, &gate, file, importOf(st, plain), nil, 0, false); !errors.As(err, &rejected) || len(st.names) != 0 ||
		!errors.Is(err, ErrFileHasErrors) {
		t.Fatalf("save of a wrong row %+v %v", result, err)
	}
	// One import of a kind at a time.
	gate.mu.Lock()
	if _, err := Run(ctx, &gate, file, importOf(st, plain), nil, 0, true); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second import: %v", err)
	}
	gate.mu.Unlock()
}

// A row refused only in the save's transaction rolls back every batch written before it, and
// the answer lists at most MaxProblems problems while counting the rest.
func TestRunChecksAgainInTheSaveAndCapsProblems(t *testing.T) {
	ctx := context.Background()
	var gate Gate
	st := &store{names: map[int]string{}}
	file := sheet{{"id", "name"}}
	for i := range SaveBatch + 10 {
		file = append(file, []string{strconv.Itoa(i + 1), "Ime"})
	}
	// The save's transaction finds the last row changed meanwhile.
	imp := importOf(st, plain)
	check := imp.Checker
	passes := 0
	imp.Checker = func(ctx context.Context) (func(*row) (row, Change, []Problem, error), error) {
		passes++
		c, _ := check(ctx)
		last := passes == 2
		return func(r *row) (row, Change, []Problem, error) {
			if last && r.id == strconv.Itoa(SaveBatch+10) {
				return row{}, Unchanged, []Problem{{Column: "id", Message: "taken meanwhile"}}, nil
			}
			return c(r)
		}, nil
	}
	result, err := Run(ctx, &gate, file, imp, nil, 0, false)
	if !errors.As(err, new(*Rejected)) || result.Rejected != 1 || result.Problems[0].Row != SaveBatch+11 || st.batches != 1 || len(st.names) != 0 {
		t.Fatalf("refused in the save: %+v %v, %d batches, %d saved", result.Rejected, err, st.batches, len(st.names))
	}
	if err := Refuse(7, "cash", "low"); !errors.As(err, new(*Rejected)) || err.(*Rejected).Result.Problems[0] != (Problem{Row: 7, Column: "cash", Message: "low"}) {
		t.Fatalf("refuse: %v", err)
	}
	bad := sheet{{"id", "name"}}
	for range MaxProblems + 5 {
		bad = append(bad, []string{"1", "x"})
	}
	result, err = Run(ctx, &gate, bad, importOf(st, plain), nil, 0, true)
	if err != nil || result.Rejected != MaxProblems+5 || len(result.Problems) != MaxProblems || result.MoreProblems != 5 {
		t.Fatalf("capped %d %d %d %v", result.Rejected, len(result.Problems), result.MoreProblems, err)
	}
}
