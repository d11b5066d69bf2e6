package partnerhttp

import (
	"context"
	"net/http"

	"vitrina/adapters/http/kit"
	apppartner "vitrina/application/partner"
	"vitrina/domain/kernel"
	partnerports "vitrina/ports/partner"
)

// partnerGroupJSON is one city or category of the overview page; the sums are exact decimal
// strings, like the partners' own figures.
type partnerGroupJSON struct {
	ID               int64   `json:"id"`
	Name             *string `json:"name"`
	Partners         int     `json:"partners"`
	Debt             string  `json:"debt"`
	MoneyCirculation string  `json:"moneyCirculation"`
}

func partnerGroup(v partnerports.PartnerGroupView) partnerGroupJSON {
	return partnerGroupJSON{ID: v.ID, Name: v.Name, Partners: v.Partners, Debt: v.Debt, MoneyCirculation: v.MoneyCirculation}
}

type supportWeekJSON struct {
	Week     string `json:"week"`
	Messages int    `json:"messages"`
	Partners int    `json:"partners"`
}

func supportWeek(v partnerports.SupportWeekView) supportWeekJSON {
	return supportWeekJSON{Week: v.Week, Messages: v.Messages, Partners: v.Partners}
}

// OverviewRoutes are the overview page's lists (/table-list): reading them needs what reading
// the partners (or the support messages) needs, so no role learns a figure it could not read.
func OverviewRoutes(lists partnerports.OverviewLists) []kit.Route {
	read := kit.Access{Resource: "partners", Action: "read"}
	readSupport := kit.Access{Resource: "customerSupport", Action: "read"}
	return []kit.Route{
		kit.ListRoute("/api/overview/partnersByCity", read, lists.PartnersByCity, partnerGroup, nil),
		kit.ListRoute("/api/overview/partnersByCategory", read, lists.PartnersByCategory, partnerGroup, nil),
		kit.ListRoute("/api/overview/supportByWeek", readSupport, lists.SupportByWeek, supportWeek, nil),
	}
}

// The home page's partner figures (issue 25, ADR 0042).

type debtRiseJSON struct {
	ID   int64   `json:"id"`
	Name string  `json:"name"`
	Then string  `json:"then"`
	Now  string  `json:"now"`
	Rise *string `json:"rise"` // percent; null for a debt that rose from zero
}

func debtRiseRow(v partnerports.DebtRiseView) debtRiseJSON {
	j := debtRiseJSON{ID: v.ID, Name: v.Name, Then: v.Then.String(), Now: v.Now.String()}
	if v.Percent != nil {
		s := v.Percent.String()
		j.Rise = &s
	}
	return j
}

type debtRiseRequest struct {
	since         string
	page, perPage int
}

// decodeDebtRise reads ?since=YYYY-MM-DD&page=&per_page= (the first page of 10 by default).
func decodeDebtRise(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	var val kernel.Validation
	page, perPage := kit.DecodePage(v, &val)
	if page == 0 {
		page, perPage = 1, kit.DefaultPerPage
	}
	if v.Get("since") == "" {
		val.Add("since", "The since field is required.")
	}
	return debtRiseRequest{since: v.Get("since"), page: page, perPage: perPage}, val.Err()
}

// debtRisePage is the answer: the page as a list (X-Total-Count) with the date and the
// threshold it was measured by in headers.
type debtRisePage struct {
	since, threshold string
	page             kit.PageResponse[debtRiseJSON]
}

func encodeDebtRise(ctx context.Context, w http.ResponseWriter, response any) error {
	p := response.(debtRisePage)
	w.Header().Set("X-Since", p.since)
	w.Header().Set("X-Debt-Rise-Threshold", p.threshold)
	return kit.EncodeList[debtRiseJSON](ctx, w, p.page)
}

type thresholdJSON struct {
	Threshold string `json:"threshold"`
	Version   int64  `json:"version"`
}

type supportTypeJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Open int    `json:"open"`
}

// FigureRoutes are the partner figures of the home page: each needs read on its resource
// (partners, customerSupport); the threshold's change needs write on overviewSettings, which
// directors hold and managers do not.
func FigureRoutes(o *apppartner.Overview) []kit.Route {
	read := kit.Access{Resource: "partners", Action: "read"}
	readSupport := kit.Access{Resource: "customerSupport", Action: "read"}
	setting := kit.Access{Resource: "overviewSettings", Action: "write"}
	return []kit.Route{
		{Method: "GET", Path: "/api/overview/debtRise", Access: read, Decode: decodeDebtRise, Encode: encodeDebtRise,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(debtRiseRequest)
				a, err := o.DebtRise(ctx, r.since, r.page, r.perPage)
				if err != nil {
					return nil, err
				}
				return debtRisePage{since: a.Since, threshold: a.Threshold.String(), page: kit.PageOf(a.Page.Total, a.Page.Items, debtRiseRow)}, nil
			}},
		{Method: "GET", Path: "/api/overview/debtRiseThreshold", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				t, version, err := o.DebtRiseThreshold(ctx)
				return thresholdJSON{Threshold: t.String(), Version: int64(version)}, err
			}},
		{Method: "PUT", Path: "/api/overview/debtRiseThreshold", Access: setting, Decode: kit.DecodeOwnEdit[thresholdJSON], Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				r := req.(kit.Edit[thresholdJSON])
				t, version, err := o.SetDebtRiseThreshold(ctx, r.Body.Threshold, r.Version)
				return thresholdJSON{Threshold: t.String(), Version: int64(version)}, err
			}},
		{Method: "GET", Path: "/api/overview/supportByType", Access: readSupport, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				types, err := o.OpenSupportByType(ctx)
				out := make([]supportTypeJSON, 0, len(types))
				for _, t := range types {
					out = append(out, supportTypeJSON{ID: t.ID, Name: t.Name, Open: t.Open})
				}
				return out, err
			}},
	}
}
