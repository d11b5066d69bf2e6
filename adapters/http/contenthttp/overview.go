package contenthttp

import (
	"context"
	"time"

	"vitrina/adapters/http/kit"
	contentports "vitrina/ports/content"
)

// The home page's push figures (issue 25, ADR 0042).

type failureReasonJSON struct {
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

type pushWeekJSON struct {
	Since         time.Time           `json:"since"`
	FromID        int64               `json:"from_id"` // the notifications list's id >= from_id holds exactly these
	Notifications int                 `json:"notifications"`
	Devices       int64               `json:"devices"`
	Delivered     int64               `json:"delivered"`
	Failed        int64               `json:"failed"`
	Pending       int64               `json:"pending"`
	NotConfigured int64               `json:"not_configured"`
	Reasons       []failureReasonJSON `json:"reasons"`
}

// FigureRoutes are the push figures of the home page; reading them needs read on
// notifications, as their list does.
func FigureRoutes(figures contentports.PushFigures) []kit.Route {
	read := kit.Access{Resource: "notifications", Action: "read"}
	return []kit.Route{
		{Method: "GET", Path: "/api/overview/push", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				w, err := figures.Week(ctx)
				if err != nil {
					return nil, err
				}
				out := pushWeekJSON{Since: w.Since.UTC(), FromID: w.FirstID, Notifications: w.Notifications, Devices: w.Devices,
					Delivered: w.Delivered, Failed: w.Failed, Pending: w.Pending, NotConfigured: w.NotConfigured,
					Reasons: make([]failureReasonJSON, 0, len(w.Reasons))}
				for _, r := range w.Reasons {
					out.Reasons = append(out.Reasons, failureReasonJSON{Reason: r.Reason, Count: r.Count})
				}
				return out, nil
			}},
	}
}
