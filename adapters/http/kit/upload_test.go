package kit

import (
	"encoding/json"
	"errors"
	"testing"

	"vitrina/application/spreadsheet"
)

// Every import answers the same contract: every count, an empty problem list rather than
// null, `skipped` only where asked; a rejected file is its error with the counts as detail.
func TestImportAnswerKeepsTheContract(t *testing.T) {
	marshal := func(v any, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	if got := marshal(ImportAnswer(spreadsheet.Result{Added: 1, Updated: 2, Unchanged: 3}, nil, true)); got != `{"added":1,"updated":2,"unchanged":3,"skipped":3,"rejected":0,"problems":[],"more_problems":0}` {
		t.Fatal(got)
	}
	if got := marshal(ImportAnswer(spreadsheet.Result{Added: 1, Updated: 2, Unchanged: 3}, nil, false)); got != `{"added":1,"updated":2,"unchanged":3,"rejected":0,"problems":[],"more_problems":0}` {
		t.Fatal(got)
	}
	rejected := spreadsheet.Result{Rejected: 1, Problems: []spreadsheet.Problem{{Row: 3, Column: "cash", Message: "m"}}, MoreProblems: 4}
	_, err := ImportAnswer(spreadsheet.Result{}, &spreadsheet.Rejected{Result: rejected}, true)
	var d detailed
	if !errors.As(err, &d) || !errors.Is(err, spreadsheet.ErrFileHasErrors) {
		t.Fatalf("a rejected file answers its error with the counts: %v", err)
	}
	if got := marshal(d.detail, nil); got != `{"added":0,"updated":0,"unchanged":0,"skipped":0,"rejected":1,"problems":[{"row":3,"column":"cash","message":"m"}],"more_problems":4}` {
		t.Fatal(got)
	}
}
