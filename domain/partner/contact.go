package partner

import (
	"strings"
	"time"

	"vitrina/domain/kernel"
)

// Contact is one way of reaching a partner: a phone number, an e-mail address, a web page…,
// of a contact type.
type Contact struct {
	id         kernel.ID
	partnerID  kernel.ID
	typeID     kernel.ID
	text       string
	activation kernel.Activation
	updatedAt  time.Time
}

// ContactInput is the contact form.
type ContactInput struct {
	Contact string
	TypeID  kernel.ID
}

func (in ContactInput) validate() (string, error) {
	var v kernel.Validation
	text := strings.TrimSpace(in.Contact)
	v.RequiredText("contact", text, kernel.MaxContactLength)
	if in.TypeID <= 0 {
		v.Add("contact_type_id", "The contact type id field is required.")
	}
	return text, v.Err()
}

// NewContact validates a new, active contact of the partner.
func NewContact(partnerID kernel.ID, in ContactInput, now time.Time) (*Contact, error) {
	text, err := in.validate()
	if err != nil {
		return nil, err
	}
	return &Contact{partnerID: partnerID, typeID: in.TypeID, text: text, activation: kernel.Active(), updatedAt: now}, nil
}

// RehydrateContact rebuilds a stored contact; only repositories call it.
func RehydrateContact(id, partnerID, typeID kernel.ID, text string, active bool, updatedAt time.Time) *Contact {
	return &Contact{id: id, partnerID: partnerID, typeID: typeID, text: text, activation: kernel.ActivationOf(active), updatedAt: updatedAt}
}

// Edit applies the edit form.
func (c *Contact) Edit(in ContactInput, now time.Time) error {
	text, err := in.validate()
	if err != nil {
		return err
	}
	c.text, c.typeID, c.updatedAt = text, in.TypeID, now
	return nil
}

// ToggleActive deactivates or reactivates the contact.
func (c *Contact) ToggleActive(now time.Time) {
	c.activation, c.updatedAt = c.activation.Toggled(), now
}

// SetID is for repositories assigning the generated id.
func (c *Contact) SetID(id kernel.ID) { c.id = id }

func (c *Contact) ID() kernel.ID        { return c.id }
func (c *Contact) PartnerID() kernel.ID { return c.partnerID }
func (c *Contact) TypeID() kernel.ID    { return c.typeID }
func (c *Contact) Text() string         { return c.text }
func (c *Contact) IsActive() bool       { return c.activation.IsActive() }
func (c *Contact) UpdatedAt() time.Time { return c.updatedAt }

// SupportMessage is a suggestion or a complaint a partner sent from the partners' app.
type SupportMessage struct {
	id         kernel.ID
	typeID     kernel.ID
	partnerID  kernel.ID
	content    string
	activation kernel.Activation
	createdAt  time.Time
	updatedAt  time.Time
}

// NewSupportMessage validates a new, active message. Its fields are named as the partner
// app's form names them: type_id and message.
func NewSupportMessage(typeID, partnerID kernel.ID, content string, now time.Time) (*SupportMessage, error) {
	var v kernel.Validation
	content = strings.TrimSpace(content)
	v.RequiredParagraph("message", content, kernel.MaxDescriptionLength)
	if typeID <= 0 {
		v.Add("type_id", "The type id field is required.")
	}
	if partnerID <= 0 {
		v.Add("partner_id", "The partner id field is required.")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return &SupportMessage{typeID: typeID, partnerID: partnerID, content: content, activation: kernel.Active(), createdAt: now, updatedAt: now}, nil
}

// RehydrateSupportMessage rebuilds a stored message; only repositories call it.
func RehydrateSupportMessage(id, typeID, partnerID kernel.ID, content string, active bool, createdAt, updatedAt time.Time) *SupportMessage {
	return &SupportMessage{id: id, typeID: typeID, partnerID: partnerID, content: content,
		activation: kernel.ActivationOf(active), createdAt: createdAt, updatedAt: updatedAt}
}

// ToggleActive deletes or restores the message (spec §2 "Customer support").
func (m *SupportMessage) ToggleActive(now time.Time) {
	m.activation, m.updatedAt = m.activation.Toggled(), now
}

// SetID is for repositories assigning the generated id.
func (m *SupportMessage) SetID(id kernel.ID) { m.id = id }

func (m *SupportMessage) ID() kernel.ID        { return m.id }
func (m *SupportMessage) TypeID() kernel.ID    { return m.typeID }
func (m *SupportMessage) PartnerID() kernel.ID { return m.partnerID }
func (m *SupportMessage) Content() string      { return m.content }
func (m *SupportMessage) IsActive() bool       { return m.activation.IsActive() }
func (m *SupportMessage) CreatedAt() time.Time { return m.createdAt }
func (m *SupportMessage) UpdatedAt() time.Time { return m.updatedAt }
