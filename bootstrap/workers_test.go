package bootstrap

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"vitrina/adapters/persistence/dbtest"
)

// Stop cancels every worker and returns only once all of them have returned.
func TestRunnerStopWaitsForWorkers(t *testing.T) {
	var finished atomic.Int32
	started := make(chan struct{}, 2)
	slow := func(ctx context.Context) error {
		started <- struct{}{}
		<-ctx.Done()
		time.Sleep(50 * time.Millisecond) // finishing the batch in hand
		finished.Add(1)
		return nil
	}
	r := StartWorkers(zap.NewNop(), Workers{{Name: "a", Run: slow}, {Name: "b", Run: slow}})
	<-started
	<-started
	if n := finished.Load(); n != 0 {
		t.Fatalf("%d workers finished before Stop", n)
	}
	if err := r.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	if n := finished.Load(); n != 2 {
		t.Fatalf("Stop returned with %d of 2 workers finished", n)
	}
}

// A worker's failure and a panic are reported by Stop, not lost and not fatal to the rest.
func TestRunnerReportsFailures(t *testing.T) {
	boom := errors.New("outbox unreachable")
	r := StartWorkers(zap.NewNop(), Workers{
		{Name: "fails", Run: func(context.Context) error { return boom }},
		{Name: "panics", Run: func(context.Context) error { panic("bad state") }},
		{Name: "steady", Run: func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }},
	})
	err := r.Stop(5 * time.Second)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "worker panics: panic: bad state") {
		t.Fatalf("Stop = %v", err)
	}
	if strings.Contains(err.Error(), "steady") {
		t.Fatalf("a worker that stopped on cancellation is not a failure: %v", err)
	}
}

// A worker that ignores the stop does not hang the process: Stop gives up after the wait.
func TestRunnerStopIsBounded(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	r := StartWorkers(zap.NewNop(), Workers{{Name: "stuck", Run: func(context.Context) error { <-release; return nil }}})
	if err := r.Stop(20 * time.Millisecond); !errors.Is(err, ErrWorkersStuck) {
		t.Fatalf("Stop = %v, want ErrWorkersStuck", err)
	}
}

// Every runs its work at once, again at each tick, logs failures and keeps going.
func TestEveryRunsAtOnceAndRepeats(t *testing.T) {
	calls := make(chan struct{}, 10)
	var n atomic.Int32
	w := Every("tick", time.Millisecond, zap.NewNop(), func(context.Context) error {
		calls <- struct{}{}
		if n.Add(1) == 1 {
			return errors.New("first call fails")
		}
		return nil
	})
	r := StartWorkers(zap.NewNop(), Workers{w})
	for range 3 {
		<-calls
	}
	if err := r.Stop(5 * time.Second); err != nil {
		t.Fatalf("a failed call is logged, not the worker's end: %v", err)
	}
}

// serve starts the configured workers and stops them when it shuts down.
func TestServeRunsAndStopsWorkers(t *testing.T) {
	cfg, err := LoadConfig(env(map[string]string{"VITRINA_ADDR": "127.0.0.1:0", "VITRINA_DATABASE_URL": dbtest.SQLiteURL(t),
		"VITRINA_LOG_LEVEL": "error"}))
	if err != nil {
		t.Fatal(err)
	}
	app, cleanup, err := InitApp(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	var names []string
	for _, w := range app.Workers {
		names = append(names, w.Name)
	}
	if !slices.Contains(names, "audit retention") {
		t.Fatalf("workers %v: the audit log's retention is not among them", names)
	}
	running, stopped := make(chan struct{}), make(chan struct{})
	app.Workers = Workers{{Name: "probe", Run: func(ctx context.Context) error {
		close(running)
		<-ctx.Done()
		close(stopped)
		return nil
	}}}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan Listening, 1)
	done := make(chan error, 1)
	go func() { done <- serve(ctx, app, new(strings.Builder), ready) }()
	<-ready
	<-running
	select {
	case <-stopped:
		t.Fatal("the worker stopped while serving")
	default:
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	select {
	case <-stopped:
	default:
		t.Fatal("serve returned before its worker stopped")
	}
}
