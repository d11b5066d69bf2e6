package excel

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func readXLSRows(t *testing.T, globals, sheet [][]byte) ([]sheetRow, error) {
	t.Helper()
	return readRows(t, New(), xlsFile(globals, sheet))
}

func rk(v uint32) []byte { return u32(v) }

func rkFloat(f float64) uint32 { return uint32(math.Float64bits(f) >> 32) }

func TestBIFFNumbers(t *testing.T) {
	minusFive := int32(-5)
	rows, err := readXLSRows(t, nil, [][]byte{
		rec(recRK, cell(0, 0), rk(123<<2|2)),                  // integer
		rec(recRK, cell(0, 1), rk(uint32(minusFive<<2)|2)),    // negative integer
		rec(recRK, cell(0, 2), rk(1234<<2|3)),                 // integer / 100
		rec(recRK, cell(0, 3), rk(rkFloat(0.5))),              // high bits of a double
		rec(recRK, cell(0, 4), rk(rkFloat(1234.5)|1)),         // the same, / 100
		rec(recNumber, cell(0, 5), f64(12.345)),               // NUMBER
		rec(recNumber, cell(0, 6), f64(100)),                  //
		rec(recNumber, cell(0, 7), f64(math.Copysign(0, -1))), // -0 reads as 0
		rec(recNumber, cell(0, 8), f64(math.NaN())),           // not a number: empty
		rec(recNumber, cell(0, 9), f64(1e21)),                 // no exponent
		rec(recMulRK, u16(1), u16(2), u16(15), rk(7<<2|2), u16(15), rk(rkFloat(0.25)), u16(15), rk(99999<<2|3), u16(4)), // C2:E2
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{
		{1, []string{"123", "-5", "12.34", "0.5", "12.345", "12.345", "100", "0", "", "1000000000000000000000"}},
		{2, []string{"", "", "7", "0.25", "999.99"}},
	})
}

func TestBIFFTextBoolsAndFormulas(t *testing.T) {
	formula := func(row, col int, result []byte) []byte {
		return rec(recFormula, cell(row, col), result, u16(0), u32(0), u16(3), []byte{0x1E, 1, 0}) // =1
	}
	special := func(kind, value byte) []byte { return []byte{kind, 0, value, 0, 0, 0, 0xFF, 0xFF} }
	shrfmla := rec(0x04BC, make([]byte, 10))
	rows, err := readXLSRows(t, nil, [][]byte{
		rec(recLabel, cell(0, 0), xlString("Label čćž")),
		rec(recLabel, cell(0, 1), xlString("plain")),
		rec(recBoolErr, cell(0, 2), []byte{1, 0}),
		rec(recBoolErr, cell(0, 3), []byte{0, 0}),
		rec(recBoolErr, cell(0, 4), []byte{0x07, 1}), // #DIV/0!
		rec(recBoolErr, cell(0, 5), []byte{1, 0}),
		formula(1, 0, f64(24.69)),
		formula(1, 1, special(0, 0)),
		shrfmla,
		rec(recString, xlString("text result đ")),
		formula(1, 2, special(1, 1)),
		formula(1, 3, special(1, 0)),
		formula(1, 4, special(2, 0x07)),
		formula(1, 5, special(3, 0)),
		formula(1, 6, special(0, 0)), // its STRING never comes: empty
		rec(recNumber, cell(1, 7), f64(1)),
		rec(recString, xlString("stray")), // no formula waiting: ignored
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{
		{1, []string{"Label čćž", "plain", "TRUE", "FALSE", "", "TRUE"}},
		{2, []string{"24.69", "text result đ", "TRUE", "FALSE", "", "", "", "1"}},
	})
}

func TestBIFFRowsAreNumberedSkippedAndTrimmed(t *testing.T) {
	rows, err := readXLSRows(t, nil, [][]byte{
		rec(recLabel, cell(0, 0), xlString("header")),
		rec(recLabel, cell(2, 0), xlString("")), // only empty text: skipped
		rec(recBoolErr, cell(2, 1), []byte{0x2A, 1}),
		rec(recLabel, cell(4, 3), xlString("D5")),
		rec(recLabel, cell(4, 5), xlString("")), // trailing empty: dropped
		rec(recLabel, cell(65535, 0), xlString("last row")),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{{1, []string{"header"}}, {5, []string{"", "", "", "D5"}}, {65536, []string{"last row"}}})
}

func TestBIFFSkipsEmbeddedChartsAndOtherSheets(t *testing.T) {
	chart := [][]byte{bofRec(0x0600, 0x0020), rec(recNumber, cell(0, 0), f64(666)), rec(recLabel, cell(9, 9), xlString("chart")), eofRec()}
	first := [][]byte{rec(recNumber, cell(0, 0), f64(1))}
	first = append(first, chart...)
	first = append(first, rec(recNumber, cell(0, 1), f64(2)))
	wb := biffBook(nil,
		biffSheet{kind: 2, records: [][]byte{rec(recNumber, cell(0, 0), f64(-1))}}, // a chart sheet listed first
		biffSheet{records: first},
		biffSheet{records: [][]byte{rec(recNumber, cell(0, 0), f64(3))}},
	)
	rows, err := readRows(t, New(), buildCompound(oleStream{"Workbook", wb}))
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{{1, []string{"1", "2"}}})
}

// sstRecords lays out an SST whose record boundaries are given by hand: the parts are the
// bodies of the SST record and its CONTINUE records.
func sstRecords(parts ...[]byte) [][]byte {
	out := [][]byte{rec(recSST, parts[0])}
	for _, p := range parts[1:] {
		out = append(out, rec(recContinue, p))
	}
	return out
}

func TestBIFFSharedStringsAcrossContinue(t *testing.T) {
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	runs := join(u16(0), u16(1), u16(3), u16(2)) // two formatting runs
	phonetic := []byte("0123456789")             // ten bytes of ExtRst
	emoji := utf16le("😀")
	parts := [][]byte{
		join(u32(9), u32(7),
			// 0: compressed, split after 3 characters; goes on wide
			u16(6), []byte{0}, latin1("abc")),
		join([]byte{1}, utf16le("čćž"),
			// 1: rich text with runs that straddle the next boundary
			u16(4), []byte{0x08}, u16(2), latin1("rich"), runs[:5]),
		join(runs[5:],
			// 2: phonetic data that straddles the next boundary
			u16(2), []byte{0x04}, u32(uint32(len(phonetic))), latin1("ph"), phonetic[:4]),
		join(phonetic[4:],
			// 3: rich and phonetic, wide, with the header alone before the boundary
			u16(2), []byte{0x0D}, u16(1), u32(2)),
		join([]byte{1}, utf16le("đĐ"), runs[:4], []byte{0xAA, 0xBB},
			// 4: a surrogate pair split between two records
			u16(3), []byte{1}, utf16le("x"), emoji[:2]),
		join([]byte{1}, emoji[2:],
			// 5: the empty string, then 6: a string whose header crosses the boundary
			u16(0), []byte{0}, u16(5)[:1]),
		join(u16(5)[1:], []byte{0}, latin1("split")),
	}
	sheet := [][]byte{}
	for i := range 7 {
		sheet = append(sheet, rec(recLabelSST, cell(i, 0), u32(uint32(i))))
	}
	rows, err := readXLSRows(t, sstRecords(parts...), sheet)
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{
		{1, []string{"abcčćž"}}, {2, []string{"rich"}}, {3, []string{"ph"}}, {4, []string{"đĐ"}}, {5, []string{"x😀"}}, {7, []string{"split"}},
	})
}

func TestBIFFLabelAcrossContinue(t *testing.T) {
	long := strings.Repeat("ž", 5000) // 10,000 bytes wide: more than one record holds
	units := utf16le(long)
	rows, err := readXLSRows(t, nil, [][]byte{
		rec(recLabel, cell(0, 0), u16(5000), []byte{1}, units[:8000]),
		rec(recContinue, []byte{1}, units[8000:]),
		rec(recLabel, cell(0, 1), u16(6), []byte{0}, latin1("abc")),
		rec(recContinue, []byte{1}, utf16le("def")),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{{1, []string{long, "abcdef"}}})
}

func TestBIFFDamage(t *testing.T) {
	number := rec(recNumber, cell(0, 0), f64(1))
	cases := map[string][]byte{
		"rows out of order": xlsFile(nil, [][]byte{rec(recNumber, cell(5, 0), f64(1)), number}),
		"SST index out of range": xlsFile(sstRecords(bytes.Join([][]byte{u32(1), u32(1), u16(1), {0}, []byte("a")}, nil)),
			[][]byte{rec(recLabelSST, cell(0, 0), u32(1))}),
		"SST string longer than its records": xlsFile(sstRecords(bytes.Join([][]byte{u32(1), u32(1), u16(50), {0}, []byte("a")}, nil)), nil),
		"SST negative phonetic size":         xlsFile(sstRecords(bytes.Join([][]byte{u32(1), u32(1), u16(1), {4}, u32(0xFFFFFFF0), []byte("a")}, nil)), nil),
		"wide text with an odd byte":         xlsFile(nil, [][]byte{rec(recLabel, cell(0, 0), u16(2), []byte{1}, []byte{'a', 0, 'b'})}),
		"short NUMBER":                       xlsFile(nil, [][]byte{rec(recNumber, cell(0, 0))}),
		"no EOF":                             buildCompound(oleStream{"Workbook", bytes.TrimSuffix(biffWorkbook(nil, [][]byte{number}), eofRec())}),
		"record past the end":                buildCompound(oleStream{"Workbook", append(biffWorkbook(nil, nil)[:20], 0x03, 0x02, 0xFF, 0x7F)}),
		"not starting with BOF":              buildCompound(oleStream{"Workbook", number}),
		"sheet offset outside":               buildCompound(oleStream{"Workbook", boundSheetAt(0x7FFFFFFF)}),
		"sheet offset at a non-BOF":          buildCompound(oleStream{"Workbook", boundSheetAt(4)}),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := readRows(t, New(), data); !errors.Is(err, ErrDamaged) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func boundSheetAt(at uint32) []byte {
	wb := biffWorkbook(nil, nil)
	i := bytes.Index(wb, []byte{0x85, 0})
	copy(wb[i+4:], u32(at))
	return wb
}

func TestCompoundFileVersion4(t *testing.T) {
	wb := biffWorkbook(nil, [][]byte{rec(recLabel, cell(0, 0), xlString("4096-byte sectors"))})
	rows, err := readRows(t, New(), buildCompoundVersion(4, oleStream{"Workbook", wb}))
	if err != nil {
		t.Fatal(err)
	}
	assertRows(t, rows, []sheetRow{{1, []string{"4096-byte sectors"}}})
}

func TestBIFFWithoutWorksheetHasNoRows(t *testing.T) {
	wb := bytes.Join([][]byte{bofRec(0x0600, bofGlobals), eofRec()}, nil)
	rows, err := readRows(t, New(), buildCompound(oleStream{"Workbook", wb}))
	if err != nil || len(rows) != 0 {
		t.Fatalf("rows %v, err %v", rows, err)
	}
}

func TestCompoundFileDamage(t *testing.T) {
	small, big := fixture(t, "partners.xls"), fixture(t, "big.xls")
	mutate := func(d []byte, patches ...any) []byte {
		d = append([]byte(nil), d...)
		for i := 0; i < len(patches); i += 2 {
			copy(d[patches[i].(int):], patches[i+1].([]byte))
		}
		return d
	}
	cases := map[string][]byte{
		"bad sector shift":         mutate(small, 30, u16(7)),
		"FAT count beyond file":    mutate(small, 44, u32(0x0FFFFFFF)),
		"directory outside":        mutate(small, 48, u32(0x00FFFFF0)),
		"FAT sector outside":       mutate(small, 76, u32(0x00FFFFF0)),
		"mini FAT count too large": mutate(small, 64, u32(0x0FFFFFFF)),
		"mini FAT outside":         mutate(small, 60, u32(0x00FFFFF0)),
		"DIFAT chain outside":      mutate(big, 44, u32(110), 68, u32(0x00FFFFF0), 72, u32(1)),
		"DIFAT chain ends early":   mutate(big, 44, u32(110), 68, u32(sectEnd), 72, u32(1)),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := readRows(t, New(), data); !errors.Is(err, ErrDamaged) {
				t.Fatalf("err = %v", err)
			}
		})
	}
	// A FAT whose chains loop: every sector points at itself.
	loop := buildCompound(oleStream{"Workbook", biffWorkbook(nil, [][]byte{rec(recNumber, cell(0, 0), f64(1))})})
	for i := 0; i < 128; i++ {
		copy(loop[512+4*i:], u32(uint32(i)))
	}
	if _, err := readRows(t, New(), loop); !errors.Is(err, ErrDamaged) {
		t.Fatalf("looping FAT: %v", err)
	}
}
