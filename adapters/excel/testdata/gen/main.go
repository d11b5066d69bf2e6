//go:build ignore

// Command gen writes the .xlsx sources of the .xls fixtures; LibreOffice converts them (see
// testdata/README.md). Tests never run it: the converted files are committed.
//
//	go run adapters/excel/testdata/gen/main.go adapters/excel/testdata/src
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"
)

func main() {
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, build := range map[string]func(*excelize.File) error{
		"partners": partners,
		"mixed":    mixed,
		"big":      big,
	} {
		f := excelize.NewFile()
		if err := build(f); err != nil {
			log.Fatal(name, ": ", err)
		}
		if err := f.SaveAs(filepath.Join(dir, name+".xlsx")); err != nil {
			log.Fatal(err)
		}
	}
	// LibreOffice 7.4 will not save an encrypted .xlsx from a script; excelize writes the
	// same ECMA-376 agile encryption Excel does.
	f := excelize.NewFile()
	if err := partners(f); err != nil {
		log.Fatal(err)
	}
	if err := f.SaveAs(filepath.Join(dir, "encrypted.xlsx"), excelize.Options{Password: "secret"}); err != nil {
		log.Fatal(err)
	}
}

func set(f *excelize.File, sheet string, row int, values ...any) error {
	for i, v := range values {
		cell, _ := excelize.CoordinatesToCellName(i+1, row)
		var err error
		switch v := v.(type) {
		case nil:
			continue
		case string:
			err = f.SetCellStr(sheet, cell, v) // text, leading zeros and all
		case formula:
			err = f.SetCellFormula(sheet, cell, string(v))
		default:
			err = f.SetCellValue(sheet, cell, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

type formula string

func partners(f *excelize.File) error {
	const s = "Sheet1"
	header := []any{"id", "name", "address", "pib", "pdv", "city", "phone", "bonus", "debt", "payment",
		"toolCash", "annualPlan", "moneyCirculation", "categories", "partner_type"}
	if err := set(f, s, 1, header...); err != nil {
		return err
	}
	names := []string{"Xls Partner Jedan", "Xls Partner Dva", "Xls Partner Tri", "Xls Partner Četiri", "Xls Partner Pet"}
	for i, name := range names {
		err := set(f, s, i+2, 5001+i, name, "Njegoševa 1", "02345678", "30/31-01234-5", "Podgorica",
			"+382 67 123 456", 10.5, 1200, 0, 99.999, 50000, "15%", "Alati, Boje i lakovi", "Veleprodaja")
		if err != nil {
			return err
		}
	}
	return nil
}

func mixed(f *excelize.File) error {
	const s = "Data"
	if err := f.SetSheetName("Sheet1", s); err != nil {
		return err
	}
	wide := strings.Repeat("čćšžđ ČĆŠŽĐ ", 800)  // 9,600 characters, UTF-16 in the SST
	narrow := strings.Repeat("abcdefghij", 1000) // 10,000 characters, one byte each
	rows := [][]any{
		{"name", "amount", "count", "note"},
		{"Čačak šuma žđ", 12.345, 100, "=SUM(A1)"},
		{"+381 67", 0.5, -7, "-5"},
		{"@x", 1234567890.125, 1000000000, "0012"},
		{"gap", nil, nil, "last"},
		nil, // an empty row: skipped, numbering goes on
		{"formulas", formula("B2*2"), formula(`A2&"!"`), formula("B2>1")},
		{"error", formula("1/0"), formula(`""`), true},
		{wide, narrow, -0.25, 3.14159265358979},
		{nil, nil, "only C"},
	}
	for i, r := range rows {
		if err := set(f, s, i+1, r...); err != nil {
			return err
		}
	}
	// Rich text: formatting runs after the characters in the SST.
	err := f.SetCellRichText(s, "A11", []excelize.RichTextRun{
		{Text: "bold ", Font: &excelize.Font{Bold: true}},
		{Text: "and ", Font: &excelize.Font{Italic: true}},
		{Text: "plain đ"},
	})
	if err != nil {
		return err
	}
	if err := set(f, s, 11, nil, 42); err != nil {
		return err
	}
	if _, err := f.NewSheet("Other"); err != nil {
		return err
	}
	return set(f, "Other", 1, "must", "be", "ignored")
}

func big(f *excelize.File) error {
	const s = "Sheet1"
	if err := set(f, s, 1, "code", "name", "price", "qty"); err != nil {
		return err
	}
	for i := 1; i <= 3000; i++ {
		err := set(f, s, i+1, fmt.Sprintf("P%05d", i), fmt.Sprintf("Proizvod broj %d – šifra ž%d", i, i*7),
			float64(i)+0.125, i)
		if err != nil {
			return err
		}
	}
	return nil
}
