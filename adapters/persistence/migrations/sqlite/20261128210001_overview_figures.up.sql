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
-- A campaign's burn-down: its cart items' worth by the UTC hour they were ordered (the first
-- 13 characters of the time's text), read from the index alone, in the hours' order.
CREATE INDEX cart_items_hour ON cart_items (campaign_id, substr(created_at, 1, 13), price_milli, quantity);
--bun:split
-- Open support messages by type.
CREATE INDEX support_messages_open_type ON support_messages (type_id) WHERE is_active;
