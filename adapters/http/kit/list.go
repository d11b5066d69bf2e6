package kit

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.uber.org/zap"

	"vitrina/domain/kernel"
	"vitrina/ports"
)

// Paging limits of list requests (spec §9 offers 10, 20, 30, 50; pickers and the
// composition tables ask for up to 100).
const (
	DefaultPerPage = 10
	MaxPerPage     = 100
	// MaxPage keeps the offset (page − 1) × per_page far inside an int64 and the databases'
	// reach: a hundred million pages of 100 is ten billion rows.
	MaxPage = 100_000_000
	// MaxFilterLength is the longest text filter, in characters: a longer one says nothing
	// a user means and costs the trigram search in proportion to its length.
	MaxFilterLength = 200
	// MaxIDSet is the most ids one id-set filter (`category_ids=1,2,3`) names.
	MaxIDSet = 1000
)

// idSetSuffix marks an id-set filter: `<name>_ids=1,2,3` keeps the rows linked to any of the
// ids; the resource whitelists the names it answers (ADR 0020).
const idSetSuffix = "_ids"

var reserved = map[string]bool{"page": true, "per_page": true, "sort": true, "order": true, "is_active": true}

// DecodePage reads ?page= and ?per_page= within the paging limits, failures into val. Without
// page it answers 0: the whole list is asked for; a page without per_page has DefaultPerPage.
func DecodePage(v url.Values, val *kernel.Validation) (page, perPage int) {
	if s := v.Get("page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxPage {
			val.Add("page", "The page must be between 1 and 100000000.")
		}
		page, perPage = n, DefaultPerPage
	}
	if s := v.Get("per_page"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > MaxPerPage {
			val.Add("per_page", "The per page must be between 1 and 100.")
		}
		perPage = n
	}
	return page, perPage
}

// DecodeListQuery reads ?page=&per_page=&sort=&order=&is_active=&<column>=<text>.
// Without page the whole list is asked for.
func DecodeListQuery(r *http.Request) (ports.ListQuery, error) {
	return DecodeListValues(r.URL.Query())
}

// DecodeListValues reads a list query from its parameters, as DecodeListQuery does: a bulk
// action's filter (ADR 0043) is read exactly as the list call reads its query.
func DecodeListValues(v url.Values) (ports.ListQuery, error) {
	var q ports.ListQuery
	var val kernel.Validation
	q.Page, q.PerPage = DecodePage(v, &val)
	q.Sort = v.Get("sort")
	switch strings.ToLower(v.Get("order")) {
	case "", "asc", "1":
	case "desc", "-1":
		q.Desc = true
	default:
		val.Add("order", "The order must be asc or desc.")
	}
	switch v.Get("is_active") {
	case "":
	case "1", "true":
		t := true
		q.Active = &t
	case "0", "false":
		f := false
		q.Active = &f
	default:
		val.Add("is_active", "The is active must be 1 or 0.")
	}
	for k, vals := range v {
		if !reserved[k] && len(vals) > 0 && vals[0] != "" {
			if strings.HasSuffix(k, idSetSuffix) && len(k) <= 64 && utf8.ValidString(k) {
				if ids, ok := idSet(&val, k, vals[0]); ok {
					if q.IDSets == nil {
						q.IDSets = map[string][]kernel.ID{}
					}
					q.IDSets[k] = ids
				}
				continue
			}
			if !filterAcceptable(&val, k, vals[0]) {
				continue
			}
			if q.Filters == nil {
				q.Filters = map[string]string{}
			}
			q.Filters[k] = vals[0]
		}
	}
	return q, val.Err()
}

// idSet reads an id-set filter: at most MaxIDSet positive ids, comma separated.
func idSet(val *kernel.Validation, key, value string) ([]kernel.ID, bool) {
	human := strings.ReplaceAll(key, "_", " ")
	parts := strings.Split(value, ",")
	if len(parts) > MaxIDSet {
		val.Add(key, "The "+human+" may not have more than "+strconv.Itoa(MaxIDSet)+" items.")
		return nil, false
	}
	ids := make([]kernel.ID, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || n < 1 {
			val.Add(key, "The "+human+" must be a list of ids.")
			return nil, false
		}
		ids = append(ids, kernel.ID(n))
	}
	return ids, true
}

// filterAcceptable checks one text filter: at most MaxFilterLength characters of the
// kernel's clean one-line text (valid UTF-8 without control characters: the databases
// refuse a NUL, and none of them is typed).
func filterAcceptable(val *kernel.Validation, key, value string) bool {
	field := "filter"
	if len(key) <= 64 && utf8.ValidString(key) {
		field = key
	}
	if utf8.RuneCountInString(value) > MaxFilterLength {
		val.Add(field, "The filter may not be greater than 200 characters.")
		return false
	}
	if !kernel.CleanText(value, false) {
		val.Add(field, "The filter contains characters that are not allowed.")
		return false
	}
	return true
}

// PageResponse is one page of a list; its total goes into X-Total-Count.
type PageResponse[T any] struct {
	Items []T
	Total int
}

// PageOf is a page's rows answered as JSON, each through row, with the page's total.
func PageOf[V, J any](total int, items []V, row func(V) J) PageResponse[J] {
	out := PageResponse[J]{Total: total, Items: make([]J, 0, len(items))}
	for _, v := range items {
		out.Items = append(out.Items, row(v))
	}
	return out
}

// Stream is a whole list written row by row as a JSON array, so memory stays flat
// however long the list is.
type Stream func(ctx context.Context, emit func(item any) error) error

// EncodeList writes a PageResponse or a Stream.
func EncodeList[T any](ctx context.Context, w http.ResponseWriter, response any) error {
	switch resp := response.(type) {
	case PageResponse[T]:
		w.Header().Set("X-Total-Count", strconv.Itoa(resp.Total))
		items := resp.Items
		if items == nil {
			items = []T{}
		}
		writeJSON(w, http.StatusOK, items)
		return nil
	case Stream:
		return writeStream(ctx, w, resp)
	default:
		writeJSON(w, http.StatusOK, response)
		return nil
	}
}

func writeStream(ctx context.Context, w http.ResponseWriter, stream Stream) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	flusher, _ := w.(http.Flusher)
	started := false
	n := 0
	enc := json.NewEncoder(w)
	err := stream(ctx, func(item any) error {
		if !started {
			w.WriteHeader(http.StatusOK)
			if _, err := w.Write([]byte("[")); err != nil {
				return err
			}
			started = true
		} else if _, err := w.Write([]byte(",")); err != nil {
			return err
		}
		n++
		if flusher != nil && n%1000 == 0 {
			flusher.Flush()
		}
		return enc.Encode(item)
	})
	if err != nil {
		if !started {
			return err // nothing written yet: the error encoder answers properly
		}
		// The status is gone; abort the connection so the client sees a truncated body.
		Logger(ctx).Error("list stream failed", zap.Error(err))
		panic(http.ErrAbortHandler)
	}
	if !started {
		w.WriteHeader(http.StatusOK)
		_, err = w.Write([]byte("[]\n"))
		return err
	}
	_, err = w.Write([]byte("]\n"))
	return err
}
