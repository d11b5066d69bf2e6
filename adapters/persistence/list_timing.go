package persistence

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// ListTimer hears how long each SQL statement of a list took, by the list's name: a page,
// its count, its sums, an export's query. Every list reads through a Lister, which names its
// statements; nothing else is timed (ADR 0038).
type ListTimer interface {
	ObserveList(list string, took time.Duration)
}

// TimeLists answers db with every statement a list runs timed by t. The stores must be made
// over the answer, as the hook belongs to it and not to db.
func TimeLists(db *bun.DB, t ListTimer) *bun.DB { return db.WithQueryHook(listHook{t}) }

type listKey struct{}

// inList marks ctx as a read of the list named name.
func inList(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, listKey{}, name)
}

type listHook struct{ t ListTimer }

func (listHook) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (h listHook) AfterQuery(ctx context.Context, e *bun.QueryEvent) {
	if name, ok := ctx.Value(listKey{}).(string); ok {
		h.t.ObserveList(name, time.Since(e.StartTime))
	}
}
