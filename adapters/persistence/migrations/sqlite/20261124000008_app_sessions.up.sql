-- Sessions of two kinds (ADR 0017): 'panel', a back-office user's sign-in, and 'app', a
-- partner app sign-in, which belongs to a partner and, when a linked user signed in for it,
-- to that user too. A partner signing in with its own id has no users row, so user_id
-- becomes optional; SQLite cannot drop a NOT NULL, so the table is rebuilt.
CREATE TABLE sessions_new (
  token_hash TEXT PRIMARY KEY,
  kind       TEXT NOT NULL DEFAULT 'panel' CHECK (kind IN ('panel', 'app')),
  user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
  partner_id INTEGER REFERENCES partners (id) ON DELETE CASCADE,
  expires_at TIMESTAMP NOT NULL,
  created_at TIMESTAMP NOT NULL,
  CONSTRAINT sessions_owner CHECK (
    (kind = 'panel' AND user_id IS NOT NULL AND partner_id IS NULL) OR (kind = 'app' AND partner_id IS NOT NULL))
);
--bun:split
INSERT INTO sessions_new (token_hash, kind, user_id, expires_at, created_at)
  SELECT token_hash, 'panel', user_id, expires_at, created_at FROM sessions;
--bun:split
DROP TABLE sessions;
--bun:split
ALTER TABLE sessions_new RENAME TO sessions;
--bun:split
CREATE INDEX sessions_user ON sessions (user_id);
--bun:split
CREATE INDEX sessions_partner ON sessions (partner_id);
--bun:split
CREATE INDEX sessions_expires ON sessions (expires_at);
