package persistence

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// DemoPartner is a partner of the demo data set.
type DemoPartner struct {
	ID   int64
	Name string
}

// SeedPartners inserts the partners that do not exist yet. Until the partner context has
// its own service, the demo data writes its partners here.
func SeedPartners(ctx context.Context, db *bun.DB, partners []DemoPartner) error {
	return NewTxManager(db).WithinTx(ctx, func(ctx context.Context) error {
		now := time.Now().UTC()
		for _, p := range partners {
			_, err := conn(ctx, db).NewRaw(
				"INSERT INTO partners (id, name, name_fold, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
				p.ID, p.Name, fold(p.Name), true, now, now).Exec(ctx)
			if err != nil {
				return err
			}
		}
		return nil
	})
}
