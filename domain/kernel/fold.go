package kernel

import (
	"strings"
	"unicode"
)

// NameKey is how a typed name is matched to a record's: folded, with runs of spaces as one.
func NameKey(s string) string { return strings.Join(strings.Fields(Fold(s)), " ") }

// Fold is the form text is searched and matched in: trimmed, lower-case and without the diacritics of
// the local alphabets, so "markovic" finds "Marković" and "DJ" finds "Đ".
func Fold(s string) string {
	s = strings.TrimSpace(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		r = unicode.ToLower(r)
		switch r {
		case 'č', 'ć':
			b.WriteByte('c')
		case 'š':
			b.WriteByte('s')
		case 'ž':
			b.WriteByte('z')
		case 'đ':
			b.WriteString("dj")
		case 'á', 'à', 'â', 'ä':
			b.WriteByte('a')
		case 'é', 'è', 'ê', 'ë':
			b.WriteByte('e')
		case 'í', 'ì', 'î', 'ï':
			b.WriteByte('i')
		case 'ó', 'ò', 'ô', 'ö':
			b.WriteByte('o')
		case 'ú', 'ù', 'û', 'ü':
			b.WriteByte('u')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
