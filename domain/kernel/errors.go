// Package kernel is the shared kernel of the domain: the error kinds every context uses,
// field validation, activation, names and amounts.
package kernel

import (
	"errors"
	"sort"
	"strings"
)

// Kind classifies a domain error; the HTTP adapter maps each kind to one status code.
type Kind int

const (
	KindInternal         Kind = iota // unexpected; never shown to users
	KindInvalid                      // input failed validation (422)
	KindNotFound                     // no such record (404)
	KindUnauthenticated              // no or bad credentials (401)
	KindForbidden                    // the caller may not do this (403)
	KindThrottled                    // too many attempts (429)
	KindConflictInactive             // the record exists but is inactive (434)
	KindForbiddenInUse               // change forbidden, used elsewhere (435)
	KindBadDates                     // invalid dates (436)
	KindCreateFailed                 // create failed for a reason the user cannot fix (489)
	KindPartialDelivery              // saved, but push delivery failed for some devices (491)
	KindStale                        // the record changed since the user loaded it (409)
)

// Error is a domain error with a kind, a stable slug, an English message and, for
// KindInvalid, the failed fields with their messages.
type Error struct {
	Kind    Kind
	Slug    string
	Message string
	Fields  map[string][]string
}

func (e *Error) Error() string {
	if len(e.Fields) == 0 {
		return e.Message
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(e.Message)
	for _, k := range keys {
		b.WriteString(" " + k + ": " + strings.Join(e.Fields[k], " "))
	}
	return b.String()
}

// Is makes errors.Is match two errors of the same kind and slug.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind && t.Slug == e.Slug
}

// NewError builds an error of the given kind.
func NewError(kind Kind, slug, message string) *Error {
	return &Error{Kind: kind, Slug: slug, Message: message}
}

// KindOf tells the kind of err, looking through wrapping; unknown errors are KindInternal.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// FieldError is a validation error for one field.
func FieldError(field, message string) *Error {
	return &Error{Kind: KindInvalid, Slug: "invalid", Message: message, Fields: map[string][]string{field: {message}}}
}

// NotFound is the error for a missing record of the given entity.
func NotFound(entity string) *Error {
	return &Error{Kind: KindNotFound, Slug: entity + "-not-found", Message: "The " + entity + " was not found."}
}
