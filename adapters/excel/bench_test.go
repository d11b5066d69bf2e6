package excel

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strconv"
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
