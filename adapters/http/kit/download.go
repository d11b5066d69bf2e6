package kit

import (
	"context"
	"io"
	"net/http"

	"vitrina/domain/kernel"
)

// Download is a generated spreadsheet answer: its file name and what writes it. Its headers
// go out with the first byte, so an error before that still answers with the error's status
// and JSON body.
type Download struct {
	Name  string
	Write func(ctx context.Context, w io.Writer) error
}

// ErrDownloadsBusy answers a download while as many as the server writes at once are being
// written (Router.LimitDownloads): each holds a database cursor and a temporary file, and
// their number bounds the memory exports take together.
var ErrDownloadsBusy = WithRetryAfter(kernel.NewError(kernel.KindThrottled, "downloads-busy",
	"The server is busy preparing other downloads. Try again in a moment."), 5)

type lazyHeaders struct {
	w       http.ResponseWriter
	name    string
	started bool
}

func (l *lazyHeaders) Write(p []byte) (int, error) {
	if !l.started {
		l.started = true
		h := l.w.Header()
		h.Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		h.Set("Content-Disposition", `attachment; filename="`+l.name+`"`)
		h.Set("Cache-Control", "no-store")
		l.w.WriteHeader(http.StatusOK)
	}
	return l.w.Write(p)
}

// EncodeDownload writes a Download as an .xlsx attachment.
func EncodeDownload(ctx context.Context, w http.ResponseWriter, response any) error {
	d := response.(Download)
	lw := &lazyHeaders{w: w, name: d.Name}
	err := d.Write(ctx, lw)
	if err != nil && lw.started {
		// Too late for an error status: cut the connection so the file is not taken as whole.
		panic(http.ErrAbortHandler)
	}
	return err
}
