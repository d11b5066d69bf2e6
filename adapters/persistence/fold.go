package persistence

import "vitrina/domain/kernel"

// fold is kernel.Fold: the folded columns and the typed filters use the same form.
func fold(s string) string { return kernel.Fold(s) }
