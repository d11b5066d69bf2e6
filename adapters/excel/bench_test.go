package excel

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vitrina/ports"
)

// partnerRows emits n rows of 15 cells shaped like the partner export.
func partnerRows(n int) func(emit func([]ports.SheetCell) error) error {
	return func(emit func([]ports.SheetCell) error) error {
		row := make([]ports.SheetCell, 15)
		for i := range n {
			row[0] = ports.SheetCell{Value: strconv.Itoa(i + 1), Number: true}
			row[1] = ports.SheetCell{Value: "Partner broj " + strconv.Itoa(i)}
			row[2] = ports.SheetCell{Value: "Njegoševa " + strconv.Itoa(i%300)}
			row[3] = ports.SheetCell{Value: fmt.Sprintf("%08d", i)}
			row[4] = ports.SheetCell{Value: "30/31-01234-5"}
			row[5] = ports.SheetCell{Value: "Podgorica"}
			row[6] = ports.SheetCell{Value: "+382 67 123 456"}
			row[7] = ports.SheetCell{Value: "10.5", Number: true}
			row[8] = ports.SheetCell{Value: strconv.Itoa(i*3) + ".125", Number: true}
			row[9] = ports.SheetCell{Value: "0", Number: true}
			row[10] = ports.SheetCell{Value: "99.999", Number: true}
			row[11] = ports.SheetCell{Value: "50000", Number: true}
			row[12] = ports.SheetCell{Value: "15%"}
			row[13] = ports.SheetCell{Value: "Alati, Boje i lakovi"}
			row[14] = ports.SheetCell{Value: "Veleprodaja"}
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	}
}

// peakHeap samples the bytes held by heap objects until stop is called and reports the
// highest value seen, in MB.
func peakHeap() (stop func() float64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(peak) / (1 << 20)
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

func BenchmarkWrite100k(b *testing.B) {
	b.ReportAllocs()
	runtime.GC()
	stop := peakHeap()
	var size int64
	for b.Loop() {
		w := &countingWriter{}
		if err := New().Write(context.Background(), w, "Partneri", partnersHeader, partnerRows(100_000)); err != nil {
			b.Fatal(err)
		}
		size = w.n
	}
	b.ReportMetric(stop(), "peak-MB")
	b.ReportMetric(float64(size)/(1<<20), "file-MB")
}

func BenchmarkRead100k(b *testing.B) {
	var file bytes.Buffer
	if err := New().Write(context.Background(), &file, "Partneri", partnersHeader, partnerRows(100_000)); err != nil {
		b.Fatal(err)
	}
	data := file.Bytes()
	b.ReportAllocs()
	runtime.GC()
	stop := peakHeap()
	for b.Loop() {
		rows := 0
		err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(int, []string) error {
			rows++
			return nil
		})
		if err != nil || rows != 100_001 {
			b.Fatal(rows, err)
		}
	}
	b.ReportMetric(stop(), "peak-MB")
}

var _ io.Writer = (*countingWriter)(nil)

// partnerLayoutRows emits n rows of the partner import's 15 columns: the id, six texts, six
// figures, the categories and the partner type.
func partnerLayoutRows(n int) func(emit func([]ports.SheetCell) error) error {
	towns := []string{"Podgorica", "Nikšić", "Bar", "Budva", "Herceg Novi", "Cetinje"}
	cats := []string{"Alati", "Boje i lakovi", "Građevina", "Elektro", "Vodovod", "Bašta"}
	return func(emit func([]ports.SheetCell) error) error {
		row := make([]ports.SheetCell, 15)
		text := func(s string) ports.SheetCell { return ports.SheetCell{Value: s} }
		num := func(s string) ports.SheetCell { return ports.SheetCell{Value: s, Number: true} }
		for j := range n {
			row[0] = num(strconv.Itoa(j + 1))
			row[1] = text("Partner broj " + strconv.Itoa(j) + " d.o.o.")
			row[2] = text(fmt.Sprintf("Ulica %d", j%200+1))
			row[3] = text(fmt.Sprintf("%08d", 2000000+j))
			row[4] = text(fmt.Sprintf("30/31-%05d-%d", j%100000, j%10))
			row[5] = text(towns[j%len(towns)])
			row[6] = text(fmt.Sprintf("+382 67 %06d", j))
			row[7] = num(strconv.Itoa(j % 1000))
			row[8] = num(fmt.Sprintf("%d.%03d", j%50000, j%1000))
			row[9] = num("0")
			row[10] = num("12.5")
			row[11] = num("50000")
			row[12] = num(strconv.Itoa(j % 90000))
			row[13] = text(cats[j%len(cats)] + ", " + cats[(j+3)%len(cats)])
			row[14] = text("Veleprodaja")
			if err := emit(row); err != nil {
				return err
			}
		}
		return nil
	}
}

// partnerFile is a 50,000-row partner file as the export writes it (inline strings).
func partnerFile(b *testing.B) []byte {
	var file bytes.Buffer
	if err := New().Write(context.Background(), &file, "Partneri", partnersHeader, partnerLayoutRows(50_000)); err != nil {
		b.Fatal(err)
	}
	return file.Bytes()
}

// sharedStringsSheet rewrites a sheet of inline strings the way Excel saves it: each text
// in the shared-string table (once), cells referring to it by index, rows with spans.
func sharedStringsSheet(b *testing.B, sheet string) (string, string) {
	index := map[string]int{}
	var sst strings.Builder
	fmt.Fprintf(&sst, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+`<sst xmlns="%s">`, nsMain)
	inline := regexp.MustCompile(`<c r="([A-Z]+[0-9]+)"( s="[0-9]+")? t="inlineStr"><is><t>([^<]*)</t></is></c>`)
	out := inline.ReplaceAllStringFunc(sheet, func(c string) string {
		m := inline.FindStringSubmatch(c)
		i, ok := index[m[3]]
		if !ok {
			i = len(index)
			index[m[3]] = i
			fmt.Fprintf(&sst, `<si><t>%s</t></si>`, m[3])
		}
		return fmt.Sprintf(`<c r="%s"%s t="s"><v>%d</v></c>`, m[1], m[2], i)
	})
	out = regexp.MustCompile(`<row r="([0-9]+)"`).ReplaceAllString(out, `<row r="$1" spans="1:15" x14ac:dyDescent="0.25"`)
	sst.WriteString(`</sst>`)
	if len(index) < 50_000 {
		b.Fatalf("%d shared strings", len(index))
	}
	return out, sst.String()
}

// BenchmarkReadPartners50k reads a whole 50,000-row partner file through the port.
func BenchmarkReadPartners50k(b *testing.B) {
	data := partnerFile(b)
	b.ReportAllocs()
	runtime.GC()
	stop := peakHeap()
	for b.Loop() {
		rows := 0
		err := New().Read(context.Background(), bytes.NewReader(data), int64(len(data)), func(int, []string) error {
			rows++
			return nil
		})
		if err != nil || rows != 50_001 {
			b.Fatal(rows, err)
		}
	}
	b.ReportMetric(stop(), "peak-MB")
}

// BenchmarkReadSheetXML50k reads the sheet part of the same file, already inflated, alone:
// as written (inline strings) and as Excel saves it (a shared-string table read first).
func BenchmarkReadSheetXML50k(b *testing.B) {
	data := partnerFile(b)
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	part := func(name string) string {
		f, err := zr.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		text, err := io.ReadAll(f)
		if err != nil {
			b.Fatal(err)
		}
		return string(text)
	}
	inline := part("xl/worksheets/sheet1.xml")
	shared, sst := sharedStringsSheet(b, inline)
	for _, c := range []struct {
		name, sheet, sst string
	}{{"inline", inline, ""}, {"shared", shared, sst}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.sheet) + len(c.sst)))
			b.ReportAllocs()
			for b.Loop() {
				var table []string
				if c.sst != "" {
					if table, err = readSharedStrings(context.Background(), strings.NewReader(c.sst)); err != nil {
						b.Fatal(err)
					}
				}
				rows := 0
				sink := &rowSink{ctx: context.Background(), fn: func(int, []string) error {
					rows++
					return nil
				}}
				if err := readSheetXML(context.Background(), strings.NewReader(c.sheet), table, sink); err != nil || rows != 50_001 {
					b.Fatal(rows, err)
				}
			}
		})
	}
}
