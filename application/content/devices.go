package content

import (
	"context"

	"vitrina/domain/content"
	"vitrina/domain/kernel"
	"vitrina/ports"
	contentports "vitrina/ports/content"
)

// Devices are the partner app's device registrations (issue 13): the push tokens
// notifications go to.
type Devices struct {
	repo  contentports.DeviceRepository
	clock ports.Clock
}

// NewDevices wires the device use cases.
func NewDevices(repo contentports.DeviceRepository, clock ports.Clock) *Devices {
	return &Devices{repo: repo, clock: clock}
}

// Register registers the signed-in partner's device; registering it again is harmless, and a
// token another partner had moves to this one.
func (d *Devices) Register(ctx context.Context, partnerID kernel.ID, token, platform string) (content.Device, error) {
	dev, err := content.NewDevice(token, platform)
	if err != nil {
		return content.Device{}, err
	}
	return dev, d.repo.Register(ctx, partnerID, dev, d.clock.Now())
}

// Remove forgets the partner's device; another partner's token is not found.
func (d *Devices) Remove(ctx context.Context, partnerID kernel.ID, token string) error {
	return d.repo.Remove(ctx, partnerID, token)
}
