package kernel

// SessionKind tells which door a session was opened through: the back-office panel's
// sign-in or the partner app's. The two never open each other's calls (ADR 0017).
type SessionKind string

const (
	// PanelSession is a back-office user's sign-in (POST /api/login).
	PanelSession SessionKind = "panel"
	// AppSession is a partner app sign-in (POST /api/app/login): the partner with its own
	// id and app password, or a back-office user linked to the partner.
	AppSession SessionKind = "app"
)

// Principal is the authenticated caller of a request, as identity resolves it from a
// session: whoever the other contexts and the HTTP mechanism need to know acts.
type Principal struct {
	// Session is the kind of session the token belongs to; the zero value is a panel one.
	Session SessionKind
	// UserID is the back-office user; 0 for a partner signed in to the app with its own id.
	UserID   ID
	Username string
	// Roles are the user's roles in the panel; an app principal has none.
	Roles []string
	// PartnerID is the partner the caller belongs to: for a panel principal the partner a
	// linked account is tied to (such accounts are refused by the panel's calls), for an
	// app principal the partner the app acts for (always set).
	PartnerID *int64
	// TokenHash is the hash of the session's token, so that the session can be ended.
	TokenHash string
	// MFAEnrolment: the roles require two-factor sign-in and the account has none yet; only
	// the calls that set it up are open (ADR 0037).
	MFAEnrolment bool
}

// IsApp tells whether the caller signed in through the partner app.
func (p Principal) IsApp() bool { return p.Session == AppSession }

// IsPartnerLinked tells whether the caller is a partner account.
func (p Principal) IsPartnerLinked() bool { return p.PartnerID != nil }

// AppPartner is the partner an app principal acts for, and whether p is one.
func (p Principal) AppPartner() (ID, bool) {
	if !p.IsApp() || p.PartnerID == nil {
		return 0, false
	}
	return ID(*p.PartnerID), true
}
