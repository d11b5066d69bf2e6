package persistence

import "github.com/uptrace/bun"

// PostgreSQL's search (listing.go for the whole): a "contains" filter is LIKE, which a
// column's pg_trgm GIN index serves (the resource's migration makes one where Field.FTS is
// set, the same fields SQLite's trigram table covers).

// pgContains keeps the rows of sel whose f holds term. A term of several words goes to the
// trigram index word by word (a phrase's trigrams across spaces and its common ones cost the
// most), and strpos, which no index serves, keeps the rows holding the whole term.
func pgContains(sel *bun.SelectQuery, f Field, term string) *bun.SelectQuery {
	if words := splitWords(term); f.FTS != "" && words != nil {
		for _, w := range words {
			sel = sel.Where(f.Fold+" LIKE ?", "%"+escapeLike(w)+"%")
		}
		return sel.Where("strpos("+f.Fold+", ?) > 0", term)
	}
	return sel.Where(f.Fold+" LIKE ?", "%"+escapeLike(term)+"%")
}
