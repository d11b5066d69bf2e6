package kernel

// Version counts the saved changes of a record. An edit names the version the user loaded,
// so that a change made meanwhile by someone else is refused instead of overwritten.
type Version int64

// AnyVersion skips the check: toggles and imports change a record whatever its version.
const AnyVersion Version = 0

// ErrStale is the answer to an edit of a record that changed since the user loaded it.
var ErrStale = &Error{Kind: KindStale, Slug: "stale",
	Message: "The record was changed by someone else. Reload it to see the changes."}
