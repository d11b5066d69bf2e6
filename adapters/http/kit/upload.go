package kit

import (
	"context"
	"errors"
	"mime/multipart"
	"net/http"

	"vitrina/application/spreadsheet"
	"vitrina/domain/kernel"
)

// Upload is an uploaded spreadsheet of an import (ADR 0027): past 1 MiB spooled to disk and
// removed by the server after the request. ID is the record the path names, if any; Name is
// the file's name as the browser sent it (no directory), which the import's event keeps.
type Upload struct {
	ID      kernel.ID
	File    multipart.File
	Name    string
	Size    int64
	Preview bool
}

// DecodeUpload reads the multipart form of an import: its `file`, `?preview=1|true`, and, when
// idParam is not empty, the record id of that path parameter. The spreadsheet reader refuses a
// file over its size limit with its own message.
func DecodeUpload(idParam string) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var up Upload
		if idParam != "" {
			id, err := PathID(r, idParam)
			if err != nil {
				return nil, err
			}
			up.ID = id
		}
		preview := r.URL.Query().Get("preview")
		up.Preview = preview == "1" || preview == "true"
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			var maxErr *http.MaxBytesError
			if errors.As(err, &maxErr) {
				return nil, ErrBodyTooBig
			}
			return nil, ErrBadForm
		}
		file, header, err := r.FormFile("file")
		if err != nil {
			return nil, kernel.FieldError("file", "The file field is required.")
		}
		up.File, up.Name, up.Size = file, header.Filename, header.Size
		return up, nil
	}
}

// ImportProblemJSON is one row's problem of an import.
type ImportProblemJSON struct {
	Row     int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
}

// ImportJSON is the answer of every import: what it adds, updates, leaves unchanged and
// rejects, and the problems found. Skipped repeats Unchanged for the panels that read it (the
// campaign's partner file).
type ImportJSON struct {
	Added        int                 `json:"added"`
	Updated      int                 `json:"updated"`
	Unchanged    int                 `json:"unchanged"`
	Skipped      *int                `json:"skipped,omitempty"`
	Rejected     int                 `json:"rejected"`
	Problems     []ImportProblemJSON `json:"problems"`
	MoreProblems int                 `json:"more_problems"`
}

// ImportAnswer is the HTTP answer of an import's result: the counts, or, when the file was
// rejected, its error carrying the counts and problems as the 422's detail. withSkipped adds
// the `skipped` count.
func ImportAnswer(result spreadsheet.Result, err error, withSkipped bool) (any, error) {
	var rejected *spreadsheet.Rejected
	if errors.As(err, &rejected) {
		return nil, WithDetail(err, importJSON(rejected.Result, withSkipped))
	}
	if err != nil {
		return nil, err
	}
	return importJSON(result, withSkipped), nil
}

func importJSON(r spreadsheet.Result, withSkipped bool) ImportJSON {
	out := ImportJSON{Added: r.Added, Updated: r.Updated, Unchanged: r.Unchanged, Rejected: r.Rejected,
		Problems: make([]ImportProblemJSON, 0, len(r.Problems)), MoreProblems: r.MoreProblems}
	if withSkipped {
		skipped := r.Unchanged
		out.Skipped = &skipped
	}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, ImportProblemJSON{Row: p.Row, Column: p.Column, Message: p.Message})
	}
	return out
}
