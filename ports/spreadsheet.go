package ports

import (
	"context"
	"io"
)

// Spreadsheet limits shared by every upload (issue 4): beyond them a file is refused whole.
const (
	SpreadsheetMaxBytes = 10 << 20
	SpreadsheetMaxRows  = 100_000
)

// SheetCell is one written cell: text, or a number given as its exact decimal string.
type SheetCell struct {
	Value  string
	Number bool
}

// Spreadsheet reads and writes the one-sheet workbooks of the Excel round trips.
type Spreadsheet interface {
	// Read calls fn with every row of the first sheet in order: its 1-based row number in
	// the sheet and its cells as text (numbers as their shortest exact decimal, no
	// formatting applied; trailing empty cells dropped; rows with no text skipped). It
	// accepts .xlsx and real Excel 97-2003 .xls by content, not by name. A file that is
	// neither, over SpreadsheetMaxBytes or SpreadsheetMaxRows, encrypted or corrupt is
	// refused with a kernel.KindInvalid error on the field "file", before fn sees a row
	// when that can be known up front. An error from fn stops the read and is returned.
	Read(ctx context.Context, r io.ReaderAt, size int64, fn func(row int, cells []string) error) error
	// Write streams a workbook of one sheet to w: the header row, then every row rows
	// emits, with memory that stays flat however many rows there are. Text cells are
	// always written as text, never as formulas.
	Write(ctx context.Context, w io.Writer, sheet string, header []string, rows func(emit func([]SheetCell) error) error) error
}
