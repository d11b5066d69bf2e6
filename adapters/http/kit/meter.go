package kit

import (
	"context"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"
)

// Meter hears every request the server answers and every import (ADR 0038). route is the
// path pattern of the route that answered ("/api/partners/{id}"), "" when none did (an
// unknown path, the app's pages): never the path itself, so its values stay as few as the
// routes.
type Meter interface {
	Started()
	Finished(route, method string, status int, took time.Duration)
	// Imported hears a saving import of kind (not a preview): how long it took and, when it
	// answered, its counts (nil when it failed or the file was refused).
	Imported(kind string, took time.Duration, saved *ImportJSON)
}

type routeKey struct{}

// routeTally is where a route writes its pattern for the Metered middleware around the mux,
// which sees the request again only after the mux has answered.
type routeTally struct{ pattern string }

// Metered tells m about every request next answers: its route, method, status and time, and
// how many are in flight. It goes outside Middleware, so that the answers Middleware gives
// itself (a body too big, a panic) are counted too.
func Metered(m Meter, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.Started()
		start := time.Now()
		tally := &routeTally{}
		sw := &statusWriter{ResponseWriter: w}
		finished := false
		defer func() {
			if !finished { // a handler aborted the answer (http.ErrAbortHandler)
				status := sw.status
				if status == 0 {
					status = http.StatusInternalServerError
				}
				m.Finished(tally.pattern, r.Method, status, time.Since(start))
			}
		}()
		next.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), routeKey{}, tally)))
		status := sw.status
		if status == 0 {
			status = http.StatusOK // nothing written: net/http answers 200
		}
		finished = true
		m.Finished(tally.pattern, r.Method, status, time.Since(start))
	})
}

// MarkRoute tells the Metered middleware around it that pattern, a registered path pattern,
// answered the request.
func MarkRoute(pattern string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if t, ok := r.Context().Value(routeKey{}).(*routeTally); ok {
			t.pattern = pattern
		}
		next.ServeHTTP(w, r)
	})
}

// meterImport tells m how long each saving import of kind took and what it saved: the
// endpoint's answer, an ImportJSON, is every import's (ImportAnswer).
func meterImport(m Meter, kind string, next endpoint.Endpoint) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		start := time.Now()
		response, err := next(ctx, request)
		if up, ok := request.(Upload); ok && !up.Preview {
			var saved *ImportJSON
			if answer, ok := response.(ImportJSON); ok && err == nil {
				saved = &answer
			}
			m.Imported(kind, time.Since(start), saved)
		}
		return response, err
	}
}
