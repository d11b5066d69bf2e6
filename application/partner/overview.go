package partner

import (
	"context"
	"strings"
	"time"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// Overview is the partner context's part of the home page (issue 25, ADR 0042): the partners
// whose debt rose past a threshold since a date, the open support messages by type, and the
// threshold, a setting directors change.
type Overview struct {
	figures partnerports.OverviewFigures
	tx      ports.TxManager
	clock   ports.Clock
	audit   ports.AuditLog
	zone    ports.BusinessZone
}

// NewOverview returns the partner figures' use cases.
func NewOverview(figures partnerports.OverviewFigures, tx ports.TxManager, clock ports.Clock, auditLog ports.AuditLog, zone ports.BusinessZone) *Overview {
	return &Overview{figures: figures, tx: tx, clock: clock, audit: auditLog, zone: zone}
}

// DebtRiseAnswer is a page of risen debts with what it was measured by.
type DebtRiseAnswer struct {
	Since     string // YYYY-MM-DD
	Threshold partner.DebtRiseThreshold
	Page      ports.Page[partnerports.DebtRiseView]
}

// Messages of the since date.
const (
	sinceField    = "since"
	msgSinceDate  = "The since must be a date."
	msgSinceAhead = "The since must not be after today."
)

// DebtRise is the page of the partners whose debt rose by more than the stored
// threshold since the start of the day since (YYYY-MM-DD, in the business's zone; today at
// the latest).
func (o *Overview) DebtRise(ctx context.Context, since string, page, perPage int) (DebtRiseAnswer, error) {
	loc := o.zone.Location
	if loc == nil {
		loc = time.UTC
	}
	day, err := time.ParseInLocation(time.DateOnly, strings.TrimSpace(since), loc)
	if err != nil {
		return DebtRiseAnswer{}, kernel.FieldError(sinceField, msgSinceDate)
	}
	if day.After(o.clock.Now()) {
		return DebtRiseAnswer{}, kernel.FieldError(sinceField, msgSinceAhead)
	}
	threshold, _, err := o.figures.DebtRiseThreshold(ctx)
	if err != nil {
		return DebtRiseAnswer{}, err
	}
	p, err := o.figures.DebtRise(ctx, day, threshold, page, perPage)
	return DebtRiseAnswer{Since: day.Format(time.DateOnly), Threshold: threshold, Page: p}, err
}

// OpenSupportByType counts the open support messages of each type.
func (o *Overview) OpenSupportByType(ctx context.Context) ([]partnerports.SupportTypeView, error) {
	return o.figures.OpenSupportByType(ctx)
}

// DebtRiseThreshold is the threshold in force and its version.
func (o *Overview) DebtRiseThreshold(ctx context.Context) (partner.DebtRiseThreshold, kernel.Version, error) {
	return o.figures.DebtRiseThreshold(ctx)
}

// settingsResource is the audited resource of the panel's settings (as the two-factor
// policy's).
const settingsResource = "settings"

// SetDebtRiseThreshold stores a new threshold over the version the user loaded (who may: the
// route's rule), on record.
func (o *Overview) SetDebtRiseThreshold(ctx context.Context, text string, version kernel.Version) (partner.DebtRiseThreshold, kernel.Version, error) {
	t, err := partner.ParseDebtRiseThreshold(text)
	if err != nil {
		return t, 0, err
	}
	var next kernel.Version
	err = o.tx.WithinTx(ctx, func(ctx context.Context) error {
		was, v, err := o.figures.SetDebtRiseThreshold(ctx, t, version, o.clock.Now())
		if err != nil {
			return err
		}
		next = v
		if was == t {
			return nil
		}
		from, to := was.String(), t.String()
		return o.audit.Record(ctx, audit.Event{Resource: settingsResource, Action: audit.ActionEdit,
			Changes: []audit.Change{{Field: "debt_rise_threshold", From: &from, To: &to}}})
	})
	return t, next, err
}
