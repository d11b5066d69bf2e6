package content

import (
	"context"
	"strconv"
	"strings"

	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
)

// errDropsImage is a revert whose type leaves no room for the extra image the slider holds
// now: the file would be deleted and could not come back.
var errDropsImage = kernel.FieldError("fields", "This revert would remove the slider's extra image, which could not come back. Remove the image in the slider's form first.")

// imageFields are the slider's fields that name stored files, which a revert cannot bring
// back: a replaced banner or extra image is deleted when it is replaced (ADR 0018).
var imageFields = []string{"image", "wyswygimg"}

// Revert sets slider id back as r says (issue 21, ADR 0032), in one save at the version read
// (a save in between is 409): its fields through the edit's own checks and rules (Update's,
// without files: a value today's rules refuse is 422, a day before today that the slider no
// longer holds 436, a type change of a slider partners hold 435), its activation through the
// toggle (a creation's revert deactivates it) and its visibility through the visibility
// toggle (an inactive slider is not shown: 422). A revert names no image (422: the replaced
// file is gone) and sends no notification (the one a save sends went out when it was saved).
func (s *Service) Revert(ctx context.Context, _ kernel.Principal, id kernel.ID, current audit.Snapshot, version kernel.Version, r audit.Reversal) error {
	if err := r.GuardFiles(imageFields...); err != nil {
		return err
	}
	if r.Deactivate && current[audit.ActiveField] != "true" {
		return nil // already inactive: nothing to do, nothing recorded
	}
	a := r.Apply(current)
	visible, fields := r.Flag(audit.VisibleField), a.FieldsBesides(audit.VisibleField)
	in := sliderInput(a.Values)
	if fields && !r.Deactivate {
		if err := s.check(ctx, in, false, true); err != nil {
			return err
		}
		s.safePage(&in, nil)
	}
	today, now := s.Today(), s.clock.Now()
	_, err := s.repo.Update(ctx, id, version, func(sl *content.Slider, u content.Usage) error {
		if r.Deactivate {
			sl.ToggleActive(now)
			return nil
		}
		if fields {
			unused, err := sl.Edit(in, u, today, now)
			if err != nil {
				return err
			}
			if len(unused) > 0 {
				return errDropsImage
			}
		}
		if a.Active != nil && *a.Active != sl.IsActive() {
			sl.ToggleActive(now)
		}
		if visible != nil && *visible != sl.IsVisible() {
			return sl.ToggleVisible(today, now)
		}
		return nil
	})
	return err
}

// sliderInput is the edit form of a slider's audited fields (the images kept as they are).
func sliderInput(v audit.Snapshot) content.Input {
	typ, _ := strconv.Atoi(v["type"])
	in := content.Input{Name: v["name"], Type: content.Type(typ), PageContent: v["page_content"],
		PushNotification: v["push_notification"] == "true", NotificationText: v["notification_text"],
		StartDate: v["start_date"], EndDate: v["end_date"]}
	for _, part := range strings.Split(v["category_ids"], ",") {
		if n := audit.IDOf(part); n > 0 {
			in.CategoryIDs = append(in.CategoryIDs, n)
		}
	}
	if days := v["dates"]; days != "" {
		in.Dates = strings.Split(days, ",")
	}
	return in
}
