package campaign_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"vitrina/adapters/excel"
	"vitrina/adapters/persistence"
	"vitrina/adapters/persistence/dbtest"
	appcampaign "vitrina/application/campaign"
	"vitrina/application/spreadsheet"
	"vitrina/domain/campaign"
	"vitrina/domain/kernel"
	"vitrina/ports"
	campaignports "vitrina/ports/campaign"
)

// racingSheets is the real sheet store, except that when the save asks again in its
// transaction (the second Facts of an upload) an order lands first: what another request may
// do between the upload's check and its transaction.
type racingSheets struct {
	campaignports.SheetStore
	asked  int
	before func(ctx context.Context)
}

func (r *racingSheets) Facts(ctx context.Context, id kernel.ID, ids []kernel.ID) (map[kernel.ID]campaignports.SheetFacts, error) {
	if r.asked++; r.asked%2 == 0 && r.before != nil {
		r.before(ctx)
	}
	return r.SheetStore.Facts(ctx, id, ids)
}

// sheetFile is an .xlsx of rows of text, written by the spreadsheet adapter.
func sheetFile(t *testing.T, rows ...[]string) *bytes.Reader {
	t.Helper()
	var b bytes.Buffer
	err := excel.New().Write(context.Background(), &b, "Partners", rows[0], func(emit func([]ports.SheetCell) error) error {
		for _, r := range rows[1:] {
			cells := make([]ports.SheetCell, len(r))
			for i, v := range r {
				cells[i] = ports.SheetCell{Value: v}
			}
			if err := emit(cells); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b.Bytes())
}

func (f *fixture) cashes(t *testing.T, id kernel.ID) string {
	t.Helper()
	var out []string
	for _, p := range f.composition(t, id).Partners() {
		out = append(out, fmt.Sprintf("%d:%s", p.PartnerID(), p.Cash()))
	}
	return strings.Join(out, " ")
}

// The save checks every row again under the campaign's lock and the partners' turn: an order
// placed after the check makes the new cash too low, and nothing is saved.
func TestImportPartnersChecksAgainInItsTransaction(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		if err := f.svc.AddCategories(ctx, id, []kernel.ID{f.alati}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddProducts(ctx, id, []kernel.ID{f.p1}); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.AddPartners(ctx, id, []campaign.PartnerCash{pcash(t, 1001, cash(t, "100"))}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Order(ctx, 1001, id, f.p1, 2); err != nil { // 25 spent
			t.Fatal(err)
		}
		race := racingSheets{SheetStore: persistence.NewCampaignSheets(db)}
		sheets := appcampaign.NewSheets(f.svc, &race, excel.New(), ports.BusinessZone{}, persistence.NewAuditLog(db, clock{time.Now().UTC()}), persistence.NewLocks(db))
		file := sheetFile(t, []string{"id", "cash"}, []string{"1001", "30"}, []string{"1003", "5"})

		race.before = func(ctx context.Context) {
			if _, err := f.svc.Order(ctx, 1001, id, f.p1, 1); err != nil { // 37.5 spent, in the save's transaction
				t.Error(err)
			}
		}
		result, err := sheets.ImportPartners(ctx, id, file, file.Size(), "Partneri.xlsx", false)
		var rejected *spreadsheet.Rejected
		if !errors.As(err, &rejected) || len(result.Problems) != 1 || result.Problems[0] != (spreadsheet.Problem{Row: 2, Column: "cash",
			Message: campaign.MsgCashBelowOrdered}) {
			t.Fatalf("raced save: %+v %v", result, err)
		}
		if got := f.cashes(t, id); got != "1001:100" {
			t.Fatalf("a refused save wrote: %s", got)
		}

		// Without the race the same file saves: one updated, one added.
		race.before = nil
		result, err = sheets.ImportPartners(ctx, id, file, file.Size(), "Partneri.xlsx", false)
		if err != nil || result.Updated != 1 || result.Added != 1 || f.cashes(t, id) != "1001:30 1003:5" {
			t.Fatalf("save: %+v %v %s", result, err, f.cashes(t, id))
		}

		// On record (issue 21): the refused save left no event; the saved one its own
		// `import` on the campaign with the file's name and counts, and a `cash` per partner
		// it set, on the partner with the campaign as parent, old → new exact, one import id.
		if got := importEvents(t, db); got != fmt.Sprintf(
			"campaigns %[1]d import: added ∅ → 1, file ∅ → Partneri.xlsx, unchanged ∅ → 0, updated ∅ → 1\n"+
				"campaign_partners 1001 in campaigns %[1]d cash: cash 100 → 30\n"+
				"campaign_partners 1003 in campaigns %[1]d link: cash ∅ → 5, partner_id ∅ → 1003\n", id) {
			t.Fatalf("the import's events:\n%s", got)
		}
	})
}

// importEvents writes the events that carry an import id, oldest first, one a line, and
// fails unless they all carry the same one.
func importEvents(t *testing.T, db *bun.DB) string {
	t.Helper()
	page, err := persistence.NewAuditLog(db, clock{time.Now().UTC()}).List(context.Background(), ports.AuditFilter{}, ports.AuditPage{Page: 1, PerPage: 500})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	importID := ""
	val := func(s *string) string {
		if s == nil {
			return "∅"
		}
		return *s
	}
	for i := len(page.Items) - 1; i >= 0; i-- {
		e := page.Items[i]
		if e.ImportID == "" {
			continue
		}
		if importID == "" {
			importID = e.ImportID
		} else if e.ImportID != importID {
			t.Fatalf("two import ids: %s, %s", importID, e.ImportID)
		}
		fmt.Fprintf(&b, "%s %d", e.Resource, e.RecordID)
		if e.Parent != nil {
			fmt.Fprintf(&b, " in %s %d", e.Parent.Resource, e.Parent.ID)
		}
		fmt.Fprintf(&b, " %s:", e.Action)
		for j, c := range e.Changes {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s %s → %s", c.Field, val(c.From), val(c.To))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// More than a batch of rows is saved whole; a problem in the last row leaves every earlier
// batch unsaved, and the problems list stops at MaxProblems while the count goes on.
func TestImportPartnersBatchesAndProblemCap(t *testing.T) {
	dbtest.ForEach(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		id := f.campaign(t, "Zima")
		if err := f.svc.AddCategories(ctx, id, []kernel.ID{f.alati}); err != nil {
			t.Fatal(err)
		}
		const n = 2500
		for i := range n {
			f.addPartner(t, 2000+i, f.alati)
		}
		sheets := appcampaign.NewSheets(f.svc, persistence.NewCampaignSheets(db), excel.New(), ports.BusinessZone{}, persistence.NewAuditLog(db, clock{time.Now().UTC()}), persistence.NewLocks(db))
		rows := [][]string{{"id", "cash"}}
		for i := range n {
			rows = append(rows, []string{fmt.Sprint(2000 + i), "1"})
		}
		rows = append(rows, []string{"1004", "1"}) // outside the categories, last
		file := sheetFile(t, rows...)
		result, err := sheets.ImportPartners(ctx, id, file, file.Size(), "Partneri.xlsx", false)
		if !errors.As(err, new(*spreadsheet.Rejected)) || result.Rejected != 1 || result.Added != n || f.cashes(t, id) != "" {
			t.Fatalf("a file with a bad last row: %+v %v", result.Rejected, err)
		}
		file = sheetFile(t, rows[:n+1]...)
		if result, err = sheets.ImportPartners(ctx, id, file, file.Size(), "Partneri.xlsx", false); err != nil || result.Added != n {
			t.Fatalf("save: %+v %v", result.Added, err)
		}
		if ps := f.composition(t, id).Partners(); len(ps) != n {
			t.Fatalf("%d saved", len(ps))
		}

		bad := [][]string{{"id", "cash"}}
		for range spreadsheet.MaxProblems + 5 {
			bad = append(bad, []string{"x", "1"})
		}
		file = sheetFile(t, bad...)
		result, err = sheets.ImportPartners(ctx, id, file, file.Size(), "Partneri.xlsx", true)
		if err != nil || result.Rejected != spreadsheet.MaxProblems+5 || len(result.Problems) != spreadsheet.MaxProblems || result.MoreProblems != 5 {
			t.Fatalf("capped: %d %d %d %v", result.Rejected, len(result.Problems), result.MoreProblems, err)
		}
	})
}
