package limit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var errBusy = errors.New("busy")

func TestGateWaitsThenAnswersBusy(t *testing.T) {
	g := NewGate(10, 150*time.Millisecond, errBusy)
	hold, err := g.Enter(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := g.Enter(context.Background(), 1); !errors.Is(err, errBusy) || time.Since(start) < 150*time.Millisecond {
		t.Fatalf("full gate: %v after %v", err, time.Since(start))
	}
	// A caller that leaves stops waiting at once, with its own error.
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewGate(1, time.Minute, errBusy).Enter(gone, 1); err != nil {
		t.Fatalf("a free gate lets even a leaving caller in: %v", err)
	}
	start = time.Now()
	if _, err := g.Enter(gone, 1); !errors.Is(err, context.Canceled) || time.Since(start) > 100*time.Millisecond {
		t.Fatalf("gone caller: %v after %v", err, time.Since(start))
	}
	// More than the whole is clamped to the whole rather than waiting for ever.
	hold()
	release, err := g.Enter(context.Background(), 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.TryEnter(1); ok {
		t.Fatal("an oversized holder must hold the whole gate")
	}
	release()
	if r, ok := g.TryEnter(10); !ok {
		t.Fatal("released units must be free again")
	} else {
		r()
	}
}

func TestGateBoundsConcurrency(t *testing.T) {
	g := NewGate(3, 10*time.Second, errBusy)
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			release, err := g.Enter(context.Background(), 1)
			if err != nil {
				t.Error(err)
				return
			}
			n := inside.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(20 * time.Millisecond)
			inside.Add(-1)
			release()
		}()
	}
	wg.Wait()
	if most.Load() != 3 {
		t.Fatalf("at most %d inside, want 3", most.Load())
	}
}
