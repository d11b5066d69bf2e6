package kernel

// ID identifies a record of any context.
type ID int64
