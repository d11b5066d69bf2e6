package bootstrap

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"vitrina/adapters/metrics"
	"vitrina/adapters/persistence"
	appactivity "vitrina/application/activity"
	appcontent "vitrina/application/content"
	appidentity "vitrina/application/identity"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// Worker is background work of the serving process: it runs until its context ends and
// then returns. The session purge is one; the push outbox's sender another.
type Worker struct {
	Name string
	Run  func(ctx context.Context) error
}

// Workers are the background workers serve starts, stops on SIGTERM and waits for.
type Workers []Worker

// Every is a worker that calls fn at once and then every interval until stopped. A failed
// call is logged and retried at the next tick; a stop never interrupts the wait twice.
func Every(name string, interval time.Duration, log *zap.Logger, fn func(ctx context.Context) error) Worker {
	return Worker{Name: name, Run: func(ctx context.Context) error {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				log.Warn("background work failed", zap.String("worker", name), zap.Error(err))
			}
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
			}
		}
	}}
}

// WorkerStates tells which workers are running now: /readyz asks about the push sender.
type WorkerStates struct {
	mu      sync.Mutex
	running map[string]int
}

// NewWorkerStates returns states with no worker running.
func NewWorkerStates() *WorkerStates { return &WorkerStates{running: map[string]int{}} }

// Running tells whether a worker named name runs now.
func (s *WorkerStates) Running(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running[name] > 0
}

func (s *WorkerStates) add(name string, d int) {
	s.mu.Lock()
	s.running[name] += d
	s.mu.Unlock()
}

// watched is w with its state kept in states, running from its start to its return (a
// panic included), and, when it is not a periodic job (those count each call themselves,
// metered), its return counted as its run: failed when it returned an error or panicked.
func watched(w Worker, states *WorkerStates, m *metrics.Metrics, periodic bool) Worker {
	m.Job(w.Name)
	run := w.Run
	w.Run = func(ctx context.Context) (err error) {
		states.add(w.Name, 1)
		defer states.add(w.Name, -1)
		if !periodic {
			defer func() {
				if p := recover(); p != nil {
					m.JobRan(w.Name, fmt.Errorf("panic: %v", p))
					panic(p)
				}
				m.JobRan(w.Name, err)
			}()
		}
		return run(ctx)
	}
	return w
}

// metered is a periodic job's call counted as a run of name, failed when it answers an
// error; a call cut short by the stop is not counted.
func metered(m *metrics.Metrics, name string, fn func(ctx context.Context) error) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		err := fn(ctx)
		if ctx.Err() == nil {
			m.JobRan(name, err)
		}
		return err
	}
}

// PushSenderWorker is the push outbox's sender's name among the workers.
const PushSenderWorker = "push sender"

// PartnerIndexLoaded is the log's message when the partner list's index has first loaded.
const PartnerIndexLoaded = "partner list index loaded"

// ProvideWorkers lists the serving process's background work, each worker's state kept in
// states and its runs and failures counted in m (vitrina_job_runs_total, …_failures_total).
func ProvideWorkers(log *zap.Logger, identity *appidentity.Service, sender *appcontent.Sender, retention *appactivity.Retention,
	bulk *appactivity.Bulk, partners partnerports.PartnerLists, m *metrics.Metrics, states *WorkerStates, locks ports.Locks, db *bun.DB) Workers {
	every := func(name string, interval time.Duration, fn func(ctx context.Context) error) Worker {
		return watched(Every(name, interval, log, metered(m, name, fn)), states, m, true)
	}
	workers := Workers{
		// Every replica runs the purge's worker; one at a time purges (ADR 0040), and a
		// replica that finds it held skips that hour's turn.
		every("session purge", time.Hour, alone(locks, "session purge", identity.PurgeExpiredSessions)),
		watched(Worker{Name: PushSenderWorker, Run: sender.Run}, states, m, false),
		every("audit retention", time.Hour, archiveAudit(log, retention)),
		// Bulk actions run past their request; the stop waits for them between batches.
		{Name: "bulk actions", Run: bulk.Serve},
	}
	// Over PostgreSQL other replicas may write: what this one keeps in memory of the
	// settings follows their notifications (ADR 0040).
	if !persistence.IsSQLite(db) {
		workers = append(workers, watched(Worker{Name: "change listener", Run: listenChanges(log, db, identity)}, states, m, false))
	}
	// The partner list's index (ADR 0035) loads at start rather than at the first filtered
	// page, and follows the change log while no one asks, so that a quiet replica neither
	// falls behind the log's prune nor makes its next user wait for a long catch-up.
	// Until its first load is done the lists answer from SQL; the log says when it is.
	if index, ok := partners.Partners.(interface{ CatchUp(context.Context) error }); ok {
		loaded := false
		workers = append(workers, every("partner list index", 10*time.Second, func(ctx context.Context) error {
			start := time.Now()
			err := index.CatchUp(ctx)
			if err == nil && !loaded {
				loaded = true
				log.Info(PartnerIndexLoaded, zap.Duration("took", time.Since(start)))
			}
			return err
		}))
	}
	return workers
}

// listenChanges follows the changes other replicas notify until ctx ends, listening anew a
// second after a lost connection; each (re)start forgets everything, as a change may have
// been missed while it did not listen.
func listenChanges(log *zap.Logger, db *bun.DB, identity *appidentity.Service) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		for {
			err := persistence.ListenChanges(ctx, db, identity.ForgetPolicy, func(topic string) {
				if topic == persistence.TopicSettings {
					identity.ForgetPolicy()
				}
			})
			if ctx.Err() != nil {
				return nil
			}
			log.Warn("listening for other replicas' changes failed; listening again", zap.Error(err))
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
		}
	}
}

// alone is fn run under the lock name unless another process holds it now; a held lock is
// not a failure, the holder does the work.
func alone(locks ports.Locks, name string, fn func(ctx context.Context) error) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		_, err := locks.Try(ctx, name, fn)
		return err
	}
}

// archiveAudit runs the audit log's retention once and logs what it archived.
func archiveAudit(log *zap.Logger, retention *appactivity.Retention) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		rep, err := retention.Run(ctx)
		if rep.Events > 0 || len(rep.Files) > 0 {
			log.Info("audit events archived", zap.Int("events", rep.Events), zap.Strings("files", rep.Files))
		}
		return err
	}
}

// Runner runs workers, each in its own goroutine, until Stop.
type Runner struct {
	log    *zap.Logger
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	errs   []error
}

// StartWorkers starts every worker under a context of its own, so that a SIGTERM reaches
// the workers only through Stop, after the requests in flight were let finish.
func StartWorkers(log *zap.Logger, workers Workers) *Runner {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{log: log, cancel: cancel}
	for _, w := range workers {
		r.wg.Add(1)
		go r.run(ctx, w)
	}
	return r
}

func (r *Runner) run(ctx context.Context, w Worker) {
	defer r.wg.Done()
	defer func() {
		if p := recover(); p != nil {
			r.fail(w.Name, fmt.Errorf("panic: %v", p))
		}
	}()
	r.log.Debug("worker started", zap.String("worker", w.Name))
	if err := w.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		r.fail(w.Name, err)
		return
	}
	r.log.Debug("worker stopped", zap.String("worker", w.Name))
}

func (r *Runner) fail(name string, err error) {
	r.log.Error("worker ended with an error", zap.String("worker", name), zap.Error(err))
	r.mu.Lock()
	r.errs = append(r.errs, fmt.Errorf("worker %s: %w", name, err))
	r.mu.Unlock()
}

// ErrWorkersStuck is Stop's answer when a worker did not return within the wait.
var ErrWorkersStuck = errors.New("background workers did not stop in time")

// Stop cancels the workers and waits up to wait for all of them to return. It reports the
// workers' own failures, or ErrWorkersStuck when one is still running at the end.
func (r *Runner) Stop(wait time.Duration) error {
	r.cancel()
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(wait):
		r.log.Error("background workers still running after the wait", zap.Duration("wait", wait))
		return ErrWorkersStuck
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return errors.Join(r.errs...)
}
