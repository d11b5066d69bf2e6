package kit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"vitrina/domain/kernel"
)

func TestEveryKindHasItsStatus(t *testing.T) {
	cases := []struct {
		err  error
		want int
	}{
		{kernel.FieldError("name", "The name field is required."), 422},
		{kernel.NotFound("user"), 404},
		{kernel.NewError(kernel.KindUnauthenticated, "x", "Unauthenticated."), 401},
		{kernel.NewError(kernel.KindForbidden, "x", "No."), 403},
		{kernel.NewError(kernel.KindThrottled, "x", "Slow down."), 429},
		{kernel.NewError(kernel.KindConflictInactive, "x", "Exists but inactive."), 434},
		{kernel.NewError(kernel.KindForbiddenInUse, "x", "Used elsewhere."), 435},
		{kernel.NewError(kernel.KindBadDates, "x", "Invalid dates."), 436},
		{kernel.NewError(kernel.KindCreateFailed, "x", "Create failed."), 489},
		{kernel.NewError(kernel.KindPartialDelivery, "x", "Some devices failed."), 491},
		{kernel.ErrStale, 409},
		{ErrBadJSON, 400},
		{ErrBodyTooBig, 413},
		{fmt.Errorf("wrapped: %w", kernel.NotFound("city")), 404},
		{errors.New("pq: syntax error at or near SELECT"), 500},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		EncodeError(context.Background(), c.err, w)
		if w.Code != c.want {
			t.Errorf("%v: status %d, want %d", c.err, w.Code, c.want)
		}
		var body ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Message == "" {
			t.Errorf("%v: body %q must be JSON with a message", c.err, w.Body.String())
		}
		if c.want == 422 && body.Errors["name"][0] != "The name field is required." {
			t.Errorf("422 must carry the errors map, got %v", body.Errors)
		}
	}
}

func TestInternalErrorsAreLoggedNotShown(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	ctx := context.WithValue(context.Background(), keyLogger, zap.New(core).With(zap.String("request_id", "r-1")))
	w := httptest.NewRecorder()
	EncodeError(ctx, errors.New(`ERROR: relation "users" does not exist (SQLSTATE 42P01)`), w)
	if w.Code != 500 || strings.Contains(w.Body.String(), "relation") || strings.Contains(w.Body.String(), "SQLSTATE") {
		t.Fatalf("500 body leaks internals: %s", w.Body.String())
	}
	entries := logs.All()
	if len(entries) != 1 || !strings.Contains(fmt.Sprint(entries[0].ContextMap()["error"]), "relation") || entries[0].ContextMap()["request_id"] != "r-1" {
		t.Fatalf("the detail must be logged with the request id: %+v", entries)
	}
}

// A refusal that names no field carries the errors map too, under "_" for the whole request:
// one shape for every 422, the partner app's included.
func TestEvery422CarriesTheErrorsMap(t *testing.T) {
	for _, err := range []error{
		kernel.NewError(kernel.KindInvalid, "not-a-seminar", "Only a seminar takes sign-ups."),
		fmt.Errorf("wrapped: %w", kernel.NewError(kernel.KindInvalid, "x", "Only a seminar takes sign-ups.")),
		WithDetail(kernel.NewError(kernel.KindInvalid, "x", "Only a seminar takes sign-ups."), map[string]string{"remaining": "5"}),
	} {
		w := httptest.NewRecorder()
		EncodeError(context.Background(), err, w)
		var body ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if w.Code != 422 || body.Message != "Only a seminar takes sign-ups." || len(body.Errors) != 1 ||
			len(body.Errors[WholeRequest]) != 1 || body.Errors[WholeRequest][0] != body.Message {
			t.Errorf("%v: %d %s, want 422 with errors {%q: [message]}", err, w.Code, w.Body.String(), WholeRequest)
		}
	}
}
