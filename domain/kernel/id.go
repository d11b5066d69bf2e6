package kernel

import "slices"

// ID identifies a record of any context.
type ID int64

// WithID is ids with id added (add) or taken out, sorted; changed is false when ids already
// was so. ids is not changed.
func WithID(ids []ID, id ID, add bool) (next []ID, changed bool) {
	if slices.Contains(ids, id) == add {
		return ids, false
	}
	if add {
		next = append(slices.Clone(ids), id)
	} else {
		next = slices.DeleteFunc(slices.Clone(ids), func(x ID) bool { return x == id })
	}
	slices.Sort(next)
	return next, true
}
