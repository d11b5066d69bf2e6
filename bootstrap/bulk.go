package bootstrap

import (
	"context"
	"slices"
	"time"

	appactivity "vitrina/application/activity"
	appcampaign "vitrina/application/campaign"
	appcatalog "vitrina/application/catalog"
	appcontent "vitrina/application/content"
	appidentity "vitrina/application/identity"
	apppartner "vitrina/application/partner"
	"vitrina/domain/audit"
	"vitrina/domain/bulk"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
	catalogports "vitrina/ports/catalog"
	contentports "vitrina/ports/content"
	identityports "vitrina/ports/identity"
	partnerports "vitrina/ports/partner"
)

// BulkPaths are where each list's bulk actions are called (issue 25, ADR 0043).
type BulkPaths map[string]string

// ProvideBulkTargets are the lists with bulk actions: what each offers, how its filter
// selects, and how each context changes a batch of its records.
func ProvideBulkTargets(partners *apppartner.Service, partnerLists partnerports.PartnerLists, catalog *appcatalog.Service,
	catalogLists catalogports.CatalogLists, users *appidentity.Service, userLists identityports.UserLists, sliders *appcontent.Service,
	contentLists contentports.ContentLists, campaigns *appcampaign.Service, campaignLists campaignports.Lists) appactivity.BulkTargets {
	active := func(state func(context.Context, kernel.ID) (bool, error), toggle func(context.Context, kernel.Principal, kernel.ID) (bool, error)) map[bulk.Action]flagSet {
		f := recordFlag{field: audit.ActiveField, state: state, toggle: toggle}
		return map[bulk.Action]flagSet{bulk.Activate: {f, true}, bulk.Deactivate: {f, false}}
	}
	named := func(kind catalogports.NamedKind, list ports.Lister[catalogports.NamedView]) appactivity.BulkTarget {
		return flagTarget(string(kind), selectOf(list, func(v catalogports.NamedView) int64 { return v.ID }),
			active(stateOf(list, func(v catalogports.NamedView) bool { return v.IsActive }),
				func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
					return catalog.ToggleNamed(ctx, kind, id)
				}))
	}
	sliderFlags := active(stateOf(contentLists.Sliders, func(v contentports.SliderView) bool { return v.IsActive }),
		func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
			return sliders.Toggle(ctx, id)
		})
	visible := recordFlag{field: "is_visible", state: stateOf(contentLists.Sliders, func(v contentports.SliderView) bool { return v.IsVisible }),
		toggle: func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
			return sliders.ToggleVisible(ctx, id)
		}}
	sliderFlags[bulk.Show], sliderFlags[bulk.Hide] = flagSet{visible, true}, flagSet{visible, false}
	return appactivity.BulkTargets{
		"countries":  named(catalogports.Countries, catalogLists.Countries),
		"categories": named(catalogports.Categories, catalogLists.Categories),
		"cities": flagTarget("cities", selectOf(catalogLists.Cities, func(v catalogports.CityView) int64 { return v.ID }),
			active(stateOf(catalogLists.Cities, func(v catalogports.CityView) bool { return v.IsActive }),
				func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
					return catalog.ToggleCity(ctx, id)
				})),
		"products": flagTarget("products", selectOf(catalogLists.Products, func(v catalogports.ProductView) int64 { return v.ID }),
			active(stateOf(catalogLists.Products, func(v catalogports.ProductView) bool { return v.IsActive }),
				func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
					return catalog.ToggleProduct(ctx, id)
				})),
		"stores": flagTarget("stores", selectOf(catalogLists.Stores, func(v catalogports.StoreView) int64 { return v.ID }),
			active(stateOf(catalogLists.Stores, func(v catalogports.StoreView) bool { return v.IsActive }),
				func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
					return catalog.ToggleStore(ctx, id)
				})),
		"users": flagTarget("users", selectOf(userLists.Users, func(v identityports.UserView) int64 { return v.ID }),
			active(stateOf(userLists.Users, func(v identityports.UserView) bool { return v.IsActive }), users.ToggleUser)),
		"campaigns": flagTarget("campaigns", selectOf(campaignLists.Campaigns, func(v campaignports.CampaignView) int64 { return v.ID }),
			active(stateOf(campaignLists.Campaigns, func(v campaignports.CampaignView) bool { return v.IsActive }),
				func(ctx context.Context, _ kernel.Principal, id kernel.ID) (bool, error) {
					return campaigns.ToggleActive(ctx, id)
				})),
		"sliders": sliderTarget(sliders, flagTarget("sliders", selectOf(contentLists.Sliders, func(v contentports.SliderView) int64 { return v.ID }), sliderFlags)),
		"campaign_partners": {Resource: "campaigns", Audited: "campaign_partners", ScopeKey: "campaign_id",
			Exists: campaignExists(campaignLists), Actions: appcampaign.PartnerBulkActions,
			Select: selectOf(campaignLists.Partners, func(v campaignports.PartnerView) int64 { return v.PartnerID }),
			Apply: func(ctx context.Context, _ kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
				return campaigns.BulkCash(ctx, r.Scope, ids, r.Cash, r.Percent, out)
			}},
		"cart_items": {Resource: "campaigns", Audited: "cart_items", ScopeKey: "campaign_id",
			Exists: campaignExists(campaignLists), Actions: appcampaign.CartBulkActions,
			Select: selectOf(campaignLists.Cart, func(v campaignports.CartItemView) int64 { return v.ID }),
			Apply: func(ctx context.Context, _ kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
				return campaigns.BulkDelivery(ctx, r.Scope, ids, r.Action == bulk.Deliver, out)
			},
			Restore: func(ctx context.Context, _ kernel.Principal, events []audit.Event, out *bulk.Outcome) error {
				return campaigns.BulkDeliveryRestore(ctx, events, out)
			}},
		"partners": {Resource: "partners", Audited: "partners", Actions: apppartner.BulkActions, Check: partners.BulkCheck,
			Batch:  5 * bulk.Batch,
			Select: partnerSelect(partnerLists.Partners),
			Apply: func(ctx context.Context, _ kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
				return partners.BulkApply(ctx, r, ids, out)
			},
			Restore: func(ctx context.Context, _ kernel.Principal, events []audit.Event, out *bulk.Outcome) error {
				return partners.BulkRestore(ctx, events, out)
			}},
	}
}

// ProvideBulkPaths are the lists' bulk calls: /api/<list>/bulk, and a campaign's partners'
// and cart's under the campaign.
func ProvideBulkPaths(targets appactivity.BulkTargets) BulkPaths {
	out := BulkPaths{"campaign_partners": "/api/campaigns/{id}/partners/bulk", "cart_items": "/api/campaigns/{id}/cart/bulk"}
	for list, t := range targets {
		if t.ScopeKey == "" {
			out[list] = "/api/" + list + "/bulk"
		}
	}
	return out
}

// partnerSelect is the partners' selection: ids straight from the partner index when the list
// has it (ADR 0035), else the list's stream.
func partnerSelect(list ports.Lister[partnerports.PartnerView]) func(context.Context, ports.ListQuery, func(kernel.ID) error) error {
	if ix, ok := list.(interface {
		Select(ctx context.Context, q ports.ListQuery, fn func(int64) error) error
	}); ok {
		return func(ctx context.Context, q ports.ListQuery, fn func(kernel.ID) error) error {
			return ix.Select(ctx, q, func(id int64) error { return fn(kernel.ID(id)) })
		}
	}
	return selectOf(list, func(v partnerports.PartnerView) int64 { return v.ID })
}

// selectOf is a list's selection: the id of each row its query matches, streamed.
func selectOf[V any](list interface {
	Stream(ctx context.Context, q ports.ListQuery, fn func(V) error) error
}, id func(V) int64) func(context.Context, ports.ListQuery, func(kernel.ID) error) error {
	return func(ctx context.Context, q ports.ListQuery, fn func(kernel.ID) error) error {
		return list.Stream(ctx, q, func(v V) error { return fn(kernel.ID(id(v))) })
	}
}

// stateOf reads one flag of a record through its list.
func stateOf[V any](list ports.Lister[V], flag func(V) bool) func(context.Context, kernel.ID) (bool, error) {
	return func(ctx context.Context, id kernel.ID) (bool, error) {
		v, err := list.Find(ctx, id)
		if err != nil {
			return false, err
		}
		return flag(v), nil
	}
}

func campaignExists(lists campaignports.Lists) func(context.Context, kernel.ID) error {
	return func(ctx context.Context, id kernel.ID) error {
		_, err := lists.Campaigns.Find(ctx, id)
		return err
	}
}

// recordFlag is a yes/no field of a record changed by its context's own toggle, which applies the
// record's rules (a category in use is not deactivated: 435) and records the change.
type recordFlag struct {
	field  string
	state  func(ctx context.Context, id kernel.ID) (bool, error)
	toggle func(ctx context.Context, p kernel.Principal, id kernel.ID) (bool, error)
}

// flagSet is an action that sets a flag on or off.
type flagSet struct {
	flag recordFlag
	on   bool
}

// set puts the flag of id to on unless it is so already; a toggle that finds it flipped
// meanwhile by another save flips it back (the record was already as asked).
func (f recordFlag) set(ctx context.Context, p kernel.Principal, id kernel.ID, on bool) (bool, error) {
	cur, err := f.state(ctx, id)
	if err != nil || cur == on {
		return false, err
	}
	now, err := f.toggle(ctx, p, id)
	if err != nil {
		return false, err
	}
	if now != on {
		_, err = f.toggle(ctx, p, id)
		return false, err
	}
	return true, nil
}

// flagTarget is a list whose bulk actions set flags through each record's toggle, one
// record at a time inside the batch's transaction: its lists are small (the catalog, users,
// campaigns, sliders). Its undo sets each flag back where it is still what the action left.
func flagTarget(resource string, sel func(context.Context, ports.ListQuery, func(kernel.ID) error) error, actions map[bulk.Action]flagSet) appactivity.BulkTarget {
	offered := make([]bulk.Action, 0, len(actions))
	for _, a := range []bulk.Action{bulk.Deactivate, bulk.Activate, bulk.Show, bulk.Hide} {
		if _, ok := actions[a]; ok {
			offered = append(offered, a)
		}
	}
	flags := map[string]recordFlag{}
	for _, fs := range actions {
		flags[fs.flag.field] = fs.flag
	}
	return appactivity.BulkTarget{Resource: resource, Audited: resource, Actions: offered, Select: sel,
		Apply: func(ctx context.Context, p kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
			fs := actions[r.Action]
			for _, id := range ids {
				changed, err := fs.flag.set(ctx, p, id, fs.on)
				if err := out.Count(id, changed, err); err != nil {
					return err
				}
			}
			return nil
		},
		Restore: func(ctx context.Context, p kernel.Principal, events []audit.Event, out *bulk.Outcome) error {
			for _, e := range events {
				if err := out.Count(e.RecordID, true, restoreFlags(ctx, p, flags, e)); err != nil {
					return err
				}
			}
			return nil
		}}
}

// sliderTarget is the sliders' flags with adding and taking out a category, through the
// slider's own save; a category's undo goes through the slider's revert (the log's).
func sliderTarget(sliders *appcontent.Service, flags appactivity.BulkTarget) appactivity.BulkTarget {
	t := flags
	t.Actions = append(slices.Clone(flags.Actions), bulk.AddCategory, bulk.RemoveCategory)
	t.Check = sliders.BulkCategoryCheck
	t.Apply = func(ctx context.Context, p kernel.Principal, r bulk.Request, ids []kernel.ID, out *bulk.Outcome) error {
		if r.Action == bulk.AddCategory || r.Action == bulk.RemoveCategory {
			return sliders.BulkCategory(ctx, r, ids, out)
		}
		return flags.Apply(ctx, p, r, ids, out)
	}
	t.Restore = nil // the undo of flags and of categories alike: each event through the slider's revert
	return t
}

// restoreFlags sets back the flags e changed, where the record still holds what e left.
func restoreFlags(ctx context.Context, p kernel.Principal, flags map[string]recordFlag, e audit.Event) error {
	src := ports.AuditSourceOf(ctx)
	src.Reverts = e.ID
	ctx = ports.WithAuditSource(ctx, src)
	for _, c := range e.Changes {
		f, ok := flags[c.Field]
		if !ok || c.To == nil || c.From == nil {
			continue
		}
		cur, err := f.state(ctx, e.RecordID)
		if err != nil {
			return err
		}
		if cur != (*c.To == "true") {
			return audit.ErrChangedSince
		}
		if _, err := f.set(ctx, p, e.RecordID, *c.From == "true"); err != nil {
			return err
		}
	}
	return nil
}

// DefaultUndoWindow is VITRINA_UNDO_WINDOW's default.
const DefaultUndoWindow = 30 * time.Minute

// ProvideBulk is the bulk actions' runner, undone within VITRINA_UNDO_WINDOW.
func ProvideBulk(cfg Config, act *appactivity.Service, runs appactivity.Runs, locks ports.Locks, clock ports.Clock,
	targets appactivity.BulkTargets) *appactivity.Bulk {
	window := cfg.UndoWindow
	if window == 0 {
		window = DefaultUndoWindow
	}
	return appactivity.NewBulk(act, runs, locks, clock, targets, window)
}
