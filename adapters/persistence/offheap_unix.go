//go:build unix

package persistence

import "syscall"

// mapMemory maps size bytes of zeroed private memory; nil when the system refuses.
func mapMemory(size int) []byte {
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	return mem
}

func unmapMemory(mem []byte) { _ = syscall.Munmap(mem) }
