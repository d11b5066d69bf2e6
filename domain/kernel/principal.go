package kernel

// Principal is the authenticated caller of a request, as identity resolves it from a
// session: whoever the other contexts and the HTTP mechanism need to know acts.
type Principal struct {
	UserID    ID
	Username  string
	Roles     []string
	PartnerID *int64
	// TokenHash is the hash of the session's token, so that the session can be ended.
	TokenHash string
}

// IsPartnerLinked tells whether the caller is a partner account.
func (p Principal) IsPartnerLinked() bool { return p.PartnerID != nil }
