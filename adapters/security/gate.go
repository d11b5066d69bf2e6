package security

import (
	"context"
	"runtime"
	"time"

	"vitrina/domain/kernel"
)

// ErrBusy answers a request that found every hashing slot taken for too long.
var ErrBusy = kernel.NewError(kernel.KindThrottled, "busy", "The server is busy. Try again in a moment.")

// DefaultHashWait is how long a hash waits for a slot before the request is refused.
const DefaultHashWait = 2 * time.Second

// Gate is a counting semaphore with a bounded wait.
type Gate struct {
	slots chan struct{}
	wait  time.Duration
}

// NewGate lets n holders in at once; others wait up to wait, or until their context ends.
func NewGate(n int, wait time.Duration) *Gate {
	if n < 1 {
		n = 1
	}
	return &Gate{slots: make(chan struct{}, n), wait: wait}
}

// HashGate bounds the argon2id work of the whole process: each hash holds 19 MiB, so one
// per core keeps memory flat and loses no throughput.
var HashGate = NewGate(runtime.GOMAXPROCS(0), DefaultHashWait)

// Size is how many holders the gate lets in at once.
func (g *Gate) Size() int { return cap(g.slots) }

// Enter takes a slot and returns its release; ErrBusy when none frees within the wait or
// before ctx ends.
func (g *Gate) Enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
		return g.release, nil
	default:
	}
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return g.release, nil
	case <-t.C:
		return nil, ErrBusy
	case <-ctx.Done():
		return nil, ErrBusy
	}
}

func (g *Gate) release() { <-g.slots }
