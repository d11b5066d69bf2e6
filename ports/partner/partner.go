// Package partnerports declares what the partner context needs from the outside world: its
// repository and lookups, its list screens and the narrow ports through which it asks
// other contexts. Import it as partnerports.
package partnerports

import (
	"context"
	"time"

	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
)

// PartnerRepository loads and saves partners, their contacts and the support messages.
// Update methods load the record, apply fn and save it in one transaction; a record no
// longer at the expected version (kernel.AnyVersion skips the check) is kernel.ErrStale.
type PartnerRepository interface {
	// Add inserts a partner with its hand-entered id (partner.ErrIDTaken when it exists).
	Add(ctx context.Context, p *partner.Partner) error
	Update(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*partner.Partner) error) (*partner.Partner, error)
	// ExistingIDs tells which of ids are partners already.
	ExistingIDs(ctx context.Context, ids []kernel.ID) (map[kernel.ID]bool, error)
	// Fingerprints maps each of ids that names a partner to the digest of what an import row
	// sets of it (partner.State.Fingerprint): a row equal to the stored partner is unchanged.
	Fingerprints(ctx context.Context, ids []kernel.ID) (map[kernel.ID]uint64, error)
	// SaveRows writes an import in batches: new ids are inserted active and without an app
	// password, known ones get the row's fields; categories are replaced. The caller holds
	// the transaction.
	SaveRows(ctx context.Context, rows []partner.Row) error
	// BulkFields reads what a bulk action changes (the active flag, the categories) of the
	// partners among ids, in the caller's transaction, locking their rows where the engine
	// can (PostgreSQL); an id that names no partner is absent.
	BulkFields(ctx context.Context, ids []kernel.ID) (map[kernel.ID]BulkFields, error)
	// SaveBulk writes each change and records its event (a revert of Reverts when set), in
	// the caller's transaction, a few statements for the whole batch.
	SaveBulk(ctx context.Context, changes []BulkChange, now time.Time) error
	// SetActive sets the active flag of the partners among ids that lack it and records
	// each one's event (a revert of reverts[id] when set), in the caller's transaction; it
	// answers the partners changed and those that had the flag already.
	SetActive(ctx context.Context, ids []kernel.ID, active bool, reverts map[kernel.ID]kernel.ID, now time.Time) (changed, already []kernel.ID, err error)

	AddContact(ctx context.Context, c *partner.Contact) error
	UpdateContact(ctx context.Context, id kernel.ID, expected kernel.Version, fn func(*partner.Contact) error) (*partner.Contact, error)
	AddSupportMessage(ctx context.Context, m *partner.SupportMessage) error
	UpdateSupportMessage(ctx context.Context, id kernel.ID, fn func(*partner.SupportMessage) error) (*partner.SupportMessage, error)

	// Unseen lists the active support messages with ids above what the user has seen, newest first.
	Unseen(ctx context.Context, userID kernel.ID) ([]EvidentionView, error)
	// MarkSeen records that the user has seen every message there is now.
	MarkSeen(ctx context.Context, userID kernel.ID) error
}

// BulkFields are the fields of a partner a bulk action changes (ADR 0043).
type BulkFields struct {
	Active     bool
	Categories []kernel.ID // sorted
}

// BulkChange is one partner's change in a bulk action or its undo.
type BulkChange struct {
	ID            kernel.ID
	Before, After BulkFields
	// Reverts is the event this change puts back (an undo), or 0.
	Reverts kernel.ID
}

// Catalog is what the partner context asks the catalog about the cities and categories its
// partners point to. The partner context owns the question; an adapter answers it from the
// catalog's records.
type Catalog interface {
	CityExists(ctx context.Context, id kernel.ID) (bool, error)
	// MissingCategories returns the ids among ids that name no category.
	MissingCategories(ctx context.Context, ids []kernel.ID) ([]kernel.ID, error)
	// ByName maps kernel.NameKey of the names to ids, for the Excel import; a name that two
	// records share maps to the one added first.
	CitiesByName(ctx context.Context) (map[string]kernel.ID, error)
	CategoriesByName(ctx context.Context) (map[string]kernel.ID, error)
}

// AppSessions is what the partner context asks identity when a partner's standing in the
// partner app changes: end its app sessions. The partner context owns the question;
// an adapter answers it from identity's sessions.
type AppSessions interface {
	// EndAll ends every app session of the partner, its own and its linked users' (the
	// partner was deactivated).
	EndAll(ctx context.Context, partnerID kernel.ID) error
	// EndAllOf ends every app session of each of the partners (a bulk deactivation).
	EndAllOf(ctx context.Context, partnerIDs []kernel.ID) error
	// EndOwn ends the app sessions the partner opened with its own id and app password (the
	// password changed); its linked users signed in with their own passwords and stay.
	EndOwn(ctx context.Context, partnerID kernel.ID) error
}

// Types are the partner context's own lookups: partner types and contact types.
type Types interface {
	PartnerTypeExists(ctx context.Context, id kernel.ID) (bool, error)
	ContactTypeExists(ctx context.Context, id kernel.ID) (bool, error)
	SupportTypeExists(ctx context.Context, id kernel.ID) (bool, error)
	// PartnerTypesByName maps kernel.NameKey of the names to ids, for the Excel import.
	PartnerTypesByName(ctx context.Context) (map[string]kernel.ID, error)
	PartnerTypes(ctx context.Context) ([]TypeView, error)
	ContactTypes(ctx context.Context, activeOnly bool) ([]TypeView, error)
}

// Ref is an id and a name.
type Ref struct {
	ID   int64
	Name string
}

// TypeView is a partner or contact type.
type TypeView struct {
	ID       int64
	Name     string
	Icon     string
	IsActive bool
}

// PartnerView is a partner as screens show it. Figures are exact decimals as entered,
// keyed by partner.Figure's Key.
type PartnerView struct {
	ID         int64
	Name       string
	Address    string
	PIB        string
	PDV        string
	CityID     *int64
	CityName   *string
	Phone      string
	Figures    map[string]string
	Categories []Ref
	TypeID     *int64
	TypeName   *string
	IsActive   bool
	UpdatedAt  time.Time
	Version    kernel.Version
}

// CategoryNames are the partner's category names as one text, in order.
func (v PartnerView) CategoryNames() string {
	s := ""
	for i, c := range v.Categories {
		if i > 0 {
			s += ", "
		}
		s += c.Name
	}
	return s
}

// ContactView is a contact with its type.
type ContactView struct {
	ID        int64
	PartnerID int64
	Contact   string
	Type      TypeView
	IsActive  bool
	UpdatedAt time.Time
	Version   kernel.Version
}

// SupportMessageView is a customer-support message as its screen shows it.
type SupportMessageView struct {
	ID          int64
	TypeID      int64
	TypeName    string
	Content     string
	PartnerID   int64
	PartnerName string
	IsActive    bool
	CreatedAt   time.Time
}

// EvidentionView is an unseen support message in the app bar.
type EvidentionView struct {
	ID          int64
	TypeName    string
	PartnerName string
	CreatedAt   time.Time
}

// PartnerLists are the partner context's list screens.
type PartnerLists struct {
	Partners        ports.Lister[PartnerView]
	SupportMessages ports.Lister[SupportMessageView]
	// Contacts are every partner's contacts, active and not; scope "partner_id" lists one's.
	Contacts ports.Lister[ContactView]
}
