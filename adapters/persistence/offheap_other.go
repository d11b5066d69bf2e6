//go:build !unix

package persistence

// mapMemory has no mapping to offer here: the columns stay on the heap.
func mapMemory(int) []byte { return nil }

func unmapMemory([]byte) {}
