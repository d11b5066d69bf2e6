package persistence

import (
	"sync"
	"unsafe"
)

// Columns outside the Go heap (ADR 0035). The partner index holds a few hundred bytes per
// partner in slices without pointers; on the heap they would double the garbage collector's
// goal (it lets the heap grow to twice what is live before collecting), so a million
// partners would cost twice their memory. Held in memory mapped apart (offheap_unix.go),
// they count once, and the collector never scans them.
//
// A slice made here must be given back to freeOff once no one reads it: the partner index
// frees a generation of columns under its write lock, after the new one replaces it.

// word is what an off-heap slice may hold: fixed-size values without pointers.
type word interface {
	~byte | ~int32 | ~uint32 | ~int64 | ~uint64
}

var offHeap = struct {
	sync.Mutex
	maps map[uintptr][]byte // a mapping's first byte → the mapping
}{maps: map[uintptr][]byte{}}

// makeOff returns a slice of length n and at least capacity c outside the heap.
func makeOff[T word](n, c int) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	c = max(c, n, 1)
	mem := mapMemory(c * size)
	if mem == nil {
		return make([]T, n, c) // no mapping on this system: the heap
	}
	offHeap.Lock()
	offHeap.maps[uintptr(unsafe.Pointer(&mem[0]))] = mem
	offHeap.Unlock()
	return unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), len(mem)/size)[:n]
}

// appendOff is append for a slice of makeOff: a full one moves to a mapping half as big
// again, and its old one is freed.
func appendOff[T word](s []T, v ...T) []T {
	if len(s)+len(v) > cap(s) {
		grown := makeOff[T](len(s), max(len(s)+len(v), cap(s)+cap(s)/2, 64))
		copy(grown, s)
		freeOff(s)
		s = grown
	}
	return append(s, v...)
}

// freeOff gives the mapping of a slice of makeOff back; other slices are left to the
// collector.
func freeOff[T word](s []T) {
	if cap(s) == 0 {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s[:1])))
	offHeap.Lock()
	mem, ok := offHeap.maps[p]
	delete(offHeap.maps, p)
	offHeap.Unlock()
	if ok {
		unmapMemory(mem)
	}
}
