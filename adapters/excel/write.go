package excel

import (
	"archive/zip"
	"context"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"vitrina/ports"
)

const (
	// Column widths are measured on the header and this many first rows, held back until
	// then because the widths must precede the first row in the sheet XML.
	widthSample    = 100
	minColumnWidth = 8
	maxColumnWidth = 60
	maxSheetName   = 31
)

// Write implements ports.Spreadsheet. The sheet XML goes to a temporary file as it is
// produced and is then zipped straight into w, so memory stays flat whatever the row count.
func (x *Workbooks) Write(ctx context.Context, w io.Writer, sheet string, header []string, rows func(emit func([]ports.SheetCell) error) error) error {
	dir, err := os.MkdirTemp("", "vitrina-xlsx-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	f := excelize.NewFile(excelize.Options{TmpDir: dir})
	defer f.Close()
	name := sheetName(sheet)
	if err := f.SetSheetName(f.GetSheetName(0), name); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}

	sheetWriter := &rowWriter{sw: sw, header: header, bold: bold}
	emit := func(cells []ports.SheetCell) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return sheetWriter.add(cells)
	}
	if err := rows(emit); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := sheetWriter.start(); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	// excelize assembles the zip in a bytes.Buffer it hands to the ZipWriter factory;
	// a zip.Writer on w instead streams the parts out and leaves that buffer empty.
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	return f.Write(w)
}

// rowWriter writes the header and the rows, holding back the first rows until the column
// widths are known.
type rowWriter struct {
	sw      *excelize.StreamWriter
	header  []string
	bold    int
	started bool
	sample  [][]ports.SheetCell
	row     int
	values  []any
}

func (r *rowWriter) add(cells []ports.SheetCell) error {
	if !r.started {
		r.sample = append(r.sample, append([]ports.SheetCell(nil), cells...))
		if len(r.sample) < widthSample {
			return nil
		}
		return r.start()
	}
	return r.write(cells)
}

func (r *rowWriter) start() error {
	if r.started {
		return nil
	}
	r.started = true
	widths := make([]int, len(r.header))
	measure := func(i int, s string) {
		for len(widths) <= i {
			widths = append(widths, 0)
		}
		widths[i] = max(widths[i], utf8.RuneCountInString(s))
	}
	for i, h := range r.header {
		measure(i, h)
	}
	for _, cells := range r.sample {
		for i, c := range cells {
			measure(i, c.Value)
		}
	}
	// excelize puts each column set before those set earlier; Excel wants them in order.
	for i := len(widths) - 1; i >= 0; i-- {
		width := float64(min(max(widths[i]+2, minColumnWidth), maxColumnWidth))
		if err := r.sw.SetColWidth(i+1, i+1, width); err != nil {
			return err
		}
	}
	if len(r.header) > 0 {
		if err := r.sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return err
		}
		values := make([]any, len(r.header))
		for i, h := range r.header {
			values[i] = excelize.Cell{StyleID: r.bold, Value: h}
		}
		r.row++
		if err := r.sw.SetRow("A"+strconv.Itoa(r.row), values); err != nil {
			return err
		}
	}
	for _, cells := range r.sample {
		if err := r.write(cells); err != nil {
			return err
		}
	}
	r.sample = nil
	return nil
}

func (r *rowWriter) write(cells []ports.SheetCell) error {
	r.values = r.values[:0]
	for _, c := range cells {
		r.values = append(r.values, cellValue(c))
	}
	r.row++
	return r.sw.SetRow("A"+strconv.Itoa(r.row), r.values)
}

// cellValue is what excelize is given for a cell. A string always becomes an inline
// string cell, never a formula, whatever it starts with; a number becomes a float64, which
// excelize writes back as its shortest decimal: the same text for any exact decimal of up
// to 15 significant digits.
func cellValue(c ports.SheetCell) any {
	if c.Value == "" {
		return nil
	}
	if c.Number && isDecimal(c.Value) {
		if f, err := strconv.ParseFloat(c.Value, 64); err == nil {
			return f
		}
	}
	return c.Value
}

// isDecimal accepts -?digits(.digits)? only: no exponents, hex, Inf or NaN.
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	intPart, frac, hasFrac := strings.Cut(s, ".")
	return allDigits(intPart) && (!hasFrac || allDigits(frac))
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// sheetName makes a name Excel accepts: no : \ / ? * [ ], no leading or trailing
// apostrophe, at most 31 characters.
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '_'
		}
		return r
	}, s)
	s = strings.Trim(s, "'")
	if utf8.RuneCountInString(s) > maxSheetName {
		s = string([]rune(s)[:maxSheetName])
	}
	if strings.TrimSpace(s) == "" {
		return "Sheet1"
	}
	return s
}
