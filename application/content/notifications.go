package content

import (
	"context"
	"errors"
	"time"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// DefaultPushWait is how long a call that sends a notification waits for the first attempt
// of every delivery before it answers (VITRINA_PUSH_WAIT).
const DefaultPushWait = 10 * time.Second

// ErrPartialDelivery is the answer of a notification saved whose delivery failed for good to
// some devices (491); the rest go on.
var ErrPartialDelivery = kernel.NewError(kernel.KindPartialDelivery, "push-partial-delivery",
	"The notification could not be delivered to some devices.")

// PartialDelivery is ErrPartialDelivery with the notification it concerns.
type PartialDelivery struct {
	Notification contentports.NotificationView
}

func (e *PartialDelivery) Error() string { return ErrPartialDelivery.Error() }
func (e *PartialDelivery) Unwrap() error { return ErrPartialDelivery }

// Dispatch is what the use cases need of the sender: a nudge after an enqueue, and a signal
// of every change of the deliveries' figures.
type Dispatch interface {
	Wake()
	// Changed is a channel closed at the next recorded change.
	Changed() <-chan struct{}
}

// Notifications are the push notifications of the panel (issue 13): written once, sent to
// every device of the active partners in their categories through the outbox.
type Notifications struct {
	outbox   contentports.Outbox
	lists    contentports.NotificationLists
	catalog  contentports.Catalog
	push     ports.PushSender
	dispatch Dispatch
	clock    ports.Clock
	wait     time.Duration
}

// NewNotifications wires the notification use cases; wait is how long a send waits for the
// first attempts (0: it answers at once).
func NewNotifications(outbox contentports.Outbox, lists contentports.NotificationLists, catalog contentports.Catalog,
	push ports.PushSender, dispatch Dispatch, clock ports.Clock, wait time.Duration) *Notifications {
	return &Notifications{outbox: outbox, lists: lists, catalog: catalog, push: push, dispatch: dispatch, clock: clock, wait: wait}
}

// Lists are the notifications screen's lists.
func (n *Notifications) Lists() contentports.NotificationLists { return n.lists }

// Deliveries is a page of a notification's deliveries; an unknown notification is not found.
func (n *Notifications) Deliveries(ctx context.Context, id kernel.ID, q ports.ListQuery) (ports.Page[contentports.DeliveryView], error) {
	if _, err := n.lists.Notifications.Find(ctx, id); err != nil {
		return ports.Page[contentports.DeliveryView]{}, err
	}
	return n.lists.Deliveries.List(ctx, q.Within("notification_id", id))
}

// StreamDeliveries feeds a notification's whole filtered list of deliveries to fn.
func (n *Notifications) StreamDeliveries(ctx context.Context, id kernel.ID, q ports.ListQuery, fn func(contentports.DeliveryView) error) error {
	if _, err := n.lists.Notifications.Find(ctx, id); err != nil {
		return err
	}
	return n.lists.Deliveries.Stream(ctx, q.Within("notification_id", id), fn)
}

// Configured tells whether a push provider is set up.
func (n *Notifications) Configured() bool { return n.push.Configured() }

// Create checks and saves a notification with its deliveries, then waits for their first
// attempts (see Await).
func (n *Notifications) Create(ctx context.Context, sentBy kernel.ID, in content.NotificationInput) (contentports.NotificationView, error) {
	note, err := content.NewNotification(in, n.clock.Now())
	if err != nil {
		return contentports.NotificationView{}, err
	}
	if err := n.checkCategories(ctx, note.Categories); err != nil {
		return contentports.NotificationView{}, err
	}
	id, err := n.Enqueue(ctx, note, sentBy)
	if err != nil {
		return contentports.NotificationView{}, err
	}
	n.dispatch.Wake()
	return n.Await(ctx, id)
}

// Reach is how many active partners and devices a notification to categories would reach
// now, with the add's targeting and checks (issue 20: the add dialog asks before sending).
func (n *Notifications) Reach(ctx context.Context, categories []kernel.ID) (contentports.Reach, error) {
	ids, err := content.NotificationCategories(categories)
	if err != nil {
		return contentports.Reach{}, err
	}
	if err := n.checkCategories(ctx, ids); err != nil {
		return contentports.Reach{}, err
	}
	return n.outbox.Reach(ctx, ids)
}

func (n *Notifications) checkCategories(ctx context.Context, ids []kernel.ID) error {
	missing, err := n.catalog.MissingCategories(ctx, ids)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return errCategories
	}
	return nil
}

// Enqueue writes a checked notification and its deliveries, in the caller's transaction when
// there is one (a slider's save). The caller wakes the sender after the commit.
func (n *Notifications) Enqueue(ctx context.Context, note content.Notification, sentBy kernel.ID) (kernel.ID, error) {
	return n.outbox.Enqueue(ctx, note, sentBy, n.push.Configured())
}

// Wake nudges the sender after a commit that enqueued deliveries.
func (n *Notifications) Wake() { n.dispatch.Wake() }

// Await waits until every delivery of the notification had its first attempt, the wait
// ends or ctx does, and answers the notification's figures then: a *PartialDelivery error
// (491) when some deliveries failed for good, the figures so far otherwise.
func (n *Notifications) Await(ctx context.Context, id kernel.ID) (contentports.NotificationView, error) {
	timer := time.NewTimer(n.wait)
	defer timer.Stop()
	for {
		changed := n.dispatch.Changed()
		v, err := n.lists.Notifications.Find(ctx, id)
		if err != nil {
			return v, err
		}
		done := v.Attempted >= v.Devices
		if !done {
			select {
			case <-changed:
				continue
			case <-timer.C:
				if v, err = n.lists.Notifications.Find(ctx, id); err != nil {
					return v, err
				}
			case <-ctx.Done():
				// The caller is gone; the notification is saved and its deliveries go on.
				return v, ctx.Err()
			}
		}
		if v.Failed > 0 {
			return v, &PartialDelivery{Notification: v}
		}
		return v, nil
	}
}

// AsPartialDelivery unwraps the notification of a 491.
func AsPartialDelivery(err error) (*PartialDelivery, bool) {
	var p *PartialDelivery
	ok := errors.As(err, &p)
	return p, ok
}
