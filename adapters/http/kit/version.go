package kit

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"vitrina/domain/kernel"
)

// The version an edit names is required: an edit without one could overwrite unseen changes.
var (
	errVersionRequired = kernel.FieldError("version", "The version field is required.")
	errVersionInvalid  = kernel.FieldError("version", "The version must be a number.")
)

// Edit is an edit request: the record's {id}, the form and the version the user loaded.
type Edit[T any] struct {
	ID      kernel.ID
	Version kernel.Version
	Body    T
}

// DecodeEdit reads {id}, a JSON body of T and the version the user loaded: the If-Match
// header ("3") or else the body's version field (3 or "3").
func DecodeEdit[T any](ctx context.Context, r *http.Request) (any, error) {
	id, err := PathID(r, "id")
	if err != nil {
		return nil, err
	}
	e, err := decodeVersioned[T](ctx, r)
	if err != nil {
		return nil, err
	}
	e.ID = id
	return e, nil
}

// DecodeOwnEdit reads an edit of the caller's own record, which has no {id}: a JSON body of
// T and the version the user loaded, as DecodeEdit.
func DecodeOwnEdit[T any](ctx context.Context, r *http.Request) (any, error) {
	e, err := decodeVersioned[T](ctx, r)
	if err != nil {
		return nil, err
	}
	return e, nil
}

func decodeVersioned[T any](ctx context.Context, r *http.Request) (Edit[T], error) {
	raw, err := DecodeJSON[json.RawMessage](ctx, r)
	if err != nil {
		return Edit[T]{}, err
	}
	var body T
	var field struct {
		Version json.RawMessage `json:"version"`
	}
	if b := raw.(json.RawMessage); len(b) > 0 {
		if json.Unmarshal(b, &body) != nil || json.Unmarshal(b, &field) != nil {
			return Edit[T]{}, ErrBadJSON
		}
	}
	v, err := versionOf(r, strings.Trim(strings.TrimSpace(string(field.Version)), `"`))
	if err != nil {
		return Edit[T]{}, err
	}
	return Edit[T]{Version: v, Body: body}, nil
}

// FormVersion is the version of a multipart edit: the If-Match header or else the form's
// version field. Call it after the form is parsed.
func FormVersion(r *http.Request) (kernel.Version, error) {
	return versionOf(r, strings.TrimSpace(r.FormValue("version")))
}

// versionOf prefers If-Match, the HTTP way, over the field the SPA's bodies carry.
func versionOf(r *http.Request, field string) (kernel.Version, error) {
	s := field
	if h := strings.TrimSpace(r.Header.Get("If-Match")); h != "" {
		s = strings.Trim(strings.TrimPrefix(h, "W/"), `"`)
	}
	if s == "" || s == "null" {
		return 0, errVersionRequired
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 1 {
		return 0, errVersionInvalid
	}
	return kernel.Version(n), nil
}

// MultipartEdit reads the head of a multipart add or edit (products, sliders, campaigns): with
// withID the record's {id}, then the form (files past 8 MiB go to disk; a body past the route's
// limit is 413), then with withID the version the user loaded.
func MultipartEdit(r *http.Request, withID bool) (kernel.ID, kernel.Version, error) {
	var id kernel.ID
	if withID {
		var err error
		if id, err = PathID(r, "id"); err != nil {
			return 0, 0, err
		}
	}
	if err := r.ParseMultipartForm(8 << 20); err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return 0, 0, ErrBodyTooBig
		}
		return 0, 0, ErrBadForm
	}
	if !withID {
		return id, 0, nil
	}
	v, err := FormVersion(r)
	return id, v, err
}
