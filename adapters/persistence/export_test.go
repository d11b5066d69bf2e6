package persistence

import (
	"context"

	"github.com/uptrace/bun"

	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
	partnerports "vitrina/ports/partner"
)

// NewPartnersByCity is the partners list with a scope by city: the partners table keeps its
// total in row_counts, so the tests can show that a scoped list never reads it there.
func NewPartnersByCity(db *bun.DB) ports.Lister[partnerports.PartnerView] {
	s := partnerSpec(IsSQLite(db))
	s.Scopes = map[string]string{"city_id": "p.city_id"}
	return NewLister(db, s, "partners", "partner", (*partnerViewRow).view)
}

// NewCampaignListsMatchingInSQL is NewCampaignLists without a partner index: the linked
// partners' filters are matched in SQL, as inside a transaction or past maxMatchIDs matches.
func NewCampaignListsMatchingInSQL(db *bun.DB) campaignports.Lists {
	return NewCampaignLists(db, nil)
}

// Warming marks ix's first load as running (or done) and answers whether the columns are
// loaded: the tests hold a list to its answer while another load runs.
func Warming(ix *PartnerIndex, on bool) (loaded bool) {
	ix.loading.Store(on)
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.cols != nil
}

// ScanConnPragmas answers a SQLite connection's cache_size and mmap_size as sqliteScanConn
// sets them, and as the connection is when put back.
func ScanConnPragmas(ctx context.Context, db *bun.DB) (during, after [2]int64, err error) {
	read := func(c bun.Conn) (v [2]int64, err error) {
		if err = c.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&v[0]); err == nil {
			err = c.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&v[1])
		}
		return v, err
	}
	db.SetMaxOpenConns(1) // the connection put back is the next one taken
	defer db.SetMaxOpenConns(8)
	c, done, err := sqliteScanConn(ctx, db)
	if err != nil {
		return during, after, err
	}
	during, err = read(c)
	done()
	if err != nil {
		return during, after, err
	}
	c, err = db.Conn(ctx)
	if err != nil {
		return during, after, err
	}
	defer c.Close()
	after, err = read(c)
	return during, after, err
}
