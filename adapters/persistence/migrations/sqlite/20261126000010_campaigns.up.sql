-- The campaign context (ADR 0019): campaigns, their categories, products and partners (each
-- with its cash in thousandths and the worth of its cart, spent_milli, kept by the store in
-- the transaction that changes the cart), and the cart's items at the price of their order.
CREATE TABLE campaigns (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT NOT NULL,
  name_fold   TEXT NOT NULL,
  description TEXT NOT NULL,
  description_fold TEXT NOT NULL,
  image       TEXT NOT NULL,
  is_visible  BOOLEAN NOT NULL DEFAULT 1,
  is_active   BOOLEAN NOT NULL DEFAULT 1,
  created_at  TIMESTAMP NOT NULL,
  updated_at  TIMESTAMP NOT NULL,
  version     INTEGER NOT NULL DEFAULT 1
);
--bun:split
CREATE INDEX campaigns_updated ON campaigns (updated_at, id);
--bun:split
CREATE INDEX campaigns_name ON campaigns (name_fold, id);
--bun:split
CREATE VIRTUAL TABLE campaigns_fts USING fts5 (name_fold, description_fold, content = 'campaigns', content_rowid = 'id', tokenize = 'trigram');
--bun:split
CREATE TRIGGER campaigns_fts_ai AFTER INSERT ON campaigns BEGIN
  INSERT INTO campaigns_fts (rowid, name_fold, description_fold) VALUES (new.id, new.name_fold, new.description_fold);
END;
--bun:split
CREATE TRIGGER campaigns_fts_ad AFTER DELETE ON campaigns BEGIN
  INSERT INTO campaigns_fts (campaigns_fts, rowid, name_fold, description_fold) VALUES ('delete', old.id, old.name_fold, old.description_fold);
END;
--bun:split
CREATE TRIGGER campaigns_fts_au AFTER UPDATE OF name_fold, description_fold ON campaigns BEGIN
  INSERT INTO campaigns_fts (campaigns_fts, rowid, name_fold, description_fold) VALUES ('delete', old.id, old.name_fold, old.description_fold);
  INSERT INTO campaigns_fts (rowid, name_fold, description_fold) VALUES (new.id, new.name_fold, new.description_fold);
END;
--bun:split
CREATE TABLE campaign_categories (
  campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  category_id BIGINT NOT NULL REFERENCES categories (id),
  PRIMARY KEY (campaign_id, category_id)
) WITHOUT ROWID;
--bun:split
CREATE INDEX campaign_categories_category ON campaign_categories (category_id, campaign_id);
--bun:split
CREATE TABLE campaign_products (
  campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  product_id  BIGINT NOT NULL REFERENCES products (id),
  PRIMARY KEY (campaign_id, product_id)
) WITHOUT ROWID;
--bun:split
CREATE INDEX campaign_products_product ON campaign_products (product_id, campaign_id);
--bun:split
CREATE TABLE campaign_partners (
  campaign_id BIGINT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  partner_id  BIGINT NOT NULL REFERENCES partners (id),
  cash_milli  BIGINT NOT NULL CHECK (cash_milli >= 0),
  spent_milli BIGINT NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
  PRIMARY KEY (campaign_id, partner_id),
  CHECK (spent_milli <= cash_milli)
) WITHOUT ROWID;
--bun:split
CREATE INDEX campaign_partners_partner ON campaign_partners (partner_id, campaign_id);
--bun:split
CREATE INDEX campaign_partners_cash ON campaign_partners (campaign_id, cash_milli, partner_id);
--bun:split
-- An item belongs to a partner and a product of its campaign: neither leaves while it stays.
CREATE TABLE cart_items (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  campaign_id BIGINT NOT NULL,
  partner_id  BIGINT NOT NULL,
  product_id  BIGINT NOT NULL,
  price_milli BIGINT NOT NULL CHECK (price_milli >= 0),
  quantity    BIGINT NOT NULL CHECK (quantity >= 1),
  delivered   BOOLEAN NOT NULL DEFAULT 0,
  created_at  TIMESTAMP NOT NULL,
  FOREIGN KEY (campaign_id, partner_id) REFERENCES campaign_partners (campaign_id, partner_id),
  FOREIGN KEY (campaign_id, product_id) REFERENCES campaign_products (campaign_id, product_id)
);
--bun:split
CREATE INDEX cart_items_campaign ON cart_items (campaign_id, id);
--bun:split
CREATE INDEX cart_items_partner ON cart_items (campaign_id, partner_id, id);
--bun:split
CREATE INDEX cart_items_product ON cart_items (campaign_id, product_id);
--bun:split
CREATE INDEX cart_items_created ON cart_items (campaign_id, created_at, id);
--bun:split
-- The Cart tab's totals (ordered and delivered worth) read this index alone.
CREATE INDEX cart_items_worth ON cart_items (campaign_id, delivered, price_milli, quantity);
