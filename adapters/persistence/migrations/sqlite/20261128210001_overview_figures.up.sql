-- The home page's figures (issue 25, ADR 0042).
--
-- partner_debt_changes: every change of a partner's debt, with the debt it changed from, in
-- the changing transaction (a trigger, so the form, the import, a revert and plain SQL alike
-- leave it). A partner's debt at a past date is the debt its first change after that date
-- started from, or its debt now when it has not changed since; its debt now is what its last
-- change made it (to_debt), so the changes since a date alone give both. Times are UTC text as bun
-- writes them ("2006-01-02 15:04:05.999999+00:00"), so they compare with bound times.
CREATE TABLE partner_debt_changes (
  id         INTEGER PRIMARY KEY,
  partner_id INTEGER NOT NULL,
  at         TIMESTAMP NOT NULL,
  from_debt  BIGINT NOT NULL,
  from_pct   BOOLEAN NOT NULL,
  to_debt    BIGINT NOT NULL,
  to_pct     BOOLEAN NOT NULL
);
--bun:split
-- The changes since a date, read from the index alone.
CREATE INDEX partner_debt_changes_at ON partner_debt_changes (at, partner_id, id, from_debt, from_pct, to_debt, to_pct);
--bun:split
CREATE TRIGGER partner_debt_changes_update AFTER UPDATE OF debt, debt_pct ON partners
WHEN new.debt <> old.debt OR new.debt_pct <> old.debt_pct BEGIN
  INSERT INTO partner_debt_changes (partner_id, at, from_debt, from_pct, to_debt, to_pct)
  VALUES (new.id, strftime('%Y-%m-%d %H:%M:%f', 'now') || '+00:00', old.debt, old.debt_pct, new.debt, new.debt_pct);
END;
--bun:split
-- The failing reasons of a week's deliveries: the failed ones of each notification, by
-- reason, read from this index alone.
CREATE INDEX deliveries_failed_reason ON deliveries (notification_id, reason) WHERE state = 'failed';
--bun:split
-- A campaign's burn-down: the worth of its cart items by the UTC hour they were ordered (the
-- first 13 characters of the time's text), kept by the cart's triggers in the writing
-- transaction, so that a campaign's days read a few hundred rows, not its 200,000 items.
CREATE TABLE campaign_hours (
  campaign_id BIGINT NOT NULL,
  hour        TEXT NOT NULL,
  worth_milli BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, hour)
);
--bun:split
INSERT INTO campaign_hours (campaign_id, hour, worth_milli)
SELECT campaign_id, substr(created_at, 1, 13), sum(price_milli * quantity) FROM cart_items GROUP BY 1, 2;
--bun:split
CREATE TRIGGER campaign_hours_insert AFTER INSERT ON cart_items BEGIN
  INSERT INTO campaign_hours (campaign_id, hour, worth_milli)
  VALUES (new.campaign_id, substr(new.created_at, 1, 13), new.price_milli * new.quantity)
  ON CONFLICT (campaign_id, hour) DO UPDATE SET worth_milli = worth_milli + excluded.worth_milli;
END;
--bun:split
CREATE TRIGGER campaign_hours_delete AFTER DELETE ON cart_items BEGIN
  UPDATE campaign_hours SET worth_milli = worth_milli - old.price_milli * old.quantity
  WHERE campaign_id = old.campaign_id AND hour = substr(old.created_at, 1, 13);
END;
--bun:split
CREATE TRIGGER campaign_hours_update AFTER UPDATE OF campaign_id, created_at, price_milli, quantity ON cart_items BEGIN
  UPDATE campaign_hours SET worth_milli = worth_milli - old.price_milli * old.quantity
  WHERE campaign_id = old.campaign_id AND hour = substr(old.created_at, 1, 13);
  INSERT INTO campaign_hours (campaign_id, hour, worth_milli)
  VALUES (new.campaign_id, substr(new.created_at, 1, 13), new.price_milli * new.quantity)
  ON CONFLICT (campaign_id, hour) DO UPDATE SET worth_milli = worth_milli + excluded.worth_milli;
END;
--bun:split
-- Open support messages by type.
CREATE INDEX support_messages_open_type ON support_messages (type_id) WHERE is_active;
