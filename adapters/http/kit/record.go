package kit

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Exists looks up the record a route's path names: nil when the caller may reach it, a
// not-found error (or any other) when not. A partner app route's lookup sees what that
// partner sees (kit.AppPartner), so another partner's record is as unknown as a missing one.
type Exists func(ctx context.Context, id kernel.ID) error

// Found is the lookup of a lister's records.
func Found[V any](lister ports.Lister[V]) Exists {
	return func(ctx context.Context, id kernel.ID) error {
		_, err := lister.Find(ctx, id)
		return err
	}
}

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// RecordParam is the path parameter that names a route's record: the first one called id
// or ending in Id ({id}, {campaignId}); "" when the path names none (/api/app/devices/{token}).
func RecordParam(path string) string {
	for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
		if name := m[1]; name == "id" || strings.HasSuffix(name, "Id") {
			return name
		}
	}
	return ""
}

// checkRecordRoute refuses, when the server is assembled, a route that names a record but
// does not say how to look it up: every such call answers 404 for an unknown record before
// its query or body is judged (ADR 0023), and this is where that cannot be forgotten.
func checkRecordRoute(r Route) {
	param := RecordParam(r.Path)
	switch {
	case param != "" && r.Record == nil:
		panic(fmt.Sprintf("kit: %s %s names a record ({%s}) but has no Record lookup", r.Method, r.Path, param))
	case param == "" && r.Record != nil:
		panic(fmt.Sprintf("kit: %s %s has a Record lookup but names no record", r.Method, r.Path))
	}
}

// withRecord answers 404 for an unknown record (or the lookup's error) before next reads
// the request; it runs after the guard, so the caller is known and allowed.
func withRecord(param string, exists Exists, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id, err := PathID(r, param)
		if err == nil {
			err = exists(ctx, id)
		}
		if err != nil {
			EncodeError(ctx, err, w)
			return
		}
		next.ServeHTTP(w, r)
	})
}
