package ports

import (
	"context"
	"io"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
)

// AuditLog is the record of accountability every context writes to and the activity screens
// read (issue 21, ADR 0031). It is a shared port, like the clock: a context records its
// changes without importing another context.
type AuditLog interface {
	// Record appends e to the chain inside the transaction of ctx (one of its own when ctx
	// carries none): the event exists exactly when the caller's change commits. The log sets
	// the ID, the chain hashes and, when e has none, the time, the actor, the request id and
	// the address from ctx's AuditSource.
	Record(ctx context.Context, e audit.Event) error
	// List answers one page of the events that match f, newest first, with the exact total;
	// a zero page asks for the whole list (use Stream for large ones).
	List(ctx context.Context, f AuditFilter, page AuditPage) (Page[audit.Event], error)
	// Stream calls fn with every event that matches f, newest first, row by row.
	Stream(ctx context.Context, f AuditFilter, fn func(audit.Event) error) error
	// Get answers one event, or a kernel.KindNotFound error.
	Get(ctx context.Context, id kernel.ID) (audit.Event, error)
	// Verify checks the whole chain and names the first broken event.
	Verify(ctx context.Context) (AuditVerdict, error)
}

// AuditFilter narrows the activity list; zero values do not filter. Every filter is served
// by an index of the event table.
type AuditFilter struct {
	// Resource and RecordID: one record's history (RecordID needs Resource).
	Resource string
	RecordID kernel.ID
	// Children: with Resource and RecordID, also the events whose parent is that record (a
	// campaign's links, cash and cart; a slider's sign-ups and orders).
	Children bool
	// Action: with Resource, one kind of change of a resource.
	Action audit.Action
	// UserID: the events of one back-office user.
	UserID kernel.ID
	// PartnerID: the events by or about a partner (its timeline).
	PartnerID kernel.ID
	// From and To bound the time, From included, To excluded.
	From, To time.Time
	// Within narrows the events to these resources (what a role may read); nil does not
	// narrow, an empty list keeps none.
	Within []string
	// Text is a case-insensitive "contains" over the actor's name, the resource and the
	// changes (at most MaxAuditText characters).
	Text string
}

// MaxAuditText is the longest free-text filter of the activity list (style rule 12).
const MaxAuditText = 200

// AuditPage is one page of the activity list: Page from 1, PerPage rows; zero is all.
type AuditPage struct {
	Page    int
	PerPage int
}

// AuditVerdict is the answer of a chain check: whether the chain holds, how many events it
// read, and the first broken event (0 when it holds). A chain whose newest events were
// removed is broken at the event that was its head (FirstBroken names that id).
type AuditVerdict struct {
	OK          bool
	Events      int
	FirstBroken kernel.ID
}

// AuditSource is who acts in a request and from where, as the HTTP layer (or a job) puts it
// in the context for the recorder: the actor, the request id and the client address; and
// what the changes made under it are part of: an import (every record it changes carries
// its id) or the revert of an event (the store's save records a revert naming it).
type AuditSource struct {
	Actor     audit.Actor
	RequestID string
	Address   string
	ImportID  string
	Reverts   kernel.ID
}

type auditSourceKey struct{}

// WithAuditSource returns ctx carrying src.
func WithAuditSource(ctx context.Context, src AuditSource) context.Context {
	return context.WithValue(ctx, auditSourceKey{}, src)
}

// AuditSourceOf is the source ctx carries; without one, the system acts.
func AuditSourceOf(ctx context.Context) AuditSource {
	if src, ok := ctx.Value(auditSourceKey{}).(AuditSource); ok {
		return src
	}
	return AuditSource{Actor: audit.System}
}

// AuditRetention is what the retention job asks of the log (ADR 0031): the oldest events,
// and their removal, which moves the chain's anchor so that what remains still verifies.
type AuditRetention interface {
	// Oldest calls fn with the events after the anchor in id order, from the oldest up to
	// the first one at or after before (excluded), reading them in batches: memory stays
	// flat however many there are.
	Oldest(ctx context.Context, before time.Time, fn func(audit.Event) error) error
	// Prune deletes the events after the anchor up to through, in transactions of a bounded
	// batch, each moving the anchor to its last event; it answers how many it deleted.
	Prune(ctx context.Context, through kernel.ID) (int, error)
}

// ArchiveFiles keeps the audit archive's files (ADR 0031): a file is written aside and,
// once complete, kept under its name, never over a file already there.
type ArchiveFiles interface {
	// Create starts a file that will be kept as name.xlsx (or name-2.xlsx, name-3.xlsx … when
	// that exists).
	Create(ctx context.Context, name string) (ArchiveFile, error)
}

// ArchiveFile is an archive file being written.
type ArchiveFile interface {
	io.Writer
	// Keep makes the file durable and names it; it answers the name it got.
	Keep() (string, error)
	// Discard drops a file that was not completed.
	Discard() error
}
