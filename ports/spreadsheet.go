package ports

import (
	"context"
	"io"
)

// Spreadsheet limits shared by every upload (issues 4 and 9): beyond them a file is refused
// whole. Text is counted as it is decoded, a shared string once for every cell that uses it,
// so a small file cannot make the reader hold more than these budgets.
const (
	SpreadsheetMaxBytes = 10 << 20
	// Data rows after the header; a row numbered past them (or past Excel's own last row,
	// 1,048,576) with text in it is refused when it is reached, before it is handed over.
	SpreadsheetMaxRows = 100_000
	// Excel's own limits: 16,384 columns (XFD) and 32,767 characters in a cell.
	SpreadsheetMaxColumns   = 16_384
	SpreadsheetMaxCellChars = 32_767
	// Two full cells' worth; a partner row of 25 realistic columns holds about 500.
	SpreadsheetMaxRowChars = 65_536
	// The text of all cells as decoded (UTF-8 bytes), and apart from it the shared-string
	// table of an .xlsx or .xls (16 bytes a string added): a 100,000-row partner file of 25
	// realistic columns needs about 34 MB of each, and a file at both budgets keeps the
	// import's peak memory within 300 MB.
	SpreadsheetMaxTextBytes = 48 << 20
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
	// neither, over a limit above, encrypted or corrupt is refused with a kernel.KindInvalid
	// error on the field "file", before fn sees a row when that can be known up front;
	// otherwise when the reader reaches the fault, so the caller must hold what fn saw
	// until Read returns nil. The read stops with ctx.Err() once ctx ends, checked between
	// rows. An error from fn stops the read and is returned.
	Read(ctx context.Context, r io.ReaderAt, size int64, fn func(row int, cells []string) error) error
	// Write streams a workbook of one sheet to w: the header row, then every row rows
	// emits, with memory that stays flat however many rows there are. Text cells are
	// always written as text, never as formulas.
	Write(ctx context.Context, w io.Writer, sheet string, header []string, rows func(emit func([]SheetCell) error) error) error
}
