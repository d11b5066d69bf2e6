-- Bulk actions and their undo (issue 25, ADR 0043). A run is one bulk action or one undo:
-- its own event in the log is the first of its group (audit_events.import_id = grp), every
-- record it changed has an event of the same group, and the run keeps how far it got.
CREATE TABLE bulk_runs (
  grp         TEXT PRIMARY KEY,
  event_id    INTEGER UNIQUE,
  kind        TEXT NOT NULL,
  resource    TEXT NOT NULL,
  scope_id    INTEGER NOT NULL DEFAULT 0,
  action      TEXT NOT NULL,
  actor_id    INTEGER NOT NULL,
  total       INTEGER NOT NULL,
  done        INTEGER NOT NULL DEFAULT 0,
  unchanged   INTEGER NOT NULL DEFAULT 0,
  skipped     INTEGER NOT NULL DEFAULT 0,
  state       TEXT NOT NULL,
  failure     TEXT NOT NULL DEFAULT '',
  started_at  TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,
  undo_of     INTEGER
);
--bun:split
-- One undo per action: a second undo's insert fails on this index.
CREATE UNIQUE INDEX bulk_runs_undo_of ON bulk_runs (undo_of) WHERE undo_of IS NOT NULL;
--bun:split
-- The records a run left alone, with why (the row rule's slug and English message).
CREATE TABLE bulk_skips (
  grp       TEXT NOT NULL,
  record_id INTEGER NOT NULL,
  code      TEXT NOT NULL,
  reason    TEXT NOT NULL,
  PRIMARY KEY (grp, record_id)
);
--bun:split
-- A run's events in id order, read a batch at a time by the undo.
DROP INDEX audit_events_import;
--bun:split
CREATE INDEX audit_events_import ON audit_events (import_id, id) WHERE import_id IS NOT NULL;
