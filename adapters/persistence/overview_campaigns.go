package persistence

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// The home page's campaign figures (issue 25, ADR 0042): granted and spent from the kept
// totals (campaign_totals: the cash of the campaign's partners and the worth of its cart,
// which is what campaign_partners.spent_milli adds up), the burn-down from the cart items'
// worth by the hour they were ordered, kept by the cart's triggers (campaign_hours).

// maxBurndownDays bounds a burn-down; an older campaign's earlier orders are carried into its
// first day shown.
const maxBurndownDays = 366

// CampaignFigures reads the campaigns' home page figures.
type CampaignFigures struct {
	db    *bun.DB
	zone  ports.BusinessZone
	clock ports.Clock
}

// NewCampaignFigures returns the campaign figures of db; days are the business's (zone),
// today is the clock's.
func NewCampaignFigures(db *bun.DB, zone ports.BusinessZone, clock ports.Clock) *CampaignFigures {
	return &CampaignFigures{db: db, zone: zone, clock: clock}
}

var _ campaignports.Figures = (*CampaignFigures)(nil)

type campaignFiguresRow struct {
	ID        int64     `bun:"id"`
	Name      string    `bun:"name"`
	CreatedAt time.Time `bun:"created_at"`
	Partners  int64     `bun:"partners"`
	Cash      int64     `bun:"cash"`
	Spent     int64     `bun:"spent"`
}

func (r campaignFiguresRow) figures() campaignports.CampaignFigures {
	return campaignports.CampaignFigures{ID: r.ID, Name: r.Name, Partners: int(r.Partners),
		Granted: kernel.AmountOfThousandths(r.Cash), Spent: kernel.AmountOfThousandths(r.Spent),
		Remaining: kernel.AmountOfThousandths(r.Cash - r.Spent)}
}

// campaignFiguresSQL sums a campaign's kept totals: one row on SQLite, rows of differences
// on PostgreSQL (ADR 0019), added up alike.
const campaignFiguresSQL = "SELECT cm.id, cm.name, cm.created_at," +
	" CAST(coalesce(sum(t.partners), 0) AS BIGINT) AS partners," +
	" CAST(coalesce(sum(t.cash_milli), 0) AS BIGINT) AS cash," +
	" CAST(coalesce(sum(t.ordered_milli), 0) AS BIGINT) AS spent" +
	" FROM campaigns AS cm LEFT JOIN campaign_totals AS t ON t.campaign_id = cm.id"

// Active lists the active campaigns' figures by name.
func (s *CampaignFigures) Active(ctx context.Context) ([]campaignports.CampaignFigures, error) {
	var rows []campaignFiguresRow
	err := conn(ctx, s.db).NewRaw(campaignFiguresSQL+" WHERE cm.is_active GROUP BY cm.id, cm.name, cm.name_fold, cm.created_at"+
		" ORDER BY cm.name_fold, cm.id").Scan(ctx, &rows)
	out := make([]campaignports.CampaignFigures, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.figures())
	}
	return out, err
}

// Burndown is one campaign's days from its creation to today: what its cart items ordered
// that day came to and the cash remaining at the day's end (today's cash less what was
// ordered up to then; an item withdrawn since is in no day, as it is in no cart).
func (s *CampaignFigures) Burndown(ctx context.Context, id kernel.ID) (campaignports.Burndown, error) {
	db := conn(ctx, s.db)
	var head campaignFiguresRow
	err := db.NewRaw(campaignFiguresSQL+" WHERE cm.id = ? GROUP BY cm.id, cm.name, cm.created_at", int64(id)).Scan(ctx, &head)
	if errors.Is(err, sql.ErrNoRows) {
		return campaignports.Burndown{}, kernel.NotFound("campaign")
	}
	if err != nil {
		return campaignports.Burndown{}, err
	}
	// The kept worth by UTC hour (campaign_hours), as text "YYYY-MM-DD HH".
	query := "SELECT to_char(hour, 'YYYY-MM-DD HH24') AS hour, worth_milli AS worth FROM campaign_hours" +
		" WHERE campaign_id = ? AND worth_milli <> 0 ORDER BY campaign_hours.hour"
	if IsSQLite(db) {
		query = "SELECT hour, worth_milli AS worth FROM campaign_hours WHERE campaign_id = ? AND worth_milli <> 0 ORDER BY hour"
	}
	var hours []struct {
		Hour  string `bun:"hour"`
		Worth int64  `bun:"worth"`
	}
	if err := db.NewRaw(query, int64(id)).Scan(ctx, &hours); err != nil {
		return campaignports.Burndown{}, err
	}
	// The hours folded into the business's days (a zone whose offset is whole hours, as
	// Europe's are, puts each hour in one day).
	spentOn := map[string]int64{}
	first := s.zone.Local(head.CreatedAt).Format(time.DateOnly)
	for _, h := range hours {
		t, err := time.Parse("2006-01-02 15", h.Hour)
		if err != nil {
			return campaignports.Burndown{}, err
		}
		day := s.zone.Local(t).Format(time.DateOnly)
		spentOn[day] += h.Worth
		if day < first {
			first = day
		}
	}
	today := s.zone.Local(s.clock.Now()).Format(time.DateOnly)
	days := dayRange(first, today)
	if len(days) > maxBurndownDays {
		days = days[len(days)-maxBurndownDays:]
	}
	var carried int64 // ordered before the first day shown
	if len(days) > 0 {
		for d, w := range spentOn {
			if d < days[0] {
				carried += w
			}
		}
	}
	out := campaignports.Burndown{CampaignFigures: head.figures(), Days: make([]campaignports.BurndownDay, 0, len(days))}
	cumulative := carried
	for _, d := range days {
		cumulative += spentOn[d]
		out.Days = append(out.Days, campaignports.BurndownDay{Day: d, Spent: kernel.AmountOfThousandths(spentOn[d]),
			Remaining: kernel.AmountOfThousandths(head.Cash - cumulative)})
	}
	return out, nil
}

// dayRange lists the calendar days from first to last (YYYY-MM-DD), both included; none when
// last is before first.
func dayRange(first, last string) []string {
	a, err1 := time.Parse(time.DateOnly, first)
	b, err2 := time.Parse(time.DateOnly, last)
	if err1 != nil || err2 != nil || b.Before(a) {
		return nil
	}
	var out []string
	for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format(time.DateOnly))
	}
	return out
}
