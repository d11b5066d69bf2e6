// Package view holds the saved views' use cases (ADR 0041): a user's own views of the lists
// it may read, and the views shared with its roles, read-only.
package view

import (
	"context"

	"vitrina/domain/kernel"
	"vitrina/domain/view"
	"vitrina/ports"
	viewports "vitrina/ports/view"
)

// ErrListForbidden answers a view of a list the caller may not read.
var ErrListForbidden = kernel.NewError(kernel.KindForbidden, "view-list-forbidden", "You may not read this list.")

// Service is the saved views' use cases.
type Service struct {
	store viewports.Repository
	lists viewports.Lists
	authz ports.Authorizer
	clock ports.Clock
	roles viewports.Roles
}

// NewService returns the saved views' use cases: lists are the API's list calls, roles every
// role a view may be shared with.
func NewService(store viewports.Repository, lists viewports.Lists, authz ports.Authorizer, clock ports.Clock, roles viewports.Roles) *Service {
	return &Service{store: store, lists: lists, authz: authz, clock: clock, roles: roles}
}

// Saved is a view as its reader gets it: its state held to what its list accepts now, the
// filters (and sort) left out for that, and whether the reader may change it.
type Saved struct {
	View     *view.View
	Version  kernel.Version
	State    view.State
	Dropped  []string
	ReadOnly bool
}

// list is the list call name names, if by may read it, and its schema.
func (s *Service) list(by view.Viewer, name string) (viewports.List, view.Schema, error) {
	l, ok := s.lists.List(name)
	if !ok {
		return viewports.List{}, view.Schema{}, view.ErrUnknownList
	}
	if l.Resource != "" {
		allowed, err := s.authz.Allowed(by.Roles, l.Resource, l.Action)
		if err != nil {
			return l, view.Schema{}, err
		}
		if !allowed {
			return l, view.Schema{}, ErrListForbidden
		}
	}
	return l, view.Schema{List: name, Filters: l.Keys.Filters, Sorts: l.Keys.Sorts}, nil
}

func (s *Service) saved(by view.Viewer, v *view.View, version kernel.Version, schema view.Schema) Saved {
	state, dropped := v.Reconciled(schema)
	return Saved{View: v, Version: version, State: state, Dropped: dropped, ReadOnly: v.MayChange(by) != nil}
}

// List is one page of the views of list that by owns or that are shared with its roles.
func (s *Service) List(ctx context.Context, by view.Viewer, list string, page, perPage int) (ports.Page[Saved], error) {
	_, schema, err := s.list(by, list)
	if err != nil {
		return ports.Page[Saved]{}, err
	}
	stored, err := s.store.Visible(ctx, by, list, page, perPage)
	if err != nil {
		return ports.Page[Saved]{}, err
	}
	out := ports.Page[Saved]{Total: stored.Total, Items: make([]Saved, 0, len(stored.Items))}
	for _, st := range stored.Items {
		out.Items = append(out.Items, s.saved(by, st.View, st.Version, schema))
	}
	return out, nil
}

// Visible answers nil when by sees the view, else not found: another user's view that is
// not shared with it is as unknown as a missing one.
func (s *Service) Visible(ctx context.Context, by view.Viewer, id kernel.ID) error {
	v, _, err := s.store.Find(ctx, id)
	if err != nil {
		return err
	}
	if !v.VisibleTo(by) {
		return kernel.NotFound("view")
	}
	return nil
}

// Create saves a new view of list; query is its state as the list call reads it, checked by
// the list itself (numbers, flags, sort).
func (s *Service) Create(ctx context.Context, by view.Viewer, list string, in view.Input, query ports.ListQuery) (Saved, error) {
	l, schema, err := s.list(by, list)
	if err != nil {
		return Saved{}, err
	}
	v, err := view.New(by, schema, in, s.roles, s.clock.Now())
	if err != nil {
		return Saved{}, err
	}
	if err := checkQuery(l, query); err != nil {
		return Saved{}, err
	}
	if err := s.store.Add(ctx, v); err != nil {
		return Saved{}, err
	}
	return s.saved(by, v, 1, schema), nil
}

// Update changes a view at the version the client loaded (409 when stale); only its owner
// (or an admin it is shared with) may.
func (s *Service) Update(ctx context.Context, by view.Viewer, id kernel.ID, expected kernel.Version, in view.Input, query ports.ListQuery) (Saved, error) {
	var schema view.Schema
	v, version, err := s.store.Update(ctx, id, expected, func(v *view.View) error {
		if !v.VisibleTo(by) {
			return kernel.NotFound("view")
		}
		if err := v.MayChange(by); err != nil {
			return err
		}
		var l viewports.List
		var err error
		if l, schema, err = s.list(by, v.List()); err != nil {
			return err
		}
		if err := v.Edit(by, schema, in, s.roles, s.clock.Now()); err != nil {
			return err
		}
		return checkQuery(l, query)
	})
	if err != nil {
		return Saved{}, err
	}
	return s.saved(by, v, version, schema), nil
}

// Delete removes a view its owner (or an admin it is shared with) may remove.
func (s *Service) Delete(ctx context.Context, by view.Viewer, id kernel.ID) error {
	return s.store.Delete(ctx, id, func(v *view.View) error {
		if !v.VisibleTo(by) {
			return kernel.NotFound("view")
		}
		return v.MayChange(by)
	})
}

// checkQuery is the list's own check of a view's state, its failures under the view's
// fields: a filter's under state.filters.<key>, the sort's under state.sort.
func checkQuery(l viewports.List, q ports.ListQuery) error {
	if l.Keys.Check == nil {
		return nil
	}
	err := l.Keys.Check(q)
	e, ok := err.(*kernel.Error)
	if err == nil || !ok || e.Kind != kernel.KindInvalid {
		return err
	}
	var v kernel.Validation
	for field, msgs := range e.Fields {
		key := "state.filters." + field
		if field == "sort" {
			key = "state.sort"
		}
		for _, m := range msgs {
			v.Add(key, m)
		}
	}
	return v.Err()
}

// ViewerOf is the viewer a principal is.
func ViewerOf(p kernel.Principal) view.Viewer {
	return view.Viewer{UserID: p.UserID, Roles: p.Roles}
}
