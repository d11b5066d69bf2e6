package security

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	identityports "vitrina/ports/identity"
)

// SecretKeyBytes is the length of VITRINA_SECRET_KEY: 32 random bytes, written as 64 hex
// digits (ADR 0037).
const SecretKeyBytes = 32

// ParseSecretKey reads VITRINA_SECRET_KEY: exactly 64 hex digits. The error says what is
// wrong without repeating the value.
func ParseSecretKey(v string) ([]byte, error) {
	v = strings.TrimSpace(v)
	if len(v) != 2*SecretKeyBytes {
		return nil, fmt.Errorf("VITRINA_SECRET_KEY must be %d random bytes written as %d hex digits (it has %d characters); make one with: openssl rand -hex %d",
			SecretKeyBytes, 2*SecretKeyBytes, len(v), SecretKeyBytes)
	}
	key, err := hex.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("VITRINA_SECRET_KEY must be written in hex digits (0-9, a-f); make one with: openssl rand -hex %d", SecretKeyBytes)
	}
	return key, nil
}

// SecretBox seals the two-factor secrets with AES-256-GCM under a key derived from
// VITRINA_SECRET_KEY, and keys the recovery codes' hashes (HMAC-SHA256) with another key
// derived from it. Sealed text is "s1." + base64url(nonce ‖ ciphertext).
type SecretBox struct {
	aead cipher.AEAD
	mac  []byte
}

var _ identityports.SecretBox = (*SecretBox)(nil)

// NewSecretBox seals under key (ParseSecretKey's); a nil key makes a box that is not
// configured and refuses to seal or open.
func NewSecretBox(key []byte) (*SecretBox, error) {
	if key == nil {
		return &SecretBox{}, nil
	}
	block, err := aes.NewCipher(derive(key, "vitrina mfa secret v1"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &SecretBox{aead: aead, mac: derive(key, "vitrina recovery code v1")}, nil
}

func derive(key []byte, info string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(info))
	return m.Sum(nil)
}

// errNoKey answers sealing without a key.
var errNoKey = errors.New("secret box: VITRINA_SECRET_KEY is not set")

// Configured tells whether a key is set.
func (b *SecretBox) Configured() bool { return b.aead != nil }

const sealedPrefix = "s1."

// Seal encrypts plain with a random nonce.
func (b *SecretBox) Seal(plain []byte) (string, error) {
	if b.aead == nil {
		return "", errNoKey
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return sealedPrefix + base64.RawURLEncoding.EncodeToString(b.aead.Seal(nonce, nonce, plain, nil)), nil
}

// Open decrypts what Seal made; a text sealed under another key, or altered, is an error.
func (b *SecretBox) Open(sealed string) ([]byte, error) {
	if b.aead == nil {
		return nil, errNoKey
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(sealed, sealedPrefix))
	if err != nil || !strings.HasPrefix(sealed, sealedPrefix) || len(raw) < b.aead.NonceSize() {
		return nil, errors.New("secret box: the sealed text is malformed")
	}
	n := b.aead.NonceSize()
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return nil, errors.New("secret box: the sealed text does not open with this key (VITRINA_SECRET_KEY changed?)")
	}
	return plain, nil
}

// MAC is the keyed hash of s, hex; with no key it is a plain SHA-256 (nothing is sealed
// then, and no code is kept).
func (b *SecretBox) MAC(s string) string {
	m := hmac.New(sha256.New, b.mac)
	m.Write([]byte(s))
	return hex.EncodeToString(m.Sum(nil))
}
