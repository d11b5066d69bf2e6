package activity_test

import (
	"testing"

	"vitrina/application/activity"
	"vitrina/domain/audit"
)

// A partner's timeline names each item by what it is about: a push delivery's outcome is
// `push`, a device's registration or removal `device`, and every sign-in, failed sign-in
// and sign-out `account`, though an app sign-in's record is the partner (issue 21).
func TestTimelineKind(t *testing.T) {
	for _, c := range []struct {
		resource string
		action   audit.Action
		want     string
	}{
		{"partners", audit.ActionEdit, "partner"},
		{"partners", audit.ActionSignIn, "account"},
		{"partners", audit.ActionSignInFailed, "account"},
		{"partners", audit.ActionSignOut, "account"},
		{"users", audit.ActionEdit, "account"},
		{"deliveries", audit.ActionSend, "push"},
		{"notifications", audit.ActionSend, "push"},
		{"devices", audit.ActionCreate, "device"},
		{"devices", audit.ActionDeactivate, "device"},
		{"cart_items", audit.ActionOrder, "order"},
		{"something_new", audit.ActionEdit, "something_new"},
	} {
		if got := activity.TimelineKind(audit.Event{Resource: c.resource, Action: c.action}); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.resource, c.action, got, c.want)
		}
	}
}
