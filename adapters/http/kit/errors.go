// Package kit holds the HTTP mechanisms every context's transport shares: the one error
// encoder, authentication and authorization, list requests, JSON bodies and middleware.
package kit

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"go.uber.org/zap"

	"vitrina/domain/kernel"
)

// Transport-level errors.
var (
	ErrBadJSON = &kernel.Error{Kind: KindBadRequest, Slug: "bad-json", Message: "The request body is not valid JSON."}
	ErrBadForm = &kernel.Error{Kind: KindBadRequest, Slug: "bad-form", Message: "The request body is not a valid multipart form."}
	// ErrBadText answers a JSON body holding bytes that are not UTF-8 or an escaped half of
	// a surrogate pair: the decoder would quietly store U+FFFD in their place.
	ErrBadText    = kernel.FieldError("_", "The request contains text that is not valid UTF-8.")
	ErrBodyTooBig = &kernel.Error{Kind: KindTooLarge, Slug: "body-too-large", Message: "The request body is too large."}
	ErrBadID      = kernel.NotFound("record")
	// ErrMethodNotAllowed answers a known path asked with a method it does not take (405, Allow).
	ErrMethodNotAllowed = &kernel.Error{Kind: KindMethodNotAllowed, Slug: "method-not-allowed", Message: "The method is not allowed for this address."}
	errUnavailable      = &kernel.Error{Kind: KindUnavailable, Slug: "unavailable", Message: "The service is temporarily unavailable."}
)

// Kinds that only the transport produces.
const (
	KindBadRequest kernel.Kind = 100 + iota
	KindTooLarge
	KindUnavailable
	KindMethodNotAllowed
)

var statusOf = map[kernel.Kind]int{
	kernel.KindInvalid:          http.StatusUnprocessableEntity,
	kernel.KindNotFound:         http.StatusNotFound,
	kernel.KindUnauthenticated:  http.StatusUnauthorized,
	kernel.KindForbidden:        http.StatusForbidden,
	kernel.KindThrottled:        http.StatusTooManyRequests,
	kernel.KindConflictInactive: 434,
	kernel.KindForbiddenInUse:   435,
	kernel.KindBadDates:         436,
	kernel.KindCreateFailed:     489,
	kernel.KindPartialDelivery:  491,
	kernel.KindStale:            http.StatusConflict,
	KindBadRequest:              http.StatusBadRequest,
	KindTooLarge:                http.StatusRequestEntityTooLarge,
	KindUnavailable:             http.StatusServiceUnavailable,
	KindMethodNotAllowed:        http.StatusMethodNotAllowed,
}

// StatusOf is the HTTP status of an error: the one place that picks status codes.
func StatusOf(err error) int {
	if s, ok := statusOf[kernel.KindOf(err)]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// WholeRequest is the errors key of a refusal that names no field: the request as a whole
// ("Only a seminar takes sign-ups."). Every 422 carries the errors map, the app's too.
const WholeRequest = "_"

// ErrorBody is the JSON body of every error answer.
type ErrorBody struct {
	Message string              `json:"message"`
	Errors  map[string][]string `json:"errors,omitempty"`
}

// detailed is an error whose answer carries more than the message and the fields: the
// problems of an uploaded file, say.
type detailed struct {
	error
	detail any
}

func (d detailed) Unwrap() error { return d.error }

// retryAfter is an error whose answer tells the client when to try again.
type retryAfter struct {
	error
	seconds int
}

func (r retryAfter) Unwrap() error { return r.error }

// WithRetryAfter makes err's answer carry Retry-After: seconds (a 429 of a full gate, say).
func WithRetryAfter(err error, seconds int) error { return retryAfter{error: err, seconds: seconds} }

// WithDetail adds the fields of detail (a JSON object) to err's answer body.
func WithDetail(err error, detail any) error { return detailed{error: err, detail: detail} }

// EncodeError writes err as JSON with its status. Unknown errors become a generic 500
// whose detail goes only to the log, with the request id.
func EncodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		err = ErrBodyTooBig
	}
	cause := err
	if isUnavailable(err) {
		err = errUnavailable
	}
	status := StatusOf(err)
	var ra retryAfter
	switch {
	case status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", unavailableRetry)
	case errors.As(err, &ra):
		w.Header().Set("Retry-After", strconv.Itoa(ra.seconds))
	}
	body := ErrorBody{Message: "Server error."}
	var de *kernel.Error
	if status != http.StatusInternalServerError && errors.As(err, &de) {
		body.Message = de.Message
		if de.Kind == kernel.KindInvalid {
			body.Errors = de.Fields
			if len(body.Errors) == 0 {
				body.Errors = map[string][]string{WholeRequest: {de.Message}}
			}
		}
	}
	var d detailed
	if status != http.StatusInternalServerError && errors.As(err, &d) {
		if merged, ok := mergeBody(body, d.detail); ok {
			writeJSON(w, status, merged)
			return
		}
	}
	log := Logger(ctx)
	switch {
	case status >= 500:
		log.Error("request failed", zap.Int("status", status), zap.Error(cause))
	case status == http.StatusTooManyRequests || status == http.StatusForbidden:
		log.Warn("request refused", zap.Int("status", status), zap.String("reason", body.Message))
	}
	writeJSON(w, status, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// mergeBody is the error body with the detail's fields beside message and errors.
func mergeBody(body ErrorBody, detail any) (map[string]any, bool) {
	raw, err := json.Marshal(detail)
	if err != nil {
		return nil, false
	}
	out := map[string]any{}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, false
	}
	out["message"] = body.Message
	if body.Errors != nil {
		out["errors"] = body.Errors
	}
	return out, true
}
