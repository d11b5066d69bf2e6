package security

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"sync"

	identityports "vitrina/ports/identity"
)

// DeviceCookies signs the device cookies of sign-in (ADR 0025, OWASP's "device cookies"):
// "d1.<device>.<mac>", where device is 18 random bytes and mac the HMAC-SHA256 of the
// account's throttle key and the device under the installation's key. The account is not
// written in the cookie; a cookie is valid only for the account it was issued to.
type DeviceCookies struct {
	source KeySource

	mu  sync.Mutex
	key []byte
}

// KeySource gives the key that signs device cookies; it is asked once, and again only
// after it failed.
type KeySource func(ctx context.Context) ([]byte, error)

var _ identityports.DeviceCookies = (*DeviceCookies)(nil)

// NewDeviceCookies signs with the key source gives.
func NewDeviceCookies(source KeySource) *DeviceCookies { return &DeviceCookies{source: source} }

const (
	deviceVersion = "d1"
	deviceBytes   = 18
	// deviceKeyInfo separates the device cookies' key from any other use of the secret.
	deviceKeyInfo = "vitrina device cookie v1"
)

// SecretKey derives the cookie key from the configured secret (VITRINA_SECRET_KEY).
func SecretKey(secret string) KeySource {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(deviceKeyInfo))
	key := mac.Sum(nil)
	return func(context.Context) ([]byte, error) { return key, nil }
}

// StoredKey is a key made once and kept by store under the name "device-cookie-key", so
// that every instance over one database signs alike; store keeps the first one stored.
func StoredKey(store func(ctx context.Context, name string, generate func() (string, error)) (string, error)) KeySource {
	return func(ctx context.Context) ([]byte, error) {
		v, err := store(ctx, "device-cookie-key", func() (string, error) {
			b := make([]byte, 32)
			if _, err := rand.Read(b); err != nil {
				return "", err
			}
			return hex.EncodeToString(b), nil
		})
		if err != nil {
			return nil, err
		}
		key, err := hex.DecodeString(v)
		if err != nil || len(key) < 32 {
			return nil, errors.New("device cookies: the stored key is malformed")
		}
		return key, nil
	}
}

func (d *DeviceCookies) signingKey(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.key == nil {
		key, err := d.source(ctx)
		if err != nil {
			return nil, err
		}
		d.key = key
	}
	return d.key, nil
}

func deviceMAC(key []byte, account, device string) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(deviceVersion + "\x00" + account + "\x00" + device))
	return mac.Sum(nil)
}

// Issue is a new cookie for a new device of the account.
func (d *DeviceCookies) Issue(ctx context.Context, account string) (string, error) {
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", err
	}
	b := make([]byte, deviceBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	device := base64.RawURLEncoding.EncodeToString(b)
	return deviceVersion + "." + device + "." + base64.RawURLEncoding.EncodeToString(deviceMAC(key, account, device)), nil
}

// Device is the device the cookie names when its signature holds for the account.
func (d *DeviceCookies) Device(ctx context.Context, cookie, account string) (string, bool, error) {
	parts := strings.Split(cookie, ".")
	if len(parts) != 3 || parts[0] != deviceVersion {
		return "", false, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil || len(raw) != deviceBytes {
		return "", false, nil
	}
	mac, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return "", false, nil
	}
	key, err := d.signingKey(ctx)
	if err != nil {
		return "", false, err
	}
	if !hmac.Equal(mac, deviceMAC(key, account, parts[1])) {
		return "", false, nil
	}
	return parts[1], true, nil
}
