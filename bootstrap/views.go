package bootstrap

import (
	"github.com/google/wire"

	"vitrina/adapters/http/viewhttp"
	"vitrina/adapters/persistence"
	appview "vitrina/application/view"
	"vitrina/domain/identity"
	viewports "vitrina/ports/view"
)

// ViewSet is the saved views (ADR 0041): their store, the catalogue of list calls they name
// (filled by the server from its route table) and their use cases.
var ViewSet = wire.NewSet(
	persistence.NewViews, wire.Bind(new(viewports.Repository), new(*persistence.Views)),
	viewhttp.NewLists, wire.Bind(new(viewports.Lists), new(*viewhttp.Lists)),
	ProvideViewRoles, appview.NewService,
)

// ProvideViewRoles are the roles a view may be shared with: every back-office role.
func ProvideViewRoles() viewports.Roles {
	out := viewports.Roles{}
	for _, r := range identity.Roles() {
		out = append(out, string(r))
	}
	return out
}
