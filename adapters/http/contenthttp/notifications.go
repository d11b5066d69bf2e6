package contenthttp

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"vitrina/adapters/http/kit"
	appcontent "vitrina/application/content"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

// notificationJSON is a notification as the panel reads it, with its delivery figures.
type notificationJSON struct {
	ID            int64     `json:"id"`
	Subject       string    `json:"subject"`
	Text          string    `json:"notification_text"`
	Categories    []ref     `json:"categories"`
	CategoryNames string    `json:"category_names"`
	SliderID      *int64    `json:"slider_id"`
	SentBy        *string   `json:"sent_by"`
	CreatedAt     time.Time `json:"created_at"`
	Devices       int64     `json:"devices"`
	Attempted     int64     `json:"attempted"`
	Delivered     int64     `json:"delivered"`
	Failed        int64     `json:"failed"`
	Pending       int64     `json:"pending"`
	NotConfigured int64     `json:"not_configured"`
}

func notificationRow(v contentports.NotificationView) notificationJSON {
	out := notificationJSON{ID: v.ID, Subject: v.Subject, Text: v.Text, Categories: make([]ref, 0, len(v.Categories)),
		CategoryNames: v.CategoryNames(), SliderID: v.SliderID, SentBy: v.SentBy, CreatedAt: v.CreatedAt, Devices: v.Devices,
		Attempted: v.Attempted, Delivered: v.Delivered, Failed: v.Failed, Pending: v.Pending(), NotConfigured: v.NotConfigured}
	for _, c := range v.Categories {
		out.Categories = append(out.Categories, ref{ID: c.ID, Name: c.Name})
	}
	return out
}

// deliveryJSON is one delivery of a notification: never its device's token.
type deliveryJSON struct {
	ID          int64     `json:"id"`
	PartnerID   int64     `json:"partner_id"`
	PartnerName string    `json:"partner_name"`
	Platform    string    `json:"platform"`
	State       string    `json:"state"`
	Attempts    int       `json:"attempts"`
	Reason      string    `json:"reason"`
	UpdatedAt   time.Time `json:"updated_at"`
}

func deliveryRow(v contentports.DeliveryView) deliveryJSON {
	return deliveryJSON{ID: v.ID, PartnerID: v.PartnerID, PartnerName: v.PartnerName, Platform: v.Platform, State: string(v.State),
		Attempts: v.Attempts, Reason: v.Reason, UpdatedAt: v.UpdatedAt}
}

// notificationForm is the add dialog's body.
type notificationForm struct {
	Subject    string      `json:"subject"`
	Text       string      `json:"notification_text"`
	Categories []kernel.ID `json:"categories"`
}

// reachJSON is how many partners and devices an add would reach now.
type reachJSON struct {
	Partners       int64 `json:"partners"`
	Devices        int64 `json:"devices"`
	PushConfigured bool  `json:"push_configured"`
}

// decodeReach reads the add's categories from the query: categories=1&categories=2 or
// categories=1,2; an id that is not a whole number from 1 is the add's own 422.
func decodeReach(_ context.Context, r *http.Request) (any, error) {
	var ids []kernel.ID
	for _, v := range r.URL.Query()["categories"] {
		for _, part := range strings.Split(v, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			id, err := strconv.ParseInt(part, 10, 64)
			if err != nil || id < 1 {
				return nil, kernel.FieldError("categories", "The selected categories is invalid.")
			}
			ids = append(ids, kernel.ID(id))
		}
	}
	return ids, nil
}

// decodeNotificationList is the list request: the newest first unless asked otherwise.
func decodeNotificationList(_ context.Context, r *http.Request) (any, error) {
	q, err := kit.DecodeListQuery(r)
	if err == nil && q.Sort == "" {
		q.Sort, q.Desc = "created_at", true
	}
	return q, err
}

// partialDelivery is the 491 of a save that sent a notification some devices did not get:
// the save stands, and the answer names the notification so the screen can follow it.
func partialDelivery(err error) error {
	if p, ok := appcontent.AsPartialDelivery(err); ok {
		return kit.WithDetail(err, map[string]any{"notification": notificationRow(p.Notification)})
	}
	return err
}

func makeStatusEndpoint(n *appcontent.Notifications) endpoint.Endpoint {
	return func(context.Context, any) (any, error) {
		return map[string]bool{"push_configured": n.Configured()}, nil
	}
}

func makeDeliveriesEndpoint(n *appcontent.Notifications) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r := req.(recordListRequest)
		if !r.Query.Paged() {
			return kit.Stream(func(ctx context.Context, emit func(any) error) error {
				return n.StreamDeliveries(ctx, r.ID, r.Query, func(v contentports.DeliveryView) error { return emit(deliveryRow(v)) })
			}), nil
		}
		page, err := n.Deliveries(ctx, r.ID, r.Query)
		if err != nil {
			return nil, err
		}
		return kit.PageOf(page.Total, page.Items, deliveryRow), nil
	}
}

// makeReachEndpoint answers how many partners and devices an add with these categories would reach.
func makeReachEndpoint(n *appcontent.Notifications) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		r, err := n.Reach(ctx, req.([]kernel.ID))
		if err != nil {
			return nil, err
		}
		return reachJSON{Partners: r.Partners, Devices: r.Devices, PushConfigured: n.Configured()}, nil
	}
}

func makeCreateNotificationEndpoint(n *appcontent.Notifications) endpoint.Endpoint {
	return func(ctx context.Context, req any) (any, error) {
		f := req.(notificationForm)
		v, err := n.Create(ctx, kit.UserID(ctx), content.NotificationInput{Subject: f.Subject, Text: f.Text, Categories: f.Categories})
		if err != nil {
			return nil, partialDelivery(err)
		}
		return notificationRow(v), nil
	}
}

// NotificationRoutes are the panel's push notifications (issue 13): the list, one with its
// figures, its deliveries, whether push is set up, and the add, which answers after the
// first attempts (491 when some devices failed for good).
func NotificationRoutes(n *appcontent.Notifications) []kit.Route {
	read := kit.Access{Resource: "notifications", Action: "read"}
	write := kit.Access{Resource: "notifications", Action: "write"}
	lists := n.Lists()
	routes := kit.ListRoutes("/api/notifications", read, lists.Notifications, notificationRow)
	routes[0].Decode = decodeNotificationList
	return append(routes, []kit.Route{
		{Method: "GET", Path: "/api/notifications/status", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: makeStatusEndpoint(n)},
		{Method: "GET", Path: "/api/notifications/{id}/deliveries", Access: read, Record: kit.Found(lists.Notifications),
			Decode: decodeRecordList, Encode: kit.EncodeList[deliveryJSON], Endpoint: makeDeliveriesEndpoint(n)},
		// What the add would reach, asked before it sends (issue 20); write, like the add.
		{Method: "GET", Path: "/api/notifications/reach", Access: write, Decode: decodeReach, Encode: kit.EncodeJSON,
			Endpoint: makeReachEndpoint(n)},
		{Method: "POST", Path: "/api/notifications", Access: write, Decode: kit.DecodeJSON[notificationForm], Encode: kit.EncodeJSON,
			Endpoint: makeCreateNotificationEndpoint(n)},
	}...)
}
