// Package limit bounds costly work process-wide (password hashes, image decodes): a
// weighted semaphore whose waiters give up after a short wait with the caller's busy error,
// so a burst is answered with 429 instead of memory the machine does not have.
package limit

import (
	"context"
	"time"

	"golang.org/x/sync/semaphore"
)

// Gate lets work of at most Size units in at once.
type Gate struct {
	sem  *semaphore.Weighted
	size int64
	wait time.Duration
	busy error
}

// NewGate is a gate of size units whose waiters wait at most wait, then get busy.
func NewGate(size int64, wait time.Duration, busy error) *Gate {
	size = max(size, 1)
	return &Gate{sem: semaphore.NewWeighted(size), size: size, wait: wait, busy: busy}
}

// Size is how many units the gate lets in at once.
func (g *Gate) Size() int64 { return g.size }

// Enter takes n units (never more than Size, or it would wait for ever) and returns their
// release. It waits at most the gate's wait: then the busy error; if ctx ends first, ctx's
// error, since nobody is left to tell.
func (g *Gate) Enter(ctx context.Context, n int64) (func(), error) {
	n = min(max(n, 1), g.size)
	if release, ok := g.TryEnter(n); ok {
		return release, nil
	}
	wctx, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	if err := g.sem.Acquire(wctx, n); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, g.busy
	}
	return func() { g.sem.Release(n) }, nil
}

// TryEnter takes n units only if they are free now.
func (g *Gate) TryEnter(n int64) (func(), bool) {
	n = min(max(n, 1), g.size)
	if !g.sem.TryAcquire(n) {
		return nil, false
	}
	return func() { g.sem.Release(n) }, true
}
