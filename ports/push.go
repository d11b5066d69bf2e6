package ports

import (
	"context"
	"time"
)

// PushMessage is one push notification to one device (issue 13).
type PushMessage struct {
	// Token is the device's registration token.
	Token string
	Title string
	Body  string
	// Data is delivered to the app beside the notification (e.g. "slider_id": "7").
	Data map[string]string
}

// PushOutcome is how the provider answered one message.
type PushOutcome int

const (
	// PushSent: the provider took the message.
	PushSent PushOutcome = iota
	// PushTransient: try again later (HTTP 429, 5xx, a timeout, a broken connection).
	PushTransient
	// PushPermanent: never again; DeadToken says whether the device's token is the cause
	// (unregistered, invalid, another sender's) or the message or the account is.
	PushPermanent
)

// PushResult is the provider's answer to one message.
type PushResult struct {
	Outcome PushOutcome
	// RetryAfter is the provider's Retry-After, when it gave one (transient failures).
	RetryAfter time.Duration
	// DeadToken is true when the device's token will never work again: its device is to be
	// forgotten. Only a permanent failure has it.
	DeadToken bool
	// Reason is a short, loggable cause of a failure ("UNREGISTERED", "HTTP 503",
	// "timeout"); never a token or a credential.
	Reason string
}

// PushSender sends push messages through a provider (Firebase Cloud Messaging HTTP v1 in
// production). Send answers every message it was given an outcome; its error is for a
// failure that is not the message's (the context ended). It is safe for concurrent use.
type PushSender interface {
	Send(ctx context.Context, msg PushMessage) (PushResult, error)
	// Configured is false when no provider is set up: nothing is sent and nothing claims a
	// delivery.
	Configured() bool
}
