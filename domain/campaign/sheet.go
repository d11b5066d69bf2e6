package campaign

import (
	"strconv"
	"strings"

	"vitrina/domain/kernel"
)

// ParsePartnerID reads a partner's id from a cell of the campaign's partner file: a positive
// whole number (the partner register's sentences).
func ParsePartnerID(s string) (kernel.ID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, kernel.FieldError("id", "The id field is required.")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, kernel.FieldError("id", "The id must be a positive integer.")
	}
	return kernel.ID(n), nil
}

// CashChange is what a new cash does to a partner of a campaign.
type CashChange int

// The changes a new cash makes.
const (
	// CashUnchanged: the partner is in the campaign with that cash already; nothing is written.
	CashUnchanged CashChange = iota
	// CashAdded: the partner joins the campaign with the cash.
	CashAdded
	// CashUpdated: the partner's cash in the campaign changes.
	CashUpdated
)

// PlanCash decides a new cash for a partner (the campaign's partner file, ADR 0019): a cash
// equal to the one the partner has changes nothing and is not checked again; otherwise the
// partner must belong to one of the campaign's categories (ErrPartnerOutside) and, when in
// the campaign already (linked, st its standing there), the cash may not fall below what its
// cart is worth (CheckCash's AmountError). A partner not linked joins with the cash.
func PlanCash(categories, partnerCategories []kernel.ID, linked bool, st Money, cash kernel.Amount) (CashChange, error) {
	if linked && cash.Cmp(st.Cash) == 0 {
		return CashUnchanged, nil
	}
	if !shares(partnerCategories, categories) {
		return 0, ErrPartnerOutside
	}
	if !linked {
		return CashAdded, nil
	}
	if err := CheckCash(cash, st.Spent); err != nil {
		return 0, err
	}
	return CashUpdated, nil
}
