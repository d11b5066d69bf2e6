package kernel

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// NameKey is how a typed name is matched to a record's: folded, with runs of spaces as one.
func NameKey(s string) string { return strings.Join(strings.Fields(Fold(s)), " ") }

// Fold is the form text is searched and matched in: trimmed, lower-case and without the diacritics of
// the local alphabets, so "markovic" finds "Marković" and "DJ" finds "Đ".
func Fold(s string) string {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s // already folded: ASCII without capitals (an import's every number and code)
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
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
