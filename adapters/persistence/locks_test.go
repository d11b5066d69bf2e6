package persistence_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
)

// A named lock excludes every other holder over the database (on PostgreSQL another
// process's pool stands for another replica), is free again after the work, and a work's
// error comes back as it was.
func TestLocksExcludeAcrossProcesses(t *testing.T) {
	for _, e := range dbtest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			url := e.Open(t)
			one := dbtest.Migrated(t, url)
			other := one
			if !persistence.IsSQLite(one) { // a second pool: a second replica's connections
				other = dbtest.Migrated(t, url)
			}
			ctx := context.Background()
			a, b := persistence.NewLocks(one), persistence.NewLocks(other)
			inside, leave := make(chan struct{}), make(chan struct{})
			var wg sync.WaitGroup
			wg.Go(func() {
				ran, err := a.Try(ctx, "partner import", func(context.Context) error {
					close(inside)
					<-leave
					return nil
				})
				if !ran || err != nil {
					t.Errorf("the first holder: ran %v, %v", ran, err)
				}
			})
			<-inside
			ran, err := b.Try(ctx, "partner import", func(context.Context) error { t.Error("ran while held"); return nil })
			if ran || err != nil {
				t.Fatalf("while held: ran %v, %v", ran, err)
			}
			// Another name is another lock.
			if ran, err := b.Try(ctx, "campaign import", func(context.Context) error { return nil }); !ran || err != nil {
				t.Fatalf("another name: ran %v, %v", ran, err)
			}
			close(leave)
			wg.Wait()
			boom := errors.New("boom")
			if ran, err := b.Try(ctx, "partner import", func(context.Context) error { return boom }); !ran || !errors.Is(err, boom) {
				t.Fatalf("after: ran %v, %v", ran, err)
			}
			if err := b.Wait(ctx, "partner import", func(context.Context) error { return nil }); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Wait waits for the holder, then runs; a holder whose connection dies (a replica killed)
// lets go at once, without a lease to run out.
func TestLocksWaitAndDieWithTheirConnection(t *testing.T) {
	url := dbtest.PostgresURL(t)
	one, other := dbtest.Migrated(t, url), dbtest.Migrated(t, url)
	ctx := context.Background()
	held := make(chan int, 1)
	done := make(chan error, 1)
	holding, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		_, err := persistence.NewLocks(one).Try(holding, "session purge", func(ctx context.Context) error {
			var pid int
			if err := one.NewRaw("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = ?",
				uint32(uint64(persistence.LockKey("session purge")))).Scan(ctx, &pid); err != nil {
				return err
			}
			held <- pid
			<-ctx.Done()
			return ctx.Err()
		})
		done <- err
	}()
	pid := <-held
	waited := make(chan time.Duration, 1)
	start := time.Now()
	go func() {
		if err := persistence.NewLocks(other).Wait(ctx, "session purge", func(context.Context) error { return nil }); err != nil {
			t.Error(err)
		}
		waited <- time.Since(start)
	}()
	select {
	case <-waited:
		t.Fatal("Wait ran while the lock was held")
	case <-time.After(200 * time.Millisecond):
	}
	terminate(t, other, pid)
	select {
	case d := <-waited:
		t.Logf("ran %s after the holder's connection died", d)
	case <-time.After(10 * time.Second):
		t.Fatal("the lock outlived its connection")
	}
	stop()
	<-done
}

func terminate(t *testing.T, db *bun.DB, pid int) {
	t.Helper()
	var ok bool
	if err := db.NewRaw("SELECT pg_terminate_backend(?)", pid).Scan(context.Background(), &ok); err != nil || !ok {
		t.Fatalf("terminate %d: %v %v", pid, ok, err)
	}
}
