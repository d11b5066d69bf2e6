package persistence

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/audit"
	"vitrina/domain/content"
	"vitrina/domain/kernel"
	contentports "vitrina/ports/content"
)

// DeviceStore keeps partners' devices (migration 12).
type DeviceStore struct{ db *bun.DB }

var _ contentports.DeviceRepository = (*DeviceStore)(nil)

// NewDeviceStore returns the device store.
func NewDeviceStore(db *bun.DB) *DeviceStore { return &DeviceStore{db: db} }

// Register upserts the token for the partner and keeps its MaxDevicesPerPartner newest. On
// PostgreSQL the partner's row is held meanwhile, so two registrations of one partner take
// turns and the cap holds (SQLite's writers take turns anyway). What it changed is recorded
// in the same transaction (ADR 0031, "Push deliveries and devices"): a new device `create`,
// a platform changed `edit`, a token taken from another partner `deactivate` on that
// partner, and every device the cap evicts `deactivate`; registering the same device again
// records nothing. The token is only ever "changed".
func (s *DeviceStore) Register(ctx context.Context, partnerID kernel.ID, d content.Device, now time.Time) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		lock := ""
		if !IsSQLite(s.db) {
			if _, err := c.NewRaw("SELECT 1 FROM partners WHERE id = ? FOR NO KEY UPDATE", int64(partnerID)).Exec(ctx); err != nil {
				return err
			}
			lock = " FOR UPDATE"
		}
		var was []removedDevice
		if err := c.NewRaw("SELECT partner_id, platform FROM devices WHERE token = ?"+lock, d.Token).Scan(ctx, &was); err != nil {
			return err
		}
		if _, err := c.NewRaw("INSERT INTO devices (token, partner_id, platform, registered_at) VALUES (?, ?, ?, ?) "+
			"ON CONFLICT (token) DO UPDATE SET partner_id = excluded.partner_id, platform = excluded.platform, registered_at = excluded.registered_at",
			d.Token, int64(partnerID), string(d.Platform), now.UTC()).Exec(ctx); err != nil {
			return err
		}
		platform := string(d.Platform)
		switch {
		case len(was) == 0:
			recordDevice(ctx, partnerID, audit.ActionCreate, nil, &platform, true)
		case kernel.ID(was[0].PartnerID) != partnerID:
			recordDeviceGone(ctx, kernel.ID(was[0].PartnerID), was[0].Platform)
			recordDevice(ctx, partnerID, audit.ActionCreate, nil, &platform, true)
		case was[0].Platform != platform:
			recordDevice(ctx, partnerID, audit.ActionEdit, &was[0].Platform, &platform, false)
		}
		var evicted []removedDevice
		if err := c.NewRaw("DELETE FROM devices WHERE partner_id = ? AND token NOT IN (SELECT token FROM devices WHERE partner_id = ? "+
			"ORDER BY registered_at DESC, token DESC LIMIT ?) RETURNING partner_id, platform",
			int64(partnerID), int64(partnerID), content.MaxDevicesPerPartner).Scan(ctx, &evicted); err != nil {
			return err
		}
		for _, e := range evicted {
			recordDeviceGone(ctx, kernel.ID(e.PartnerID), e.Platform)
		}
		return nil
	})
}

// Remove deletes the partner's device with the token, and records it (`deactivate`).
func (s *DeviceStore) Remove(ctx context.Context, partnerID kernel.ID, token string) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		var gone []removedDevice
		if err := conn(ctx, s.db).NewRaw("DELETE FROM devices WHERE token = ? AND partner_id = ? RETURNING partner_id, platform",
			token, int64(partnerID)).Scan(ctx, &gone); err != nil {
			return err
		}
		if len(gone) == 0 {
			return kernel.NotFound("device")
		}
		recordDeviceGone(ctx, partnerID, gone[0].Platform)
		return nil
	})
}

// removedDevice is a device row as a registration reads it or a removal returns it.
type removedDevice struct {
	PartnerID int64  `bun:"partner_id"`
	Platform  string `bun:"platform"`
}

// DevicesResource is the audited resource of partners' devices. Its table's key is the
// token, a secret, so an event's record is the partner whose device it is.
const DevicesResource = "devices"

// recordDevice records a change of one of partner's devices: the platform from → to and,
// when the device came or went, its token as "changed" (never its value).
func recordDevice(ctx context.Context, partner kernel.ID, action audit.Action, from, to *string, token bool) {
	changes := []audit.Change{{Field: "platform", From: from, To: to}}
	if token {
		changes = append(changes, audit.Change{Field: "device_token", Secret: true})
	}
	recordEvent(ctx, audit.Event{Resource: DevicesResource, RecordID: partner, PartnerID: partner, Action: action, Changes: changes})
}

// recordDeviceGone records that partner's device on platform was removed (by the app, the
// cap, another partner taking its token, or the sender finding the token dead).
func recordDeviceGone(ctx context.Context, partner kernel.ID, platform string) {
	recordDevice(ctx, partner, audit.ActionDeactivate, &platform, nil, true)
}

// Count counts the partner's devices.
func (s *DeviceStore) Count(ctx context.Context, partnerID kernel.ID) (int, error) {
	var n int
	err := conn(ctx, s.db).NewRaw("SELECT count(*) FROM devices WHERE partner_id = ?", int64(partnerID)).Scan(ctx, &n)
	return n, err
}
