// Package viewports holds the saved views' ports (ADR 0041).
package viewports

import (
	"context"

	"vitrina/domain/kernel"
	"vitrina/domain/view"
	"vitrina/ports"
)

// Repository keeps saved views. Add and Update make the view the owner's only default of its
// list when it is one, in the same transaction; Update checks the version (ADR 0011).
type Repository interface {
	Add(ctx context.Context, v *view.View) error
	Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*view.View) error) (*view.View, kernel.Version, error)
	Delete(ctx context.Context, id kernel.ID, fn func(*view.View) error) error
	// Find reads one view and its version (kernel.KindNotFound when there is none).
	Find(ctx context.Context, id kernel.ID) (*view.View, kernel.Version, error)
	// Visible is one page of the views of list the viewer owns or that are shared with one
	// of its roles, by name, and their total.
	Visible(ctx context.Context, by view.Viewer, list string, page, perPage int) (ports.Page[Stored], error)
	// CountOwn counts the viewer's own views of list.
	CountOwn(ctx context.Context, owner kernel.ID, list string) (int, error)
}

// Stored is a view with its version.
type Stored struct {
	View    *view.View
	Version kernel.Version
}

// List is one list call a view may name: its name (the call's path under /api/), the access
// that call needs and what it accepts.
type List struct {
	Name     string
	Resource string // the Casbin resource; "" for any signed-in back-office account
	Action   string
	Keys     ports.ListKeys
}

// Lists are the list calls of the API, as the route table registers them.
type Lists interface {
	List(name string) (List, bool)
}

// Roles are every back-office role, the names shared_roles may use.
type Roles []string
