package push

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"vitrina/ports"
)

// ErrNotConfigured is NotConfigured's answer to every Send.
var ErrNotConfigured = errors.New("push: no provider configured (no FCM credentials file)")

// NotConfigured is the sender when no FCM credentials are set up. Configured is false, so
// callers are meant to send nothing and say so; a Send that comes anyway sends nothing,
// writes one debug line (the title and how many data fields, never the device token) and
// returns ErrNotConfigured. The error is the answer; the result beside it is transient with
// Reason "not configured", not the zero PushResult (which reads as sent), so even a caller
// that looks at the result alone never sees a delivery, nor a permanent failure that would
// drop the device.
type NotConfigured struct {
	// Log gets the debug lines; nothing is written when nil.
	Log *zap.Logger
}

var _ ports.PushSender = NotConfigured{}

// Configured is false.
func (NotConfigured) Configured() bool { return false }

// Send sends nothing and returns ErrNotConfigured.
func (n NotConfigured) Send(_ context.Context, msg ports.PushMessage) (ports.PushResult, error) {
	if n.Log != nil {
		n.Log.Debug("push not sent: no provider configured",
			zap.String("title", msg.Title), zap.Int("data_fields", len(msg.Data)))
	}
	return ports.PushResult{Outcome: ports.PushTransient, Reason: "not configured"}, ErrNotConfigured
}
