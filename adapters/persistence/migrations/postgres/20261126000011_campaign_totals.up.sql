-- Each campaign's tab totals kept by triggers (ADR 0019): the Partners tab's row count and
-- cash, the Cart tab's row count, ordered worth and delivered worth. An unfiltered tab reads
-- its total and its sums here instead of adding up 100,000 rows on every page.
--
-- On PostgreSQL a change adds a row of differences instead of updating one row per campaign:
-- an update would make every order of a campaign wait for the others and, taken after the
-- partner's row lock, deadlock with a composition save that takes them the other way round.
-- The rows are summed on read and folded into one now and then (campaign_totals_fold). No
-- foreign key: checking one would lock the campaign's row, which the composition holds.
CREATE TABLE campaign_totals (
  campaign_id     BIGINT NOT NULL,
  partners        BIGINT NOT NULL DEFAULT 0,
  cash_milli      BIGINT NOT NULL DEFAULT 0,
  items           BIGINT NOT NULL DEFAULT 0,
  ordered_milli   BIGINT NOT NULL DEFAULT 0,
  delivered_milli BIGINT NOT NULL DEFAULT 0
);
--bun:split
INSERT INTO campaign_totals (campaign_id, partners, cash_milli, items, ordered_milli, delivered_milli)
SELECT cm.id,
  (SELECT count(*) FROM campaign_partners AS cp WHERE cp.campaign_id = cm.id),
  (SELECT coalesce(sum(cp.cash_milli), 0) FROM campaign_partners AS cp WHERE cp.campaign_id = cm.id),
  (SELECT count(*) FROM cart_items AS ci WHERE ci.campaign_id = cm.id),
  (SELECT coalesce(sum(ci.price_milli * ci.quantity), 0) FROM cart_items AS ci WHERE ci.campaign_id = cm.id),
  (SELECT coalesce(sum(ci.price_milli * ci.quantity), 0) FROM cart_items AS ci WHERE ci.campaign_id = cm.id AND ci.delivered)
FROM campaigns AS cm;
--bun:split
CREATE INDEX campaign_totals_campaign ON campaign_totals (campaign_id);
--bun:split
-- campaign_totals_fold folds a campaign's rows of differences into one, when there are a few
-- of them and no other transaction is folding them (the advisory lock is held to its end):
-- only folds delete these rows, so nothing else waits for them.
CREATE FUNCTION campaign_totals_fold(c BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM campaign_totals WHERE campaign_id = c LIMIT 8) AS few) >= 8
     AND pg_try_advisory_xact_lock(20261126, c::int) THEN
    WITH gone AS (DELETE FROM campaign_totals WHERE campaign_id = c RETURNING *)
    INSERT INTO campaign_totals (campaign_id, partners, cash_milli, items, ordered_milli, delivered_milli)
    SELECT c, coalesce(sum(partners), 0), coalesce(sum(cash_milli), 0), coalesce(sum(items), 0),
      coalesce(sum(ordered_milli), 0), coalesce(sum(delivered_milli), 0) FROM gone;
  END IF;
END $$;
--bun:split
-- Statement-level triggers with transition tables (as row_counts): a prune of 50,000 partners
-- or an upload of 100,000 cash cells adds one row, not one per partner.
CREATE FUNCTION campaign_totals_partners_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, partners, cash_milli)
  SELECT campaign_id, sum(n), sum(cash) FROM (
          SELECT campaign_id, count(*) AS n, sum(cash_milli) AS cash FROM new_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(cash) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM new_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION campaign_totals_partners_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, partners, cash_milli)
  SELECT campaign_id, sum(n), sum(cash) FROM (
          SELECT campaign_id, -count(*) AS n, -sum(cash_milli) AS cash FROM old_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(cash) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM old_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION campaign_totals_partners_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, partners, cash_milli)
  SELECT campaign_id, sum(n), sum(cash) FROM (
          SELECT campaign_id, count(*) AS n, sum(cash_milli) AS cash FROM new_rows GROUP BY campaign_id
          UNION ALL
          SELECT campaign_id, -count(*) AS n, -sum(cash_milli) AS cash FROM old_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(cash) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM new_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION campaign_totals_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, items, ordered_milli, delivered_milli)
  SELECT campaign_id, sum(n), sum(ordered), sum(delivered) FROM (
          SELECT campaign_id, count(*) AS n, sum(price_milli * quantity) AS ordered,
            sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END) AS delivered FROM new_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(ordered) <> 0 OR sum(delivered) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM new_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION campaign_totals_items_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, items, ordered_milli, delivered_milli)
  SELECT campaign_id, sum(n), sum(ordered), sum(delivered) FROM (
          SELECT campaign_id, -count(*) AS n, -sum(price_milli * quantity) AS ordered,
            -sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END) AS delivered FROM old_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(ordered) <> 0 OR sum(delivered) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM old_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION campaign_totals_items_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_totals (campaign_id, items, ordered_milli, delivered_milli)
  SELECT campaign_id, sum(n), sum(ordered), sum(delivered) FROM (
          SELECT campaign_id, count(*) AS n, sum(price_milli * quantity) AS ordered,
            sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END) AS delivered FROM new_rows GROUP BY campaign_id
          UNION ALL
          SELECT campaign_id, -count(*) AS n, -sum(price_milli * quantity) AS ordered,
            -sum(CASE WHEN delivered THEN price_milli * quantity ELSE 0 END) AS delivered FROM old_rows GROUP BY campaign_id) AS u
  GROUP BY campaign_id HAVING sum(n) <> 0 OR sum(ordered) <> 0 OR sum(delivered) <> 0;
  PERFORM campaign_totals_fold(c.campaign_id) FROM (SELECT DISTINCT campaign_id FROM new_rows) AS c;
  RETURN NULL;
END $$;
--bun:split
CREATE TRIGGER campaign_totals_partners_insert AFTER INSERT ON campaign_partners
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_partners_insert();
--bun:split
CREATE TRIGGER campaign_totals_partners_delete AFTER DELETE ON campaign_partners
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_partners_delete();
--bun:split
CREATE TRIGGER campaign_totals_partners_update AFTER UPDATE ON campaign_partners
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_partners_update();
--bun:split
CREATE TRIGGER campaign_totals_items_insert AFTER INSERT ON cart_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_items_insert();
--bun:split
CREATE TRIGGER campaign_totals_items_delete AFTER DELETE ON cart_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_items_delete();
--bun:split
CREATE TRIGGER campaign_totals_items_update AFTER UPDATE ON cart_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_totals_items_update();
