-- The outbox's claims by range (ADR 0022, "Claims by range"): a notification's first
-- attempts are handed out from a cursor over its deliveries, a range at a time under one
-- lease row, instead of a lease written into every delivery. Only a retry (a delivery
-- pending after an attempt) is still leased in its own row, through next_at.
--
-- delivery_cursors: the deliveries of a notification after after_id (up to last_id) that
-- no sender has been handed yet.
CREATE TABLE delivery_cursors (
  notification_id BIGINT PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
  after_id        BIGINT NOT NULL,
  last_id         BIGINT NOT NULL
);
--bun:split
-- delivery_leases: a range of a notification's deliveries handed to one sender until
-- `until`; its deliveries still pending and never attempted are that sender's meanwhile,
-- and anyone's once it has ended. holder changes whenever a sender takes the lease, so a
-- sender ends only a lease it still holds.
CREATE TABLE delivery_leases (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  first_id        BIGINT NOT NULL,
  last_id         BIGINT NOT NULL,
  holder          BIGINT NOT NULL,
  until           TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX delivery_leases_until ON delivery_leases (until, id);
--bun:split
-- A delivery is the record of one send, kept like an audit event: it names its notification
-- and its partner by id. The table is rebuilt without its two foreign keys, each a lookup
-- per inserted row guarding against nothing the code does (the deliveries are written by
-- one INSERT … SELECT from the devices joined to their partners, after their notification in
-- the same transaction, and neither partners nor notifications are ever deleted).
CREATE TABLE deliveries_rebuilt (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id BIGINT NOT NULL,
  partner_id      BIGINT NOT NULL,
  token           TEXT NOT NULL,
  platform        TEXT NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'not_configured')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_at         TIMESTAMP NOT NULL,
  reason          TEXT NOT NULL DEFAULT '',
  updated_at      TIMESTAMP NOT NULL
);
--bun:split
INSERT INTO deliveries_rebuilt (id, notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at)
SELECT id, notification_id, partner_id, token, platform, state, attempts, next_at, reason, updated_at FROM deliveries;
--bun:split
DROP TABLE deliveries;
--bun:split
ALTER TABLE deliveries_rebuilt RENAME TO deliveries;
--bun:split
CREATE INDEX deliveries_notification ON deliveries (notification_id, state, id);
--bun:split
-- The deliveries waiting for a retry; the first attempts are found through the cursors and
-- the leases, so they no longer sit in an index they leave at once (deliveries_due went
-- with the old table).
CREATE INDEX deliveries_retry ON deliveries (next_at, id) WHERE state = 'pending' AND attempts > 0;
--bun:split
-- First attempts owed when this runs: one lease per notification that ends when the
-- lease an earlier sender wrote into its deliveries (next_at) would have.
INSERT INTO delivery_leases (notification_id, first_id, last_id, holder, until)
SELECT notification_id, min(id), max(id), 0, max(next_at) FROM deliveries
WHERE state = 'pending' AND attempts = 0 GROUP BY notification_id;
