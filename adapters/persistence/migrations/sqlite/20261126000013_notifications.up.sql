-- Push notifications (issue 13, ADR 0022): a notification, its categories, and its outbox: one
-- delivery per device it targets, written in the notification's transaction. The sender
-- claims due pending deliveries, sends them and records the outcome; the notification's
-- figures are kept beside it by the same transactions, so a list page never counts rows.
CREATE TABLE notifications (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  subject           TEXT NOT NULL,
  subject_fold      TEXT NOT NULL,
  notification_text TEXT NOT NULL,
  text_fold         TEXT NOT NULL,
  slider_id         BIGINT REFERENCES sliders (id),
  sent_by           BIGINT REFERENCES users (id),
  created_at        TIMESTAMP NOT NULL,
  devices           BIGINT NOT NULL DEFAULT 0,
  attempted         BIGINT NOT NULL DEFAULT 0,
  delivered         BIGINT NOT NULL DEFAULT 0,
  failed            BIGINT NOT NULL DEFAULT 0,
  not_configured    BIGINT NOT NULL DEFAULT 0
);
--bun:split
CREATE INDEX notifications_created ON notifications (created_at, id);
--bun:split
CREATE TABLE notification_categories (
  notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  category_id     BIGINT NOT NULL REFERENCES categories (id),
  PRIMARY KEY (notification_id, category_id)
) WITHOUT ROWID;
--bun:split
-- The token is copied: a device that re-registers elsewhere or is dropped keeps its deliveries.
CREATE TABLE deliveries (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  notification_id BIGINT NOT NULL REFERENCES notifications (id),
  partner_id      BIGINT NOT NULL REFERENCES partners (id),
  token           TEXT NOT NULL,
  platform        TEXT NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'not_configured')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_at         TIMESTAMP NOT NULL,
  reason          TEXT NOT NULL DEFAULT '',
  updated_at      TIMESTAMP NOT NULL
);
--bun:split
-- What the sender claims next: pending deliveries by due time.
CREATE INDEX deliveries_due ON deliveries (next_at, id) WHERE state = 'pending';
--bun:split
CREATE INDEX deliveries_notification ON deliveries (notification_id, state, id);
