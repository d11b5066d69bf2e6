package persistence

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

// NotificationStore is the push notifications' outbox (migration 13, ADR 0022): the
// notifications with their figures, one delivery per device they target, and the claims
// on them (notifications_claims.go).
type NotificationStore struct {
	db   *bun.DB
	held *heldLeases
}

var _ contentports.Outbox = (*NotificationStore)(nil)

// NewNotificationStore returns the outbox over db.
func NewNotificationStore(db *bun.DB) *NotificationStore {
	return &NotificationStore{db: db, held: newHeldLeases()}
}

// nullID is NULL for 0.
func nullID(id kernel.ID) any {
	if id == 0 {
		return nil
	}
	return int64(id)
}

// Enqueue writes the notification, its categories and its deliveries: one INSERT … SELECT
// over the devices of the active partners in the categories, so a fan-out to 100,000
// devices is one statement; when they are to be sent, a cursor over them hands them out.
func (s *NotificationStore) Enqueue(ctx context.Context, n content.Notification, sentBy kernel.ID, configured bool) (kernel.ID, error) {
	var id int64
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		now := n.CreatedAt.UTC()
		if err := c.NewRaw("INSERT INTO notifications (subject, subject_fold, notification_text, text_fold, slider_id, sent_by, created_at) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id", n.Subject, fold(n.Subject), n.Text, fold(n.Text), nullID(n.SliderID),
			nullID(sentBy), now).Scan(ctx, &id); err != nil {
			return err
		}
		values := make([]any, 0, 2*len(n.Categories))
		rows := ""
		for i, cat := range n.Categories {
			if i > 0 {
				rows += ", "
			}
			rows += "(?, ?)"
			values = append(values, id, int64(cat))
		}
		if rows != "" {
			if _, err := c.NewRaw("INSERT INTO notification_categories (notification_id, category_id) VALUES "+rows, values...).Exec(ctx); err != nil {
				return err
			}
		}
		state := content.Pending
		if !configured {
			state = content.NotConfigured
		}
		res, err := c.NewRaw("INSERT INTO deliveries (notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at) "+
			"SELECT ?, d.partner_id, d.token, d.platform, ?, 0, ?, '', ? FROM devices AS d JOIN partners AS p ON p.id = d.partner_id "+
			"WHERE p.is_active = TRUE AND d.partner_id IN ("+partnersInCategories+") "+
			"ORDER BY d.partner_id, d.token", id, string(state), now, now, bun.List(ids64(n.Categories))).Exec(ctx)
		if err != nil {
			return err
		}
		devices, err := res.RowsAffected()
		if err != nil {
			return err
		}
		final := int64(0)
		if !configured {
			final = devices
		}
		if _, err = c.NewRaw("UPDATE notifications SET devices = ?, attempted = ?, not_configured = ? WHERE id = ?", devices, final, final, id).Exec(ctx); err != nil {
			return err
		}
		var written struct {
			First    int64 `bun:"first"`
			Last     int64 `bun:"last"`
			Partners int64 `bun:"partners"`
		}
		if err := c.NewRaw("SELECT coalesce(min(id), 0) AS first, coalesce(max(id), 0) AS last, COUNT(DISTINCT partner_id) AS partners "+
			"FROM deliveries WHERE notification_id = ?", id).Scan(ctx, &written); err != nil {
			return err
		}
		partners := written.Partners
		if configured && devices > 0 {
			if _, err := c.NewRaw("INSERT INTO delivery_cursors (notification_id, after_id, last_id) VALUES (?, ?, ?)",
				id, written.First-1, written.Last).Exec(ctx); err != nil {
				return err
			}
		}
		// The send (ADR 0031): what was sent, to which categories, and whom it reached.
		after := audit.Snapshot{}.Text("subject", n.Subject).Text("notification_text", n.Text).Text("categories", idList(n.Categories)).
			ID("slider_id", n.SliderID).Int("partners", partners).Int("devices", devices)
		recordEvent(ctx, audit.Event{Resource: "notifications", RecordID: kernel.ID(id), Action: audit.ActionSend, Changes: audit.Diff(nil, after)})
		return nil
	})
	return kernel.ID(id), err
}

// partnersInCategories is the targeting of a notification (content.Targets): the partners in
// any of the categories bound to its one parameter. Enqueue and Reach share it.
const partnersInCategories = "SELECT pc.partner_id FROM partner_categories AS pc WHERE pc.category_id IN (?)"

// Reach counts the active partners a notification to categories targets and their devices,
// with Enqueue's targeting.
func (s *NotificationStore) Reach(ctx context.Context, categories []kernel.ID) (contentports.Reach, error) {
	var out struct {
		Partners int64 `bun:"partners"`
		Devices  int64 `bun:"devices"`
	}
	ids := bun.List(ids64(categories))
	err := conn(ctx, s.db).NewRaw("SELECT (SELECT COUNT(*) FROM partners AS p WHERE p.is_active = TRUE AND p.id IN ("+partnersInCategories+")) AS partners, "+
		"(SELECT COUNT(*) FROM devices AS d JOIN partners AS p ON p.id = d.partner_id WHERE p.is_active = TRUE AND d.partner_id IN ("+partnersInCategories+")) AS devices",
		ids, ids).Scan(ctx, &out)
	return contentports.Reach{Partners: out.Partners, Devices: out.Devices}, err
}

func ids64(ids []kernel.ID) []int64 {
	out := make([]int64, len(ids))
	for i, id := range ids {
		out[i] = int64(id)
	}
	return out
}

// claimedRow is a retry a claim leased.
type claimedRow struct {
	ID             int64  `bun:"id"`
	NotificationID int64  `bun:"notification_id"`
	Token          string `bun:"token"`
	Attempts       int    `bun:"attempts"`
}

// Messages reads the notifications' subject, text and slider.
func (s *NotificationStore) Messages(ctx context.Context, ids []kernel.ID) (map[kernel.ID]contentports.Message, error) {
	out := make(map[kernel.ID]contentports.Message, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID       int64  `bun:"id"`
		Subject  string `bun:"subject"`
		Text     string `bun:"notification_text"`
		SliderID *int64 `bun:"slider_id"`
	}
	if err := conn(ctx, s.db).NewRaw("SELECT id, subject, notification_text, slider_id FROM notifications WHERE id IN (?)",
		bun.List(ids64(ids))).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		m := contentports.Message{Subject: r.Subject, Text: r.Text}
		if r.SliderID != nil {
			m.SliderID = kernel.ID(*r.SliderID)
		}
		out[kernel.ID(r.ID)] = m
	}
	return out, nil
}

// outcomeGroup is outcomes one UPDATE records: the same notification, attempts before,
// final state and reason.
type outcomeGroup struct {
	notification kernel.ID
	attempts     int
	state        content.DeliveryState
	reason       string
	released     bool
}

type figures struct{ attempted, delivered, failed int64 }

// Record saves the outcomes: final ones and releases a group per UPDATE, retries one by one
// (each has its own next attempt), then the figures per notification in id order, then the
// dead tokens' devices, then the end of each lease of this store whose last delivery they
// account for. A first attempt given back needs no write of its own: its lease ends now.
func (s *NotificationStore) Record(ctx context.Context, outcomes []contentports.Recorded, now time.Time) error {
	if len(outcomes) == 0 {
		return nil
	}
	now = now.UTC()
	_, inCallersTx := ctx.Value(txKey{}).(bun.Tx)
	ending := s.held.ending(outcomes)
	err := NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		// On SQLite the deliveries are found by their key whatever the statistics say: with
		// statistics gathered while the table was empty, the planner scanned an index of
		// every pending delivery for each group.
		byID := "deliveries"
		if IsSQLite(s.db) {
			byID = "deliveries NOT INDEXED"
		}
		groups := map[outcomeGroup][]int64{}
		var order []outcomeGroup
		counts := map[kernel.ID]*figures{}
		var dead []string
		var tokens map[int64]string // of the failures whose reason may quote them
		count := func(id kernel.ID) *figures {
			f := counts[id]
			if f == nil {
				f = &figures{}
				counts[id] = f
			}
			return f
		}
		for _, o := range outcomes {
			if o.DropToken {
				dead = append(dead, o.Token)
			}
			if !o.Released && o.State == content.Pending {
				res, err := c.NewRaw("UPDATE "+byID+" SET attempts = attempts + 1, next_at = ?, reason = ?, updated_at = ? "+
					"WHERE id = ? AND state = 'pending' AND attempts = ?", o.NextAt.UTC(), o.Reason, now, int64(o.ID), o.Attempts).Exec(ctx)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n > 0 && o.Attempts == 0 {
					count(o.NotificationID).attempted += n
				}
				continue
			}
			if o.Released && o.Attempts == 0 {
				continue // a lease's: due again when the lease ends
			}
			g := outcomeGroup{notification: o.NotificationID, attempts: o.Attempts, state: o.State, reason: o.Reason, released: o.Released}
			if o.Released {
				g.state, g.reason = content.Pending, ""
			}
			if g.reason != "" && !g.released {
				if tokens == nil {
					tokens = map[int64]string{}
				}
				tokens[int64(o.ID)] = o.Token
			}
			if _, ok := groups[g]; !ok {
				order = append(order, g)
			}
			groups[g] = append(groups[g], int64(o.ID))
		}
		for _, g := range order {
			ids := groups[g]
			if g.released {
				if _, err := c.NewRaw("UPDATE "+byID+" SET next_at = ? WHERE id IN (?) AND state = 'pending' AND attempts = ?",
					now, bun.List(ids), g.attempts).Exec(ctx); err != nil {
					return err
				}
				continue
			}
			var moved []movedDelivery
			if err := c.NewRaw("UPDATE "+byID+" SET state = ?, attempts = attempts + 1, reason = ?, updated_at = ? "+
				"WHERE id IN (?) AND state = 'pending' AND attempts = ? RETURNING id, partner_id, platform",
				string(g.state), g.reason, now, bun.List(ids), g.attempts).Scan(ctx, &moved); err != nil {
				return err
			}
			n := int64(len(moved))
			recordOutcomes(ctx, g, moved, tokens)
			f := count(g.notification)
			if g.attempts == 0 {
				f.attempted += n
			}
			if g.state == content.Delivered {
				f.delivered += n
			} else {
				f.failed += n
			}
		}
		ids := make([]kernel.ID, 0, len(counts))
		for id := range counts {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			f := counts[id]
			if *f == (figures{}) {
				continue
			}
			if _, err := c.NewRaw("UPDATE notifications SET attempted = attempted + ?, delivered = delivered + ?, failed = failed + ? WHERE id = ?",
				f.attempted, f.delivered, f.failed, int64(id)).Exec(ctx); err != nil {
				return err
			}
		}
		if len(dead) > 0 {
			var gone []removedDevice
			if err := c.NewRaw("DELETE FROM devices WHERE token IN (?) RETURNING partner_id, platform", bun.List(dead)).Scan(ctx, &gone); err != nil {
				return err
			}
			for _, d := range gone {
				recordDeviceGone(ctx, kernel.ID(d.PartnerID), d.Platform)
			}
		}
		for _, l := range ending {
			q := c.NewRaw("DELETE FROM delivery_leases WHERE id = ? AND holder = ?", l.id, l.holder)
			if l.released {
				q = c.NewRaw("UPDATE delivery_leases SET until = ? WHERE id = ? AND holder = ?", now, l.id, l.holder)
			}
			if _, err := q.Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && !inCallersTx {
		s.held.recorded(outcomes)
	}
	return err
}

// movedDelivery is a delivery a final outcome moved, as its UPDATE returns it.
type movedDelivery struct {
	ID        int64  `bun:"id"`
	PartnerID int64  `bun:"partner_id"`
	Platform  string `bun:"platform"`
}

// The values every delivery's event shares: its state before, and the states it ends in.
var (
	pendingText   = string(content.Pending)
	deliveredText = string(content.Delivered)
	failedText    = string(content.Failed)
)

// recordOutcomes records one `send` event per delivery a final outcome moved (ADR 0031,
// "Push deliveries and devices"): the system's, on the delivery with its notification as
// parent and its partner's id (the partner's timeline), the state pending → delivered or
// failed, the attempts, the reason of a failure and the platform for context. Never the
// token: a reason that quotes it has it cut out. Retries and releases are not outcomes and
// record nothing.
func recordOutcomes(ctx context.Context, g outcomeGroup, moved []movedDelivery, tokens map[int64]string) {
	if len(moved) == 0 {
		return
	}
	state := &deliveredText
	if g.state != content.Delivered {
		state = &failedText
	}
	from, to := strconv.Itoa(g.attempts), strconv.Itoa(g.attempts+1)
	parent := audit.Ref{Resource: "notifications", ID: g.notification}
	for _, d := range moved {
		changes := make([]audit.Change, 0, 4)
		changes = append(changes, audit.Change{Field: "attempts", From: &from, To: &to}, unchanged("platform", d.Platform))
		if g.reason != "" {
			reason := g.reason
			if tok := tokens[d.ID]; tok != "" && strings.Contains(reason, tok) {
				reason = strings.ReplaceAll(reason, tok, "…")
			}
			changes = append(changes, audit.Change{Field: "reason", To: &reason})
		}
		changes = append(changes, audit.Change{Field: "state", From: &pendingText, To: state})
		recordEvent(ctx, audit.Event{Resource: "deliveries", RecordID: kernel.ID(d.ID), Parent: &parent,
			PartnerID: kernel.ID(d.PartnerID), Action: audit.ActionSend, Changes: changes})
	}
}

type notificationViewRow struct {
	ID             int64     `bun:"id"`
	Subject        string    `bun:"subject"`
	Text           string    `bun:"notification_text"`
	CategoriesJSON string    `bun:"categories_json"`
	SliderID       *int64    `bun:"slider_id"`
	SentBy         *string   `bun:"sent_by"`
	CreatedAt      time.Time `bun:"created_at"`
	Devices        int64     `bun:"devices"`
	Attempted      int64     `bun:"attempted"`
	Delivered      int64     `bun:"delivered"`
	Failed         int64     `bun:"failed"`
	NotConfigured  int64     `bun:"not_configured"`
	totalRow
}

func (r *notificationViewRow) view() contentports.NotificationView {
	v := contentports.NotificationView{ID: r.ID, Subject: r.Subject, Text: r.Text, Categories: []contentports.Ref{}, SliderID: r.SliderID,
		SentBy: r.SentBy, CreatedAt: r.CreatedAt, Devices: r.Devices, Attempted: r.Attempted, Delivered: r.Delivered, Failed: r.Failed,
		NotConfigured: r.NotConfigured}
	var cats []contentports.Ref
	if json.Unmarshal([]byte(r.CategoriesJSON), &cats) == nil {
		v.Categories = append(v.Categories, cats...)
	}
	return v
}

// notificationSpec is the notifications screen: the newest first unless asked otherwise,
// "contains" filters on the subject, the text, the categories and the sender.
func notificationSpec(sqlite bool) ListSpec {
	categories, categoryNames := linkedCategories(sqlite, "notification_categories", "notification_id", "n.id")
	return ListSpec{
		Fields: map[string]Field{
			"id":                number("n.id", 1),
			"subject":           text("n.subject_fold"),
			"notification_text": text("n.text_fold"),
			"category_names": {Sort: categoryNames, Fold: "c.name_fold", Nullable: true,
				Within: "n.id IN (SELECT nc.notification_id FROM notification_categories AS nc WHERE nc.category_id IN (SELECT c.id FROM categories AS c WHERE %s))"},
			"sent_by":    text("u.name_fold").joined().nullable(),
			"created_at": sortOnly("n.created_at"),
			"devices":    number("n.devices", 1),
			"delivered":  number("n.delivered", 1),
			"failed":     number("n.failed", 1),
			"pending":    sortOnly("(n.devices - n.delivered - n.failed - n.not_configured)"),
		},
		DefaultSort: "created_at",
		IDExpr:      "n.id",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("notifications AS n").Join("LEFT JOIN users AS u ON u.id = n.sent_by")
		},
		CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("notifications AS n") },
		Columns: "n.id, n.subject, n.notification_text, " + categories + " AS categories_json, n.slider_id, u.name AS sent_by, n.created_at, " +
			"n.devices, n.attempted, n.delivered, n.failed, n.not_configured",
	}
}

type deliveryViewRow struct {
	ID          int64     `bun:"id"`
	PartnerID   int64     `bun:"partner_id"`
	PartnerName string    `bun:"partner_name"`
	Platform    string    `bun:"platform"`
	State       string    `bun:"state"`
	Attempts    int       `bun:"attempts"`
	Reason      string    `bun:"reason"`
	UpdatedAt   time.Time `bun:"updated_at"`
	totalRow
}

func (r *deliveryViewRow) view() contentports.DeliveryView {
	return contentports.DeliveryView{ID: r.ID, PartnerID: r.PartnerID, PartnerName: r.PartnerName, Platform: r.Platform,
		State: content.DeliveryState(r.State), Attempts: r.Attempts, Reason: r.Reason, UpdatedAt: r.UpdatedAt}
}

// deliverySpec is the deliveries of a notification (scope "notification_id"), never their
// tokens: a state is a yes/no filter each (`failed=1`), which the (notification, state)
// index serves.
func deliverySpec() ListSpec {
	return ListSpec{
		Fields: map[string]Field{
			"id":             number("d.id", 1),
			"partner_name":   text("p.name_fold").joined(),
			"platform":       text("d.platform"),
			"state":          sortOnly("d.state"),
			"attempts":       number("d.attempts", 1),
			"updated_at":     sortOnly("d.updated_at"),
			"reason":         text("d.reason"),
			"pending":        {Flag: "d.state = 'pending'"},
			"delivered":      {Flag: "d.state = 'delivered'"},
			"failed":         {Flag: "d.state = 'failed'"},
			"not_configured": {Flag: "d.state = 'not_configured'"},
		},
		DefaultSort: "id",
		IDExpr:      "d.id",
		From: func(db bun.IDB) *bun.SelectQuery {
			return db.NewSelect().TableExpr("deliveries AS d").Join("JOIN partners AS p ON p.id = d.partner_id")
		},
		CountFrom: func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().TableExpr("deliveries AS d") },
		Columns:   "d.id, d.partner_id, p.name AS partner_name, d.platform, d.state, d.attempts, d.reason, d.updated_at",
		Scopes:    map[string]string{"notification_id": "d.notification_id"},
	}
}

// NewNotificationLists returns the push notifications screen's lists.
func NewNotificationLists(db *bun.DB) contentports.NotificationLists {
	return contentports.NotificationLists{
		Notifications: NewLister(db, notificationSpec(IsSQLite(db)), "notifications", "notification", (*notificationViewRow).view),
		Deliveries:    NewLister(db, deliverySpec(), "deliveries", "delivery", (*deliveryViewRow).view),
	}
}
