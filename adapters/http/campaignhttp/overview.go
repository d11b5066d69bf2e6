package campaignhttp

import (
	"context"

	"vitrina/adapters/http/kit"
	appcampaign "vitrina/application/campaign"
	campaignports "vitrina/ports/campaign"
)

// The home page's campaign figures (issue 25, ADR 0042): amounts are exact decimal strings.

type campaignFiguresJSON struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Partners  int    `json:"partners"`
	Granted   string `json:"granted"`
	Spent     string `json:"spent"`
	Remaining string `json:"remaining"`
}

func campaignFigures(v campaignports.CampaignFigures) campaignFiguresJSON {
	return campaignFiguresJSON{ID: v.ID, Name: v.Name, Partners: v.Partners, Granted: v.Granted.String(),
		Spent: v.Spent.String(), Remaining: v.Remaining.String()}
}

type burndownDayJSON struct {
	Day       string `json:"day"`
	Spent     string `json:"spent"`
	Remaining string `json:"remaining"`
}

type burndownJSON struct {
	campaignFiguresJSON
	Days []burndownDayJSON `json:"days"`
}

// FigureRoutes are the campaign figures of the home page; reading them needs read on
// campaigns, as their lists do.
func FigureRoutes(svc *appcampaign.Service, figures campaignports.Figures) []kit.Route {
	read := kit.Access{Resource: "campaigns", Action: "read"}
	return []kit.Route{
		{Method: "GET", Path: "/api/overview/campaigns", Access: read, Decode: kit.NoRequest, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, _ any) (any, error) {
				active, err := figures.Active(ctx)
				out := make([]campaignFiguresJSON, 0, len(active))
				for _, c := range active {
					out = append(out, campaignFigures(c))
				}
				return out, err
			}},
		{Method: "GET", Path: "/api/overview/campaigns/{id}/burndown", Access: read, Record: kit.Found(svc.Lists().Campaigns),
			Decode: kit.DecodeID, Encode: kit.EncodeJSON,
			Endpoint: func(ctx context.Context, req any) (any, error) {
				b, err := figures.Burndown(ctx, req.(kit.IDRequest).ID)
				if err != nil {
					return nil, err
				}
				out := burndownJSON{campaignFiguresJSON: campaignFigures(b.CampaignFigures), Days: make([]burndownDayJSON, 0, len(b.Days))}
				for _, d := range b.Days {
					out.Days = append(out.Days, burndownDayJSON{Day: d.Day, Spent: d.Spent.String(), Remaining: d.Remaining.String()})
				}
				return out, nil
			}},
	}
}
