-- Sessions of two kinds (ADR 0017): 'panel', a back-office user's sign-in, and 'app', a
-- partner app sign-in, which belongs to a partner and, when a linked user signed in for it,
-- to that user too. A partner signing in with its own id has no users row, so user_id
-- becomes optional.
ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'panel' CHECK (kind IN ('panel', 'app'));
--bun:split
ALTER TABLE sessions ADD COLUMN partner_id BIGINT REFERENCES partners (id) ON DELETE CASCADE;
--bun:split
ALTER TABLE sessions ALTER COLUMN user_id DROP NOT NULL;
--bun:split
ALTER TABLE sessions ADD CONSTRAINT sessions_owner CHECK (
  (kind = 'panel' AND user_id IS NOT NULL AND partner_id IS NULL) OR (kind = 'app' AND partner_id IS NOT NULL));
--bun:split
CREATE INDEX sessions_partner ON sessions (partner_id);
