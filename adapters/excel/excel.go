// Package excel is the spreadsheet adapter: it reads .xlsx (its own streaming SpreadsheetML
// reader) and Excel 97-2003 .xls (its own BIFF8 reader) and writes .xlsx as a stream with
// excelize, behind ports.Spreadsheet.
package excel

import (
	"bytes"
	"context"
	"io"
	"unicode/utf8"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// The refusals of a whole file. The front end translates them by their English text, so the
// messages must not change; each has its own slug so errors.Is tells them apart.
var (
	ErrType        = fileError("file-type", "The file must be a file of type: xlsx, xls.")
	ErrTooLarge    = fileError("file-too-large", "The file may not be greater than 10 MB.")
	ErrTooManyRows = fileError("file-too-many-rows", "The file may not have more than 100000 rows.")
	ErrEncrypted   = fileError("file-encrypted", "The file is password protected.")
	ErrDamaged     = fileError("file-damaged", "The file is damaged or is not a spreadsheet.")
	// The budgets of issue 9 (ports.SpreadsheetMax…), checked as the text is decoded.
	ErrTooManyColumns = fileError("file-too-many-columns", "The file may not have more than 16384 columns.")
	ErrCellTooLong    = fileError("file-cell-too-long", "A cell of the file may not have more than 32767 characters.")
	ErrRowTooLong     = fileError("file-row-too-long", "A row of the file may not have more than 65536 characters.")
	ErrTextTooLong    = fileError("file-text-too-long", "The file may not have more than 48 MB of text.")
)

func fileError(slug, message string) *kernel.Error {
	e := kernel.FieldError("file", message)
	// kernel.FieldError gives every validation error the slug "invalid"; a slug of our own
	// keeps errors.Is(err, ErrDamaged) from matching ErrType and the rest.
	e.Slug = slug
	return e
}

// lastRow is the highest sheet row number accepted: the header plus SpreadsheetMaxRows rows.
// excelMaxRows is Excel's last row: a row number past it is refused as soon as it is read.
const (
	lastRow      = ports.SpreadsheetMaxRows + 1
	excelMaxRows = 1 << 20
)

var (
	zipMagic = []byte("PK\x03\x04")
	oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// Workbooks is the ports.Spreadsheet of .xlsx and .xls workbooks. It holds no state; Write
// (excelize spills the sheet to disk) makes a directory of its own under os.TempDir() and
// removes it on return.
type Workbooks struct{}

var _ ports.Spreadsheet = (*Workbooks)(nil)

// New returns the spreadsheet adapter.
func New() *Workbooks { return &Workbooks{} }

// Read implements ports.Spreadsheet.
func (x *Workbooks) Read(ctx context.Context, r io.ReaderAt, size int64, fn func(row int, cells []string) error) error {
	if size > ports.SpreadsheetMaxBytes {
		return ErrTooLarge
	}
	if size < int64(len(oleMagic)) {
		return ErrType
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	head := make([]byte, len(oleMagic))
	if _, err := r.ReadAt(head, 0); err != nil {
		return ErrDamaged
	}
	rows := &rowSink{ctx: ctx, fn: fn}
	switch {
	case bytes.HasPrefix(head, zipMagic):
		return readXLSX(r, size, rows)
	case bytes.Equal(head, oleMagic):
		data := make([]byte, size)
		if n, _ := r.ReadAt(data, 0); n < len(data) {
			return ErrDamaged
		}
		return readXLS(data, rows)
	default:
		return ErrType
	}
}

// rowSink applies the rules both readers share: trailing empty cells dropped, rows with no
// text skipped, the row limit, the text budgets, cancellation between rows.
type rowSink struct {
	ctx      context.Context
	fn       func(row int, cells []string) error
	rowChars int
	text     int64
}

// cell counts a cell's text against the cell, row and file budgets as the reader produces
// it, before the row that holds it is handed over.
func (s *rowSink) cell(value string) error {
	if len(value) > 4*ports.SpreadsheetMaxCellChars {
		return ErrCellTooLong // more bytes than any 32,767 characters take
	}
	n := utf8.RuneCountInString(value)
	if n > ports.SpreadsheetMaxCellChars {
		return ErrCellTooLong
	}
	if s.rowChars += n; s.rowChars > ports.SpreadsheetMaxRowChars {
		return ErrRowTooLong
	}
	if s.text += int64(len(value)); s.text > ports.SpreadsheetMaxTextBytes {
		return ErrTextTooLong
	}
	return nil
}

func (s *rowSink) emit(row int, cells []string) error {
	s.rowChars = 0
	end := len(cells)
	for end > 0 && cells[end-1] == "" {
		end--
	}
	if end == 0 {
		return nil
	}
	if row > lastRow {
		return ErrTooManyRows
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	return s.fn(row, cells[:end])
}
