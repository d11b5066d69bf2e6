package bootstrap

import (
	"fmt"
	"sync"
	"testing"
)

// retryBusy repeats a request answered 429 "busy", as a client told to try again does: 32
// password hashes at once may outwait the hashing gate on a loaded machine, which is the
// gate's job and not what these tests are about.
func retryBusy(do func() int) int {
	for range 20 {
		if status := do(); status != 429 {
			return status
		}
	}
	return 429
}

// Concurrent writers all succeed (SQLite queues them with IMMEDIATE transactions and a busy
// timeout), and a username raced by many requests is created exactly once: the others get
// the 422 a sequential duplicate gets.
func TestConcurrentWriters(t *testing.T) {
	eachEngine(t, func(t *testing.T, a *api) {
		const n = 16
		var wg sync.WaitGroup
		codes := make(chan int, 2*n)
		for i := 0; i < n; i++ {
			wg.Add(2)
			go func(i int) {
				defer wg.Done()
				codes <- retryBusy(func() int {
					return a.do("POST", "/api/users", a.admin, userBody(fmt.Sprintf("Paralelni %02d", i), fmt.Sprintf("par%02d", i))).status
				})
			}(i)
			go func() {
				defer wg.Done()
				codes <- retryBusy(func() int { return a.do("POST", "/api/users", a.admin, userBody("Ista Osoba", "ista.osoba")).status })
			}()
		}
		wg.Wait()
		close(codes)
		count := map[int]int{}
		for c := range codes {
			count[c]++
		}
		if count[201] != n+1 || count[422] != n-1 {
			t.Fatalf("status counts %v, want %d×201 and %d×422", count, n+1, n-1)
		}
		r := a.expect(a.do("GET", "/api/users?page=1&username=ista.osoba", a.admin, nil), 200)
		if r.header.Get("X-Total-Count") != "1" {
			t.Fatalf("ista.osoba exists %s times", r.header.Get("X-Total-Count"))
		}
	})
}
