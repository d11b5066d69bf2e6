package kit

import "vitrina/domain/kernel"

// ErrPasswordMismatch answers a form whose password and its confirmation differ; the
// message sits on the password field, where the panel shows it.
var ErrPasswordMismatch = kernel.FieldError("password", "The password confirmation does not match.")

// CheckConfirmation checks what only a form has: a new password typed twice. A confirmation
// typed alone asks for the password it confirms; a mismatch is reported only for a password
// that passes the domain's rule (kernel.ValidatePassword), which otherwise says what is wrong.
func CheckConfirmation(password, confirmation string) error {
	switch {
	case password == confirmation:
		return nil
	case password == "":
		return kernel.ValidatePassword("password", password)
	case kernel.ValidatePassword("password", password) != nil:
		return nil
	}
	return ErrPasswordMismatch
}

// Confirmed answers a form with a password and its confirmation before its use case runs:
// nil when the confirmation holds, else one validation error with what check (the checks the
// use case makes before saving) finds, so that the answer lists every field as before. An
// error of check other than a validation one (a record not found) is returned as is.
func Confirmed(password, confirmation string, check func() error) error {
	confirm := CheckConfirmation(password, confirmation)
	if confirm == nil {
		return nil
	}
	var v kernel.Validation
	if err := v.Merge(check()); err != nil {
		return err
	}
	v.Merge(confirm)
	return v.Err()
}
