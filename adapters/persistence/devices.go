package persistence

import (
	"context"
	"time"

	"github.com/uptrace/bun"

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
// turns and the cap holds (SQLite's writers take turns anyway).
func (s *DeviceStore) Register(ctx context.Context, partnerID kernel.ID, d content.Device, now time.Time) error {
	return NewTxManager(s.db).WithinTx(ctx, func(ctx context.Context) error {
		c := conn(ctx, s.db)
		if !IsSQLite(s.db) {
			if _, err := c.NewRaw("SELECT 1 FROM partners WHERE id = ? FOR NO KEY UPDATE", int64(partnerID)).Exec(ctx); err != nil {
				return err
			}
		}
		if _, err := c.NewRaw("INSERT INTO devices (token, partner_id, platform, registered_at) VALUES (?, ?, ?, ?) "+
			"ON CONFLICT (token) DO UPDATE SET partner_id = excluded.partner_id, platform = excluded.platform, registered_at = excluded.registered_at",
			d.Token, int64(partnerID), string(d.Platform), now.UTC()).Exec(ctx); err != nil {
			return err
		}
		_, err := c.NewRaw("DELETE FROM devices WHERE partner_id = ? AND token NOT IN (SELECT token FROM devices WHERE partner_id = ? "+
			"ORDER BY registered_at DESC, token DESC LIMIT ?)", int64(partnerID), int64(partnerID), content.MaxDevicesPerPartner).Exec(ctx)
		return err
	})
}

// Remove deletes the partner's device with the token.
func (s *DeviceStore) Remove(ctx context.Context, partnerID kernel.ID, token string) error {
	res, err := conn(ctx, s.db).NewRaw("DELETE FROM devices WHERE token = ? AND partner_id = ?", token, int64(partnerID)).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return kernel.NotFound("device")
	}
	return nil
}

// Count counts the partner's devices.
func (s *DeviceStore) Count(ctx context.Context, partnerID kernel.ID) (int, error) {
	var n int
	err := conn(ctx, s.db).NewRaw("SELECT count(*) FROM devices WHERE partner_id = ?", int64(partnerID)).Scan(ctx, &n)
	return n, err
}
