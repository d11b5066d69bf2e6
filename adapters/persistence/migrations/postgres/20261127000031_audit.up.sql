-- The audit log (issue 21, ADR 0031): one row per recorded change, appended in the same
-- transaction as the change, each row hashing its content and the hash of the row before.
-- Ids are given by the chain head (audit_chain), not by a sequence, so that they are
-- consecutive in chain order and a rolled-back change leaves no gap.
CREATE TABLE audit_events (
  id              BIGINT PRIMARY KEY,
  at              TIMESTAMPTZ NOT NULL,
  actor_kind      TEXT NOT NULL,
  actor_id        BIGINT NOT NULL DEFAULT 0,
  actor_name      TEXT NOT NULL DEFAULT '',
  resource        TEXT NOT NULL,
  record_id       BIGINT NOT NULL DEFAULT 0,
  parent_resource TEXT,
  parent_id       BIGINT,
  partner_id      BIGINT,
  action          TEXT NOT NULL,
  changes         TEXT NOT NULL DEFAULT '[]',
  import_id       TEXT,
  reverts         BIGINT,
  request_id      TEXT NOT NULL DEFAULT '',
  address         TEXT NOT NULL DEFAULT '',
  search          TEXT NOT NULL DEFAULT '',
  prev_hash       TEXT NOT NULL,
  hash            TEXT NOT NULL
);
--bun:split
-- One record's history, newest first.
CREATE INDEX audit_events_record ON audit_events (resource, record_id, id DESC);
--bun:split
-- A user's (or a partner account's) day.
CREATE INDEX audit_events_actor ON audit_events (actor_kind, actor_id, at);
--bun:split
-- A resource and an action, newest first.
CREATE INDEX audit_events_action ON audit_events (resource, action, id DESC);
--bun:split
-- A partner's timeline: events by or about it.
CREATE INDEX audit_events_partner ON audit_events (partner_id, id DESC) WHERE partner_id IS NOT NULL;
--bun:split
-- A parent's links (a campaign's partners, products, categories).
CREATE INDEX audit_events_parent ON audit_events (parent_resource, parent_id, id DESC) WHERE parent_id IS NOT NULL;
--bun:split
-- The events of one import.
CREATE INDEX audit_events_import ON audit_events (import_id) WHERE import_id IS NOT NULL;
--bun:split
-- The chain head, one row: the last appended event and its hash (appends lock this row, so
-- they are serialised on every engine), and the anchor: the last archived event and its
-- hash, where verification starts once older events are archived.
CREATE TABLE audit_chain (
  one         INTEGER PRIMARY KEY CHECK (one = 1),
  last_id     BIGINT NOT NULL,
  last_hash   TEXT NOT NULL,
  anchor_id   BIGINT NOT NULL,
  anchor_hash TEXT NOT NULL
);
--bun:split
INSERT INTO audit_chain (one, last_id, last_hash, anchor_id, anchor_hash) VALUES (1, 0, '', 0, '');
