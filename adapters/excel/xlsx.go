package excel

import (
	"archive/zip"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Decompression bounds for .xlsx. A workbook of 100,000 rows of 15 cells unzips to about
// 75 MB of XML at 12 to 16 times its zipped size; a file that declares much more, or a part
// that claims to shrink more than maxRatio times, is a bomb and is refused from the zip
// directory alone, before anything is inflated. archive/zip fails a part that inflates past
// its declared size, so the declared sizes hold.
const (
	maxUnzipped = 256 << 20
	maxRatio    = 100
	ratioFloor  = 1 << 20 // parts smaller than this may shrink as they like
	// Parts above this (worksheets, shared strings) spill to a temporary file; below it
	// excelize keeps them in memory.
	maxXMLInMemory = 4 << 20
	// What excelize may hold in memory at once, and the most any other part may declare:
	// styles, workbook and relationships are parsed whole.
	maxInMemory  = 64 << 20
	maxOtherPart = 16 << 20
)

func (x *Workbooks) readXLSX(r io.ReaderAt, size int64, rows *rowSink) error {
	if err := checkZip(r, size); err != nil {
		return err
	}
	// excelize spills big parts to temporary files and leaves some behind when opening
	// fails half way; a directory of our own is removed whole, whatever happens.
	dir, err := os.MkdirTemp("", "vitrina-xlsx-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	f, it, err := openFirstSheet(r, size, dir)
	if f != nil {
		defer f.Close()
	}
	if it != nil {
		defer it.Close()
	}
	if err != nil {
		return err
	}
	// The iterator yields every row number in turn, the missing ones as empty rows without
	// reading anything, so the count of rows it yields is the sheet row number.
	for row := 1; ; row++ {
		cells, more, err := nextRow(it)
		switch {
		case err != nil && row > lastRow:
			return ErrTooManyRows // a cell reference beyond Excel's last row
		case err != nil:
			return xlsxError(err)
		case !more:
			return nil
		}
		for i, c := range cells {
			if errorValues[c] {
				cells[i] = "" // as the .xls reader reads a formula that failed
			}
		}
		if err := rows.emit(row, cells); err != nil {
			return err
		}
	}
}

// openFirstSheet opens the workbook and the rows of its first sheet.
func openFirstSheet(r io.ReaderAt, size int64, dir string) (f *excelize.File, it *excelize.Rows, err error) {
	defer guard(&err)
	f, err = excelize.OpenReader(io.NewSectionReader(r, 0, size), excelize.Options{
		UnzipSizeLimit:    maxUnzipped,
		UnzipXMLSizeLimit: maxXMLInMemory,
		TmpDir:            dir,
	})
	if err != nil {
		return f, nil, xlsxError(err)
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return f, nil, ErrType
	}
	// Cells are read with their number formats switched off rather than with RawCellValue:
	// excelize then gives a number as its shortest decimal (Excel writes 0.1 as
	// 0.10000000000000001, which RawCellValue would pass on; past 15 significant digits it
	// rounds to 15, as Excel shows them) with no date, percent or thousands formatting, and
	// text, shared or inline, exactly as stored.
	if f.Styles != nil {
		f.Styles.CellXfs = nil
	}
	if it, err = f.Rows(sheets[0]); err != nil {
		return f, it, ErrDamaged
	}
	return f, it, nil
}

// nextRow moves to the next row and reads its cells; more is false after the last row.
func nextRow(it *excelize.Rows) (cells []string, more bool, err error) {
	defer guard(&err)
	if !it.Next() {
		return nil, false, it.Error()
	}
	cells, err = it.Columns()
	return cells, true, err
}

// guard turns a panic inside excelize, which parses what the file says, into a damaged
// file. fn never runs under it: its panics stay its own.
func guard(err *error) {
	if recover() != nil {
		*err = ErrDamaged
	}
}

// checkZip refuses from the zip's central directory alone what is not a workbook or would
// inflate beyond the bounds above.
func checkZip(r io.ReaderAt, size int64) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return ErrDamaged
	}
	var total, inMemory uint64
	var contentTypes *zip.File
	for _, f := range zr.File {
		n := f.UncompressedSize64
		total += n
		if total > maxUnzipped || n > ratioFloor && n/maxRatio > f.CompressedSize64 {
			return ErrDamaged
		}
		name := strings.ToLower(strings.ReplaceAll(f.Name, "\\", "/"))
		switch {
		case name == "[content_types].xml":
			contentTypes = f
			inMemory += n
		case strings.HasPrefix(name, "xl/worksheets/sheet") || name == "xl/sharedstrings.xml":
			if n <= maxXMLInMemory {
				inMemory += n
			}
		default:
			if n > maxOtherPart {
				return ErrDamaged
			}
			inMemory += n
		}
		if inMemory > maxInMemory {
			return ErrDamaged
		}
	}
	if contentTypes == nil {
		return ErrType
	}
	if err := checkContentTypes(contentTypes); err != nil {
		return err
	}
	// excelize ignores read errors when it inflates a part and keeps what it got, so a
	// corrupt part would read as a silently shortened sheet: inflate every part once here,
	// which checks its deflate stream, its declared size and its CRC.
	for _, f := range zr.File {
		if err := inflates(f); err != nil {
			return ErrDamaged
		}
	}
	return nil
}

func inflates(f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, rc)
	if cerr := rc.Close(); err == nil {
		err = cerr
	}
	return err
}

// workbookTypes are the content types of a workbook part that excelize reads: .xlsx, .xlsm
// and their templates. A .docx, .pptx or .xlsb has none of them.
var workbookTypes = []string{
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
	"application/vnd.ms-excel.sheet.macroenabled.main+xml",
	"application/vnd.ms-excel.template.macroenabled.main+xml",
}

func checkContentTypes(f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return ErrDamaged
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxOtherPart))
	if err != nil {
		return ErrDamaged
	}
	text := strings.ToLower(string(b))
	for _, t := range workbookTypes {
		if strings.Contains(text, t) {
			return nil
		}
	}
	return ErrType
}

// errorValues are the cached results of failed formulas (t="e"), which excelize gives as
// text: Excel's error literals.
var errorValues = map[string]bool{
	"#NULL!": true, "#DIV/0!": true, "#VALUE!": true, "#REF!": true, "#NAME?": true,
	"#NUM!": true, "#N/A": true, "#GETTING_DATA": true, "#SPILL!": true, "#CALC!": true,
}

func xlsxError(err error) error {
	if errors.Is(err, excelize.ErrMaxRows) {
		return ErrTooManyRows
	}
	return ErrDamaged
}
