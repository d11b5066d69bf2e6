package security

import (
	"runtime"
	"time"

	"vitrina/adapters/limit"
	"vitrina/domain/kernel"
)

// ErrBusy answers a request that found every hashing slot taken for too long.
var ErrBusy = kernel.NewError(kernel.KindThrottled, "busy", "The server is busy. Try again in a moment.")

// DefaultHashWait is how long a hash waits for a slot before the request is refused.
const DefaultHashWait = 2 * time.Second

// HashGate bounds the argon2id work of the whole process: each hash holds 19 MiB, so one
// per core keeps memory flat and loses no throughput.
var HashGate = limit.NewGate(int64(runtime.GOMAXPROCS(0)), DefaultHashWait, ErrBusy)
