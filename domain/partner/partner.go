// Package partner holds the rules of partners, the platform's trade customers: their
// hand-entered ids, their six figures, their own app password and their categories.
package partner

import (
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// MaxID is the largest hand-entered partner id: 2^53 − 1, the largest whole number a
// JavaScript number (the panel's, the app's) holds exactly.
const MaxID = 1<<53 - 1

// ParseID validates a hand-entered partner id: a positive whole number of at most MaxID.
func ParseID(s string) (kernel.ID, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, kernel.FieldError("id", "The id field is required.")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) && n > 0, err == nil && n > MaxID:
		return 0, kernel.FieldError("id", "The id may not be greater than "+strconv.FormatInt(MaxID, 10)+".")
	case err != nil || n <= 0:
		return 0, kernel.FieldError("id", "The id must be a positive integer.")
	}
	return kernel.ID(n), nil
}

// Errors of the partner register.
var (
	ErrIDTaken    = kernel.FieldError("id", "The id has already been taken.")
	ErrNoCategory = kernel.FieldError("categories", "You must choose at least one category.")
)

// Input is the partner form.
type Input struct {
	ID          string
	Name        string
	Address     string
	PIB         string
	PDV         string
	CityID      kernel.ID
	Phone       string
	Figures     FigureTexts
	Password    string
	CategoryIDs []kernel.ID
	TypeID      kernel.ID
}

// validated is an input whose every field passed.
type validated struct {
	id         kernel.ID
	name       kernel.Name
	figures    Figures
	categories []kernel.ID
}

// Validate checks every field of the form at once (spec §5). On add the id is entered and the
// password is required; on edit the id comes from the record and the password only when typed.
func (in Input) Validate(creating bool) error {
	_, err := in.validate(creating, true)
	return err
}

// rules say which of the form's checks apply.
type rules struct {
	parseID      bool // the id is typed (add form, import)
	editFigures  bool // figures take the edit pattern (percent allowed)
	withPassword bool // the form carries the app password
	newPassword  bool // the password is required
}

func (in Input) validate(creating, withPassword bool) (validated, error) {
	return in.check(rules{parseID: creating, editFigures: !creating, withPassword: withPassword, newPassword: creating})
}

func (in Input) check(r rules) (validated, error) {
	var v kernel.Validation
	var out validated
	if r.parseID {
		id, err := ParseID(in.ID)
		v.Merge(err)
		out.id = id
	}
	name, err := kernel.NewName("name", in.Name)
	v.Merge(err)
	out.name = name
	v.Text("address", in.Address, kernel.MaxAddressLength)
	v.Text("pib", in.PIB, kernel.MaxCodeLength)
	v.Text("pdv", in.PDV, kernel.MaxCodeLength)
	v.Text("phone", in.Phone, kernel.MaxContactLength)
	if in.CityID <= 0 {
		v.Add("city_id", "The city id field is required.")
	}
	for _, f := range AllFigures {
		fig, err := ParseFigure(f, in.Figures[f], r.editFigures)
		v.Merge(err)
		out.figures[f] = fig
	}
	if r.withPassword && (r.newPassword || in.Password != "") {
		v.Merge(kernel.ValidatePassword("password", in.Password))
	}
	seen := map[kernel.ID]bool{}
	for _, c := range in.CategoryIDs {
		if c > 0 && !seen[c] {
			seen[c] = true
			out.categories = append(out.categories, c)
		}
	}
	if len(out.categories) == 0 {
		v.Merge(ErrNoCategory)
	}
	return out, v.Err()
}

// Partner is a trade customer of the distributor.
type Partner struct {
	id           kernel.ID
	name         kernel.Name
	address      string
	pib, pdv     string
	cityID       kernel.ID
	phone        string
	figures      Figures
	passwordHash string
	categories   []kernel.ID
	typeID       kernel.ID
	activation   kernel.Activation
	updatedAt    time.Time
}

// New validates a new, active partner; passwordHash is the hash of the typed password.
func New(in Input, passwordHash string, now time.Time) (*Partner, error) {
	val, err := in.validate(true, true)
	if err != nil {
		return nil, err
	}
	p := &Partner{id: val.id, passwordHash: passwordHash, activation: kernel.Active()}
	p.apply(in, val, now)
	return p, nil
}

func (p *Partner) apply(in Input, val validated, now time.Time) {
	p.name, p.figures, p.categories = val.name, val.figures, val.categories
	p.address, p.pib, p.pdv = strings.TrimSpace(in.Address), strings.TrimSpace(in.PIB), strings.TrimSpace(in.PDV)
	p.phone, p.cityID, p.typeID = strings.TrimSpace(in.Phone), in.CityID, in.TypeID
	p.updatedAt = now
}

// Edit applies the edit form; newPasswordHash is empty when no password was typed.
func (p *Partner) Edit(in Input, newPasswordHash string, now time.Time) error {
	val, err := in.validate(false, true)
	if err != nil {
		return err
	}
	p.apply(in, val, now)
	if newPasswordHash != "" {
		p.passwordHash = newPasswordHash
	}
	return nil
}

// Row is a validated row of the Excel import: a partner's fields without the app password
// and the active flag, which a spreadsheet never carries (ADR 0009). A row of a known id
// follows the edit rules, a new one the add rules.
type Row struct {
	p      Partner
	exists bool
}

// ParseRow validates a row of the import; exists tells whether the id is a known partner.
func ParseRow(in Input, exists bool, now time.Time) (Row, error) {
	val, err := in.check(rules{parseID: true, editFigures: exists})
	if err != nil {
		return Row{}, err
	}
	r := Row{p: Partner{id: val.id, activation: kernel.Active()}, exists: exists}
	r.p.apply(in, val, now)
	return r, nil
}

// Exists tells whether the row updates a known partner.
func (r Row) Exists() bool { return r.exists }

// State is the row's fields as storage keeps them; PasswordHash and Active are not part of a row.
func (r Row) State() State { return r.p.State() }

// ToggleActive deactivates or reactivates the partner.
func (p *Partner) ToggleActive(now time.Time) {
	p.activation, p.updatedAt = p.activation.Toggled(), now
}

func (p *Partner) ID() kernel.ID                 { return p.id }
func (p *Partner) Name() string                  { return p.name.String() }
func (p *Partner) Figure(f Figure) kernel.Figure { return p.figures[f] }
func (p *Partner) Categories() []kernel.ID       { return append([]kernel.ID(nil), p.categories...) }
func (p *Partner) PasswordHash() string          { return p.passwordHash }
func (p *Partner) IsActive() bool                { return p.activation.IsActive() }
func (p *Partner) CityID() kernel.ID             { return p.cityID }
func (p *Partner) TypeID() kernel.ID             { return p.typeID }
func (p *Partner) UpdatedAt() time.Time          { return p.updatedAt }
func (p *Partner) Address() string               { return p.address }
func (p *Partner) Phone() string                 { return p.phone }
func (p *Partner) PIB() string                   { return p.pib }
func (p *Partner) PDV() string                   { return p.pdv }

// State is a partner as storage keeps it.
type State struct {
	ID                             kernel.ID
	Name, Address, PIB, PDV, Phone string
	CityID, TypeID                 kernel.ID
	Figures                        Figures
	PasswordHash                   string
	Categories                     []kernel.ID
	Active                         bool
	UpdatedAt                      time.Time
}

// Rehydrate rebuilds a stored partner; only repositories call it.
func Rehydrate(s State) *Partner {
	return &Partner{id: s.ID, name: kernel.Name(s.Name), address: s.Address, pib: s.PIB, pdv: s.PDV, phone: s.Phone,
		cityID: s.CityID, typeID: s.TypeID, figures: s.Figures, passwordHash: s.PasswordHash,
		categories: append([]kernel.ID(nil), s.Categories...), activation: kernel.ActivationOf(s.Active), updatedAt: s.UpdatedAt}
}

// State is the partner as storage keeps it.
func (p *Partner) State() State {
	return State{ID: p.id, Name: p.name.String(), Address: p.address, PIB: p.pib, PDV: p.pdv, Phone: p.phone,
		CityID: p.cityID, TypeID: p.typeID, Figures: p.figures, PasswordHash: p.passwordHash, Categories: p.Categories(),
		Active: p.IsActive(), UpdatedAt: p.updatedAt}
}

// ID is the row's partner id.
func (r Row) ID() kernel.ID { return r.p.id }

// Fingerprint is a digest of what an import row sets of a partner: its fields and its
// categories, not its app password, its active flag or its time. A row whose fingerprint
// equals the stored partner's changes nothing (ADR 0027).
func (r Row) Fingerprint() uint64 { return r.State().Fingerprint() }

// Fingerprint is the digest of the partner's fields an import row sets (Row.Fingerprint).
func (s State) Fingerprint() uint64 {
	h := fnv.New64a()
	write := func(parts ...string) {
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0})
		}
	}
	id := func(v kernel.ID) string { return strconv.FormatInt(int64(v), 10) }
	write(id(s.ID), s.Name, s.Address, s.PIB, s.PDV, s.Phone, id(s.CityID), id(s.TypeID))
	for _, f := range s.Figures {
		write(f.String())
	}
	cats := slices.Clone(s.Categories)
	slices.Sort(cats)
	for _, c := range slices.Compact(cats) {
		write(id(c))
	}
	return h.Sum64()
}

// WithCategory is a partner's categories with c added (add) or taken out, sorted, for a bulk
// action on many partners at once (issue 25): changed is false when the partner already was
// so; taking out the last category is ErrNoCategory, as on the form.
func WithCategory(categories []kernel.ID, c kernel.ID, add bool) (next []kernel.ID, changed bool, err error) {
	next, changed = kernel.WithID(categories, c, add)
	if changed && len(next) == 0 {
		return categories, false, ErrNoCategory
	}
	return next, changed, nil
}
