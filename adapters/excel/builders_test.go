package excel

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"unicode/utf16"
)

// Builders of hand-made inputs: compound files, BIFF8 records and minimal .xlsx packages.

type oleStream struct {
	name string
	data []byte
}

// buildCompound writes a version 3 compound file holding the streams at the root. Streams
// are padded to the 4096-byte cutoff so that they live in regular sectors; the readers
// never look past a BIFF stream's last EOF.
func buildCompound(streams ...oleStream) []byte { return buildCompoundVersion(3, streams...) }

// buildCompoundVersion writes a version 3 (512-byte sectors) or 4 (4096-byte sectors) file.
func buildCompoundVersion(version int, streams ...oleStream) []byte {
	ss, shift := 512, 9
	if version == 4 {
		ss, shift = 4096, 12
	}
	le := binary.LittleEndian
	const (
		free   = 0xFFFFFFFF
		end    = 0xFFFFFFFE
		fatSec = 0xFFFFFFFD
	)
	padded := make([][]byte, len(streams))
	counts := make([]int, len(streams))
	data := 0
	for i, s := range streams {
		n := max(len(s.data), miniCutoff)
		n = (n + ss - 1) / ss * ss
		padded[i] = append(append([]byte(nil), s.data...), make([]byte, n-len(s.data))...)
		counts[i] = n / ss
		data += counts[i]
	}
	dirSectors := ((1+len(streams))*dirEntrySize + ss - 1) / ss
	nFAT := 1
	for nFAT*ss/4 < nFAT+dirSectors+data {
		nFAT++
	}
	fat := make([]uint32, nFAT*ss/4)
	for i := range fat {
		fat[i] = free
	}
	for i := 0; i < nFAT; i++ {
		fat[i] = fatSec
	}
	next := uint32(nFAT)
	chain := func(n int) uint32 {
		start := next
		for i := 0; i < n; i++ {
			if i == n-1 {
				fat[next] = end
			} else {
				fat[next] = next + 1
			}
			next++
		}
		return start
	}
	dirStart := chain(dirSectors)
	starts := make([]uint32, len(streams))
	for i := range streams {
		starts[i] = chain(counts[i])
	}

	head := make([]byte, ss)
	copy(head, oleMagic)
	le.PutUint16(head[24:], 0x3E)
	le.PutUint16(head[26:], uint16(version))
	le.PutUint16(head[28:], 0xFFFE)
	le.PutUint16(head[30:], uint16(shift))
	le.PutUint16(head[32:], 6)
	le.PutUint32(head[44:], uint32(nFAT))
	le.PutUint32(head[48:], dirStart)
	le.PutUint32(head[56:], miniCutoff)
	le.PutUint32(head[60:], end)
	le.PutUint32(head[68:], end)
	for i := 0; i < 109; i++ {
		v := uint32(free)
		if i < nFAT {
			v = uint32(i)
		}
		le.PutUint32(head[76+4*i:], v)
	}

	out := bytes.NewBuffer(head)
	for _, v := range fat {
		_ = binary.Write(out, le, v)
	}
	dir := make([]byte, dirSectors*ss)
	entry := func(i int, name string, kind byte, right, child, start uint32, size int) {
		b := dir[i*dirEntrySize:]
		units := utf16.Encode([]rune(name))
		for j, u := range units {
			le.PutUint16(b[2*j:], u)
		}
		le.PutUint16(b[64:], uint16(2*len(units)+2))
		b[66] = kind
		le.PutUint32(b[68:], noStream)
		le.PutUint32(b[72:], right)
		le.PutUint32(b[76:], child)
		le.PutUint32(b[116:], start)
		le.PutUint64(b[120:], uint64(size))
	}
	child := uint32(noStream)
	if len(streams) > 0 {
		child = 1
	}
	entry(0, "Root Entry", 5, noStream, child, end, 0)
	for i, s := range streams {
		right := uint32(noStream)
		if i+1 < len(streams) {
			right = uint32(i + 2)
		}
		entry(i+1, s.name, 2, right, noStream, starts[i], len(padded[i]))
	}
	out.Write(dir)
	for _, p := range padded {
		out.Write(p)
	}
	return out.Bytes()
}

func u16(v int) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(v)) }
func u32(v uint32) []byte {
	return binary.LittleEndian.AppendUint32(nil, v)
}
func f64(v float64) []byte { return binary.LittleEndian.AppendUint64(nil, math.Float64bits(v)) }

func rec(typ uint16, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	if len(body) > 0xFFFF {
		panic("record too long")
	}
	return append(append(u16(int(typ)), u16(len(body))...), body...)
}

func bofRec(version, dt int) []byte {
	return rec(recBOF, u16(version), u16(dt), u16(0), u16(0), u32(0), u32(0))
}

func eofRec() []byte { return rec(recEOF) }

// cell is the row, column and XF index that open a cell record.
func cell(row, col int) []byte { return bytes.Join([][]byte{u16(row), u16(col), u16(15)}, nil) }

// latin1 is the compressed form of an XLUnicodeString's characters.
func latin1(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r))
	}
	return b
}

func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// xlString is an XLUnicodeString of LABEL and STRING records, wide when it needs to be.
func xlString(s string) []byte {
	for _, r := range s {
		if r > 0xFF {
			return bytes.Join([][]byte{u16(len(utf16.Encode([]rune(s)))), {1}, utf16le(s)}, nil)
		}
	}
	return bytes.Join([][]byte{u16(len([]rune(s))), {0}, latin1(s)}, nil)
}

// biffSheet is a sheet substream: a worksheet (kind 0) or a chart sheet (kind 2).
type biffSheet struct {
	kind    byte
	records [][]byte
}

// biffBook lays out a workbook stream: globals (BOF, the given records, a BOUNDSHEET8 per
// sheet, EOF), then each sheet substream (BOF, records, EOF).
func biffBook(globals [][]byte, sheets ...biffSheet) []byte {
	boundSheet := func(at int, kind byte) []byte {
		return rec(recBoundSheet, u32(uint32(at)), []byte{0, kind}, []byte{1, 0}, []byte("S"))
	}
	var g []byte
	g = append(g, bofRec(0x0600, bofGlobals)...)
	for _, r := range globals {
		g = append(g, r...)
	}
	at := len(g) + len(sheets)*len(boundSheet(0, 0)) + len(eofRec())
	var subs []byte
	for _, s := range sheets {
		g = append(g, boundSheet(at+len(subs), s.kind)...)
		dt := bofWorksheet
		if s.kind == 2 {
			dt = 0x0020
		}
		subs = append(subs, bofRec(0x0600, dt)...)
		for _, r := range s.records {
			subs = append(subs, r...)
		}
		subs = append(subs, eofRec()...)
	}
	g = append(g, eofRec()...)
	return append(g, subs...)
}

// biffWorkbook is a workbook stream of one worksheet.
func biffWorkbook(globals, sheet [][]byte) []byte {
	return biffBook(globals, biffSheet{records: sheet})
}

func xlsFile(globals, sheet [][]byte) []byte {
	return buildCompound(oleStream{"Workbook", biffWorkbook(globals, sheet)})
}

// xlsxPart is one part of a hand-made package: its text, or a writer for big ones.
type xlsxPart struct {
	name  string
	text  string
	write func(io.Writer) error
}

const (
	nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkg  = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// buildXLSX writes the smallest package excelize opens: content types, relationships, a
// workbook of one sheet, the sheet and, when sst is not nil, a shared string table.
func buildXLSX(t testing.TB, method uint16, sheet func(io.Writer) error, sst []string) []byte {
	t.Helper()
	parts := []xlsxPart{
		{name: "[Content_Types].xml", text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
			`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
			`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
			`</Types>`},
		{name: "_rels/.rels", text: `<Relationships xmlns="` + nsPkg + `">` +
			`<Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{name: "xl/workbook.xml", text: `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `">` +
			`<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{name: "xl/_rels/workbook.xml.rels", text: `<Relationships xmlns="` + nsPkg + `">` +
			`<Relationship Id="rId1" Type="` + nsRel + `/worksheet" Target="worksheets/sheet1.xml"/>` +
			`<Relationship Id="rId2" Type="` + nsRel + `/sharedStrings" Target="sharedStrings.xml"/></Relationships>`},
		{name: "xl/worksheets/sheet1.xml", write: func(w io.Writer) error {
			if _, err := io.WriteString(w, `<worksheet xmlns="`+nsMain+`"><sheetData>`); err != nil {
				return err
			}
			if err := sheet(w); err != nil {
				return err
			}
			_, err := io.WriteString(w, `</sheetData></worksheet>`)
			return err
		}},
	}
	if sst != nil {
		parts = append(parts, xlsxPart{name: "xl/sharedStrings.xml", write: func(w io.Writer) error {
			if _, err := fmt.Fprintf(w, `<sst xmlns="%s" count="%d" uniqueCount="%d">`, nsMain, len(sst), len(sst)); err != nil {
				return err
			}
			for _, s := range sst {
				if _, err := io.WriteString(w, "<si><t>"+xmlEscape(s)+"</t></si>"); err != nil {
					return err
				}
			}
			_, err := io.WriteString(w, `</sst>`)
			return err
		}})
	}
	return zipParts(t, method, parts...)
}

// zipParts writes the parts into a zip with the given compression method.
// repack reads the parts of a package, in order, each text passed through edit.
func repack(t testing.TB, data []byte, edit func(name, text string) string) []xlsxPart {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var parts []xlsxPart
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, xlsxPart{name: f.Name, text: edit(f.Name, string(b))})
	}
	return parts
}

func zipParts(t testing.TB, method uint16, parts ...xlsxPart) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		if p.write != nil {
			err = p.write(w)
		} else {
			_, err = io.WriteString(w, p.text)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sheetText(xml string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, xml)
		return err
	}
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
