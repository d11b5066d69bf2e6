-- Each campaign's tab totals kept by triggers (ADR 0019): the Partners tab's row count and
-- cash, the Cart tab's row count, ordered worth and delivered worth. An unfiltered tab reads
-- its total and its sums here instead of adding up 100,000 rows on every page.
CREATE TABLE campaign_totals (
  campaign_id     BIGINT PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
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
CREATE TRIGGER campaign_totals_campaign AFTER INSERT ON campaigns BEGIN
  INSERT INTO campaign_totals (campaign_id) VALUES (new.id);
END;
--bun:split
CREATE TRIGGER campaign_totals_partner_insert AFTER INSERT ON campaign_partners BEGIN
  UPDATE campaign_totals SET partners = partners + 1, cash_milli = cash_milli + new.cash_milli
  WHERE campaign_id = new.campaign_id;
END;
--bun:split
CREATE TRIGGER campaign_totals_partner_delete AFTER DELETE ON campaign_partners BEGIN
  UPDATE campaign_totals SET partners = partners - 1, cash_milli = cash_milli - old.cash_milli
  WHERE campaign_id = old.campaign_id;
END;
--bun:split
CREATE TRIGGER campaign_totals_partner_update AFTER UPDATE OF cash_milli ON campaign_partners
WHEN new.cash_milli <> old.cash_milli BEGIN
  UPDATE campaign_totals SET cash_milli = cash_milli + new.cash_milli - old.cash_milli
  WHERE campaign_id = new.campaign_id;
END;
--bun:split
CREATE TRIGGER campaign_totals_item_insert AFTER INSERT ON cart_items BEGIN
  UPDATE campaign_totals SET items = items + 1, ordered_milli = ordered_milli + new.price_milli * new.quantity,
    delivered_milli = delivered_milli + CASE WHEN new.delivered THEN new.price_milli * new.quantity ELSE 0 END
  WHERE campaign_id = new.campaign_id;
END;
--bun:split
CREATE TRIGGER campaign_totals_item_delete AFTER DELETE ON cart_items BEGIN
  UPDATE campaign_totals SET items = items - 1, ordered_milli = ordered_milli - old.price_milli * old.quantity,
    delivered_milli = delivered_milli - CASE WHEN old.delivered THEN old.price_milli * old.quantity ELSE 0 END
  WHERE campaign_id = old.campaign_id;
END;
--bun:split
CREATE TRIGGER campaign_totals_item_update AFTER UPDATE OF delivered, price_milli, quantity ON cart_items BEGIN
  UPDATE campaign_totals SET ordered_milli = ordered_milli + new.price_milli * new.quantity - old.price_milli * old.quantity,
    delivered_milli = delivered_milli + CASE WHEN new.delivered THEN new.price_milli * new.quantity ELSE 0 END
      - CASE WHEN old.delivered THEN old.price_milli * old.quantity ELSE 0 END
  WHERE campaign_id = new.campaign_id;
END;
