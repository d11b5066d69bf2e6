-- Saved views (issue 25, ADR 0041): a user's named state of one list. state is JSON
-- (filters, sort, order, per_page, columns); shared_roles the roles it is shared with,
-- comma-separated between commas (",manager,engineer,"), empty when not shared.
CREATE TABLE saved_views (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  list         TEXT NOT NULL,
  name         TEXT NOT NULL,
  name_fold    TEXT NOT NULL,
  state        TEXT NOT NULL,
  is_default   BOOLEAN NOT NULL DEFAULT 0,
  shared_roles TEXT NOT NULL DEFAULT '',
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL,
  version      INTEGER NOT NULL DEFAULT 1
);
--bun:split
CREATE UNIQUE INDEX saved_views_name ON saved_views (owner_id, list, name_fold);
--bun:split
-- One default per user per list, whatever the code does.
CREATE UNIQUE INDEX saved_views_default ON saved_views (owner_id, list) WHERE is_default;
--bun:split
CREATE INDEX saved_views_shared ON saved_views (list) WHERE shared_roles <> '';
