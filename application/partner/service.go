// Package partner is the use-case layer of the partner register: partners with their
// figures and categories, contacts, customer-support messages and the Excel round trip.
package partner

import (
	"context"

	"vitrina/application/spreadsheet"
	"vitrina/domain/kernel"
	"vitrina/domain/partner"
	"vitrina/ports"
	partnerports "vitrina/ports/partner"
)

// Service is the partner use cases.
type Service struct {
	repo    partnerports.PartnerRepository
	types   partnerports.Types
	catalog partnerports.Catalog
	lists   partnerports.PartnerLists
	sheets  ports.Spreadsheet
	// sessions ends a partner's app sessions when it is deactivated or its password changes.
	sessions partnerports.AppSessions
	hasher   ports.PasswordHasher
	tx       ports.TxManager
	clock    ports.Clock
	// audit records an import's own event (ADR 0031); the records it changes record theirs
	// through the store.
	audit ports.AuditLog
	// importing admits one import at a time, across replicas: two would fight over the same ids.
	importing *spreadsheet.Gate
}

// NewService wires the partner use cases.
func NewService(repo partnerports.PartnerRepository, types partnerports.Types, catalog partnerports.Catalog,
	lists partnerports.PartnerLists, sheets ports.Spreadsheet, sessions partnerports.AppSessions, hasher ports.PasswordHasher,
	tx ports.TxManager, clock ports.Clock, auditLog ports.AuditLog, locks ports.Locks) *Service {
	return &Service{repo: repo, types: types, catalog: catalog, lists: lists, sheets: sheets, sessions: sessions, hasher: hasher,
		tx: tx, clock: clock, audit: auditLog, importing: &spreadsheet.Gate{Name: "partner import", Locks: locks}}
}

// Lists are the partner context's list screens.
func (s *Service) Lists() partnerports.PartnerLists { return s.lists }

// Reference errors: the form names a record that does not exist.
var (
	errCity        = kernel.FieldError("city_id", "The selected city id is invalid.")
	errType        = kernel.FieldError("partner_type_id", "The selected partner type id is invalid.")
	errCategories  = kernel.FieldError("categories", "The selected categories is invalid.")
	errContactType = kernel.FieldError("contact_type_id", "The selected contact type id is invalid.")
)

// checkReferences adds to v what the form points to that does not exist.
func (s *Service) checkReferences(ctx context.Context, in partner.Input, v *kernel.Validation) error {
	if in.CityID > 0 {
		ok, err := s.catalog.CityExists(ctx, in.CityID)
		if err != nil {
			return err
		}
		if !ok {
			v.Merge(errCity)
		}
	}
	if in.TypeID > 0 {
		ok, err := s.types.PartnerTypeExists(ctx, in.TypeID)
		if err != nil {
			return err
		}
		if !ok {
			v.Merge(errType)
		}
	}
	missing, err := s.catalog.MissingCategories(ctx, in.CategoryIDs)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		v.Merge(errCategories)
	}
	return nil
}

// validate checks the form and what it points to, and reports every problem at once.
func (s *Service) validate(ctx context.Context, in partner.Input, creating bool) error {
	var v kernel.Validation
	v.Merge(in.Validate(creating))
	if err := s.checkReferences(ctx, in, &v); err != nil {
		return err
	}
	if id, err := partner.ParseID(in.ID); creating && err == nil {
		taken, err := s.repo.ExistingIDs(ctx, []kernel.ID{id})
		if err != nil {
			return err
		}
		if taken[id] {
			v.Merge(partner.ErrIDTaken)
		}
	}
	return v.Err()
}

// Check answers a form as Create (id 0) or Update (the partner's id) would before saving
// anything, so that a transport's own checks of the form join the same answer.
func (s *Service) Check(ctx context.Context, id kernel.ID, in partner.Input) error {
	if id != 0 {
		if _, err := s.lists.Partners.Find(ctx, id); err != nil {
			return err
		}
	}
	return s.validate(ctx, in, id == 0)
}

// Create adds a partner with its hand-entered id (spec §5 "Partner add").
func (s *Service) Create(ctx context.Context, in partner.Input) (partnerports.PartnerView, error) {
	if err := s.validate(ctx, in, true); err != nil {
		return partnerports.PartnerView{}, err
	}
	hash, err := s.hasher.Hash(ctx, in.Password)
	if err != nil {
		return partnerports.PartnerView{}, err
	}
	p, err := partner.New(in, hash, s.clock.Now())
	if err != nil {
		return partnerports.PartnerView{}, err
	}
	if err := s.repo.Add(ctx, p); err != nil {
		return partnerports.PartnerView{}, err
	}
	return s.lists.Partners.Find(ctx, p.ID())
}

// Update applies the edit form of a partner loaded at version; a blank password keeps the old
// one, and a new one ends the app sessions the partner opened with the old one.
func (s *Service) Update(ctx context.Context, id kernel.ID, version kernel.Version, in partner.Input) (partnerports.PartnerView, error) {
	if _, err := s.lists.Partners.Find(ctx, id); err != nil {
		return partnerports.PartnerView{}, err
	}
	if err := s.validate(ctx, in, false); err != nil {
		return partnerports.PartnerView{}, err
	}
	hash := ""
	if in.Password != "" {
		var err error
		if hash, err = s.hasher.Hash(ctx, in.Password); err != nil {
			return partnerports.PartnerView{}, err
		}
	}
	now := s.clock.Now()
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.repo.Update(ctx, id, version, func(p *partner.Partner) error { return p.Edit(in, hash, now) }); err != nil {
			return err
		}
		if hash != "" {
			return s.sessions.EndOwn(ctx, id)
		}
		return nil
	})
	if err != nil {
		return partnerports.PartnerView{}, err
	}
	return s.lists.Partners.Find(ctx, id)
}

// Toggle deactivates or reactivates a partner; deactivation ends every app session of the
// partner, its own and its linked users'.
func (s *Service) Toggle(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	var active bool
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		p, err := s.repo.Update(ctx, id, kernel.AnyVersion, func(p *partner.Partner) error { p.ToggleActive(now); return nil })
		if err != nil {
			return err
		}
		if active = p.IsActive(); !active {
			return s.sessions.EndAll(ctx, id)
		}
		return nil
	})
	return active, err
}

// PartnerTypes lists the partner types for the form's select.
func (s *Service) PartnerTypes(ctx context.Context) ([]partnerports.TypeView, error) {
	return s.types.PartnerTypes(ctx)
}

// ActiveContactTypes lists the contact types a contact may take.
func (s *Service) ActiveContactTypes(ctx context.Context) ([]partnerports.TypeView, error) {
	return s.types.ContactTypes(ctx, true)
}

// Contacts lists a partner's contacts, active and not, in the order they were added.
func (s *Service) Contacts(ctx context.Context, partnerID kernel.ID) ([]partnerports.ContactView, error) {
	if _, err := s.lists.Partners.Find(ctx, partnerID); err != nil {
		return nil, err
	}
	out := []partnerports.ContactView{}
	err := s.lists.Contacts.Stream(ctx, ports.ListQuery{Sort: "id"}.Within("partner_id", partnerID), func(v partnerports.ContactView) error {
		out = append(out, v)
		return nil
	})
	return out, err
}

func (s *Service) checkContactType(ctx context.Context, in partner.ContactInput, v *kernel.Validation) error {
	if in.TypeID <= 0 {
		return nil
	}
	ok, err := s.types.ContactTypeExists(ctx, in.TypeID)
	if err != nil {
		return err
	}
	if !ok {
		v.Merge(errContactType)
	}
	return nil
}

// CreateContact adds a contact to a partner.
func (s *Service) CreateContact(ctx context.Context, partnerID kernel.ID, in partner.ContactInput) (partnerports.ContactView, error) {
	var v kernel.Validation
	if partnerID <= 0 {
		v.Add("partner_id", "The partner id field is required.")
	} else if _, err := s.lists.Partners.Find(ctx, partnerID); err != nil {
		if kernel.KindOf(err) != kernel.KindNotFound {
			return partnerports.ContactView{}, err
		}
		v.Add("partner_id", "The selected partner id is invalid.")
	}
	c, err := partner.NewContact(partnerID, in, s.clock.Now())
	v.Merge(err)
	if err := s.checkContactType(ctx, in, &v); err != nil {
		return partnerports.ContactView{}, err
	}
	if err := v.Err(); err != nil {
		return partnerports.ContactView{}, err
	}
	if err := s.repo.AddContact(ctx, c); err != nil {
		return partnerports.ContactView{}, err
	}
	return s.lists.Contacts.Find(ctx, c.ID())
}

// UpdateContact applies the edit form of a contact loaded at version.
func (s *Service) UpdateContact(ctx context.Context, id kernel.ID, version kernel.Version, in partner.ContactInput) (partnerports.ContactView, error) {
	if _, err := s.lists.Contacts.Find(ctx, id); err != nil {
		return partnerports.ContactView{}, err
	}
	var v kernel.Validation
	if err := s.checkContactType(ctx, in, &v); err != nil {
		return partnerports.ContactView{}, err
	}
	now := s.clock.Now()
	_, err := s.repo.UpdateContact(ctx, id, version, func(c *partner.Contact) error {
		v.Merge(c.Edit(in, now))
		return v.Err()
	})
	if err != nil {
		return partnerports.ContactView{}, err
	}
	return s.lists.Contacts.Find(ctx, id)
}

// ToggleContact deactivates or reactivates a contact.
func (s *Service) ToggleContact(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	c, err := s.repo.UpdateContact(ctx, id, kernel.AnyVersion, func(c *partner.Contact) error { c.ToggleActive(now); return nil })
	if err != nil {
		return false, err
	}
	return c.IsActive(), nil
}

// ToggleSupportMessage deletes or restores a customer-support message.
func (s *Service) ToggleSupportMessage(ctx context.Context, id kernel.ID) (bool, error) {
	now := s.clock.Now()
	m, err := s.repo.UpdateSupportMessage(ctx, id, func(m *partner.SupportMessage) error { m.ToggleActive(now); return nil })
	if err != nil {
		return false, err
	}
	return m.IsActive(), nil
}

// errSupportType answers a support message of a type that does not exist.
var errSupportType = kernel.FieldError("type_id", "The selected type id is invalid.")

// SendSupportMessage records a customer-support message the partner sends from the partner
// app: of an existing type, with a message of 2 to 2,000 characters; every problem is
// reported at once. The message joins the panel's customer-support list and every user's
// unseen count.
func (s *Service) SendSupportMessage(ctx context.Context, partnerID, typeID kernel.ID, message string) (partnerports.SupportMessageView, error) {
	var v kernel.Validation
	m, err := partner.NewSupportMessage(typeID, partnerID, message, s.clock.Now())
	if err := v.Merge(err); err != nil {
		return partnerports.SupportMessageView{}, err
	}
	if typeID > 0 {
		ok, err := s.types.SupportTypeExists(ctx, typeID)
		if err != nil {
			return partnerports.SupportMessageView{}, err
		}
		if !ok {
			v.Merge(errSupportType)
		}
	}
	if err := v.Err(); err != nil {
		return partnerports.SupportMessageView{}, err
	}
	if err := s.repo.AddSupportMessage(ctx, m); err != nil {
		return partnerports.SupportMessageView{}, err
	}
	return s.lists.SupportMessages.Find(ctx, m.ID())
}

// AppProfile is the partner's own record as the partner app shows it.
func (s *Service) AppProfile(ctx context.Context, partnerID kernel.ID) (partnerports.PartnerView, error) {
	return s.lists.Partners.Find(ctx, partnerID)
}

// Evidentions are the active support messages the user has not seen yet (the app bar).
func (s *Service) Evidentions(ctx context.Context, userID kernel.ID) ([]partnerports.EvidentionView, error) {
	return s.repo.Unseen(ctx, userID)
}

// MarkSeen records that the user opened the customer-support screen.
func (s *Service) MarkSeen(ctx context.Context, userID kernel.ID) error {
	return s.repo.MarkSeen(ctx, userID)
}
