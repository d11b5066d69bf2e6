package identity

import (
	"context"

	"vitrina/domain/audit"
	"vitrina/domain/kernel"
	identityports "vitrina/ports/identity"
)

// Sessions one can see and end (issue 23): the own ones from the profile, another user's
// from the users screen (an admin's action: the route's rule). Ending a session deletes its
// row, so its token answers 401 at the next request, through any replica.

// SessionView is a session as the lists answer it.
type SessionView struct {
	identityports.SessionInfo
	Current bool
}

// errNoSuchSession answers ending a session the account does not have.
var errNoSuchSession = kernel.NotFound("session")

// Sessions are the caller's open panel sessions, the current one marked.
func (s *Service) Sessions(ctx context.Context, p kernel.Principal) ([]SessionView, error) {
	return s.sessionsOf(ctx, p, p.UserID)
}

// UserSessions are another user's open panel sessions.
func (s *Service) UserSessions(ctx context.Context, p kernel.Principal, id kernel.ID) ([]SessionView, error) {
	return s.sessionsOf(ctx, p, id)
}

func (s *Service) sessionsOf(ctx context.Context, p kernel.Principal, id kernel.ID) ([]SessionView, error) {
	list, err := s.mfa.Sessions.List(ctx, id, s.clock.Now())
	if err != nil {
		return nil, err
	}
	out := make([]SessionView, 0, len(list))
	for _, info := range list {
		out = append(out, SessionView{SessionInfo: info, Current: info.TokenHash == p.TokenHash})
	}
	return out, nil
}

// EndSession ends one of the caller's sessions by its id (the current one too: a sign-out).
func (s *Service) EndSession(ctx context.Context, p kernel.Principal, id string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		ok, err := s.mfa.Sessions.End(ctx, p.UserID, id)
		if err != nil {
			return err
		}
		if !ok {
			return errNoSuchSession
		}
		return s.audit.Record(ctx, audit.Event{Resource: usersResource, RecordID: p.UserID, Action: audit.ActionSignOut})
	})
}

// EndOtherSessions ends every session of the caller but the current one.
func (s *Service) EndOtherSessions(ctx context.Context, p kernel.Principal) error {
	return s.endAll(ctx, p.UserID, p.TokenHash)
}

// EndUserSessions ends every session of the user id, both kinds (the caller's current one
// stays, should id be the caller).
func (s *Service) EndUserSessions(ctx context.Context, p kernel.Principal, id kernel.ID) error {
	return s.endAll(ctx, id, p.TokenHash)
}

func (s *Service) endAll(ctx context.Context, id kernel.ID, except string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.sessions.RevokeUser(ctx, id, except); err != nil {
			return err
		}
		return s.audit.Record(ctx, audit.Event{Resource: usersResource, RecordID: id, Action: audit.ActionSignOut})
	})
}
