package kit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"vitrina/domain/kernel"
)

// DecodeJSON reads a JSON body into a new T. An empty body decodes as the zero T.
func DecodeJSON[T any](_ context.Context, r *http.Request) (any, error) {
	var v T
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return nil, ErrBodyTooBig
		}
		return nil, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return v, nil
	}
	if !utf8.Valid(body) || hasLoneSurrogate(body) {
		return nil, ErrBadText
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, ErrBadJSON
	}
	return v, nil
}

// hasLoneSurrogate tells whether a JSON text escapes half of a UTF-16 surrogate pair
// (\ud800 alone, or a low half first): encoding/json would store it as U+FFFD. Outside
// strings a valid JSON text has no backslash, so every backslash starts an escape.
func hasLoneSurrogate(body []byte) bool {
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			continue
		}
		if i+1 >= len(body) || body[i+1] != 'u' {
			i++ // \" \\ \n …: skip the escaped byte
			continue
		}
		r, ok := hex4(body, i+2)
		if !ok {
			return false // not valid JSON: the decoder says so
		}
		i += 5
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		case r >= 0xD800 && r <= 0xDBFF:
			if i+2 >= len(body) || body[i+1] != '\\' || body[i+2] != 'u' {
				return true
			}
			low, ok := hex4(body, i+3)
			if !ok || low < 0xDC00 || low > 0xDFFF {
				return true
			}
			i += 6
		}
	}
	return false
}

// hex4 reads four hex digits at body[at:].
func hex4(body []byte, at int) (rune, bool) {
	if at+4 > len(body) {
		return 0, false
	}
	var r rune
	for _, c := range body[at : at+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// EncodeJSON writes the response as JSON with 200.
func EncodeJSON(_ context.Context, w http.ResponseWriter, response any) error {
	writeJSON(w, http.StatusOK, response)
	return nil
}

// Statused is an answer with a status of its own and headers (a bulk action still running
// answers 202 with its progress).
type Statused interface {
	Status() int
	Header() http.Header
}

// EncodeStatused writes the response as JSON with its own status and headers when it has
// them (Statused), else with 200.
func EncodeStatused(_ context.Context, w http.ResponseWriter, response any) error {
	status := http.StatusOK
	if s, ok := response.(Statused); ok {
		status = s.Status()
		for k, v := range s.Header() {
			w.Header()[k] = v
		}
	}
	writeJSON(w, status, response)
	return nil
}

// EncodeCreated writes the response as JSON with 201.
func EncodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	writeJSON(w, http.StatusCreated, response)
	return nil
}

// EncodeNoContent answers 204.
func EncodeNoContent(_ context.Context, w http.ResponseWriter, _ any) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// PathID reads the numeric {id} path value; anything else is a 404.
func PathID(r *http.Request, name string) (kernel.ID, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		return 0, ErrBadID
	}
	return kernel.ID(id), nil
}

// OptionalID is a nullable id as forms send it: a number, a numeric string, null or "".
// Anything else marks it invalid instead of failing the whole body.
type OptionalID struct {
	Value   *int64
	Invalid bool
}

// UnmarshalJSON accepts 12, "12", null and "".
func (o *OptionalID) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "" || s == "null" {
		o.Value = nil
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		o.Invalid = true
		return nil
	}
	o.Value = &n
	return nil
}

// MarshalJSON writes the id or null.
func (o OptionalID) MarshalJSON() ([]byte, error) {
	if o.Value == nil {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatInt(*o.Value, 10)), nil
}

// JSONOr answers an endpoint: the error when there is one, else v as JSON through toJSON.
func JSONOr[V, J any](toJSON func(V) J, v V, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return toJSON(v), nil
}
