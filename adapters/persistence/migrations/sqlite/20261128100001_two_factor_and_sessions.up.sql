-- Two-factor sign-in and sessions one can see (issue 23, ADR 0037).
-- A session gets a public id (never its token's hash), when it was last used, and the
-- address and browser it was opened from.
ALTER TABLE sessions ADD COLUMN id TEXT;
--bun:split
UPDATE sessions SET id = lower(hex(randomblob(12)));
--bun:split
CREATE UNIQUE INDEX sessions_id ON sessions (id);
--bun:split
ALTER TABLE sessions ADD COLUMN last_used_at TIMESTAMP;
--bun:split
UPDATE sessions SET last_used_at = created_at;
--bun:split
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
--bun:split
-- A user's second factor: the TOTP secret, sealed with VITRINA_SECRET_KEY (AES-256-GCM),
-- once confirmed (secret, enabled_at), and the one being set up (pending); last_step is the
-- last time step a code was accepted for, so that each code counts once.
CREATE TABLE user_mfa (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret     TEXT,
  pending    TEXT,
  enabled_at TIMESTAMP,
  last_step  INTEGER NOT NULL DEFAULT 0
);
--bun:split
-- Recovery codes, each used once; kept as an HMAC under the installation's key.
CREATE TABLE mfa_recovery_codes (
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at   TIMESTAMP,
  PRIMARY KEY (user_id, code_hash)
);
--bun:split
-- The second step of a sign-in: the password was right, a code is awaited. Only the hash
-- of the challenge is kept, as with tokens.
CREATE TABLE mfa_challenges (
  challenge_hash TEXT PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at     TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX mfa_challenges_expires ON mfa_challenges (expires_at);
--bun:split
-- Settings an admin changes in the panel, one JSON value each, versioned like records
-- (ADR 0011): 'security' holds the roles that must use two-factor sign-in. No row is the
-- setting's first version, empty.
CREATE TABLE settings (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  version    INTEGER NOT NULL DEFAULT 1,
  updated_at TIMESTAMP NOT NULL
);
