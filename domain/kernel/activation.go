package kernel

// Activation is the active/inactive state every record of the panel carries (spec §4):
// the delete action deactivates an active record and reactivates an inactive one.
type Activation struct {
	active bool
}

// Active returns an active state.
func Active() Activation { return Activation{active: true} }

// ActivationOf rebuilds a state read from storage.
func ActivationOf(active bool) Activation { return Activation{active: active} }

// IsActive tells the state.
func (a Activation) IsActive() bool { return a.active }

// Toggled returns the opposite state.
func (a Activation) Toggled() Activation { return Activation{active: !a.active} }
