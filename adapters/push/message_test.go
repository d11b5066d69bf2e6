package push

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"vitrina/ports"
)

// referenceBody is the request body as encoding/json writes it, which appendMessage must
// write byte for byte.
func referenceBody(t *testing.T, msg ports.PushMessage) string {
	t.Helper()
	m := fcmMessage{Token: msg.Token, Data: msg.Data}
	if msg.Title != "" || msg.Body != "" {
		m.Notification = &fcmNotification{Title: msg.Title, Body: msg.Body}
	}
	b, err := json.Marshal(struct {
		Message fcmMessage `json:"message"`
	}{m})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The body a fan-out writes per device is encoding/json's, for every kind of text: quotes,
// backslashes, HTML characters, control characters, non-ASCII, U+2028, invalid UTF-8, no
// title, no body, neither, data with several keys (sorted) or none.
func TestMessageBodyIsEncodingJSONs(t *testing.T) {
	cases := []ports.PushMessage{
		{Token: "device-1", Title: "Nova promocija", Body: "Pogledajte", Data: map[string]string{"slider_id": "7"}},
		{Token: "fGx1kR9yQd2:APA91b-0000001-0-k3vZ0aBc_-", Title: "Obavještenje", Body: "Nova akcija u aplikaciji"},
		{Token: "t", Body: "only a body"},
		{Token: "t", Title: "only a title"},
		{Token: "t"},
		{Token: "", Data: map[string]string{}},
		{Token: `q"uote\back`, Title: "<b>Alati & boje</b>", Body: "line\nbreak\ttab\x00nul\x7f", Data: map[string]string{"z": "1", "a": "2", "m<": ">"}},
		{Token: "t", Title: "sep\u2028par\u2029", Body: "bad \xff utf-8 \xc3"},
	}
	alphabet := []string{"a", "Z", "9", "\"", "\\", "<", ">", "&", "\n", "\x01", "\x7f", "š", "€", "\u2028", "\xff", " ", "/", "'"}
	random := func(r *rand.Rand) string {
		s := ""
		for range r.IntN(12) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		return s
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		m := ports.PushMessage{Token: random(r), Title: random(r), Body: random(r)}
		if n := r.IntN(4); n > 0 {
			m.Data = map[string]string{}
			for range n {
				m.Data[random(r)] = random(r)
			}
		}
		cases = append(cases, m)
	}
	for _, m := range cases {
		if got, want := string(appendMessage(nil, m)), referenceBody(t, m); got != want {
			t.Fatalf("%+v\n got %s\nwant %s", m, got, want)
		}
	}
}
