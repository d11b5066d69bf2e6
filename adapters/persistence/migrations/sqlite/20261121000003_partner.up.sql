-- The partner context: the partners' own columns, partner types, their categories, contacts
-- and contact types, customer-support messages and what each user has seen of them.
CREATE TABLE partner_types (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  name_fold  TEXT NOT NULL UNIQUE,
  is_active  BOOLEAN NOT NULL DEFAULT 1
);
--bun:split
INSERT INTO partner_types (name, name_fold) VALUES
  ('Veleprodaja', 'veleprodaja'), ('Maloprodaja', 'maloprodaja'), ('Majstor', 'majstor'), ('Izvođač radova', 'izvodjac radova');
--bun:split
-- Figures are exact: thousandths in an integer and whether they were entered as a percentage.
ALTER TABLE partners ADD COLUMN address TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN address_fold TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN pib TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN pib_fold TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN pdv TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN pdv_fold TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN phone TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN phone_fold TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN city_id BIGINT REFERENCES cities (id);
--bun:split
ALTER TABLE partners ADD COLUMN partner_type_id BIGINT REFERENCES partner_types (id);
--bun:split
ALTER TABLE partners ADD COLUMN password_hash TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE partners ADD COLUMN bonus BIGINT NOT NULL DEFAULT 0 CHECK (bonus >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN bonus_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE partners ADD COLUMN debt BIGINT NOT NULL DEFAULT 0 CHECK (debt >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN debt_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE partners ADD COLUMN payment BIGINT NOT NULL DEFAULT 0 CHECK (payment >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN payment_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE partners ADD COLUMN tool_cash BIGINT NOT NULL DEFAULT 0 CHECK (tool_cash >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN tool_cash_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE partners ADD COLUMN annual_plan BIGINT NOT NULL DEFAULT 0 CHECK (annual_plan >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN annual_plan_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
ALTER TABLE partners ADD COLUMN money_circulation BIGINT NOT NULL DEFAULT 0 CHECK (money_circulation >= 0);
--bun:split
ALTER TABLE partners ADD COLUMN money_circulation_pct BOOLEAN NOT NULL DEFAULT 0;
--bun:split
CREATE INDEX partners_name ON partners (name_fold, id);
--bun:split
CREATE INDEX partners_city ON partners (city_id);
--bun:split
CREATE INDEX partners_type ON partners (partner_type_id);
--bun:split
CREATE INDEX partners_bonus ON partners (bonus, id);
--bun:split
CREATE INDEX partners_debt ON partners (debt, id);
--bun:split
CREATE INDEX partners_payment ON partners (payment, id);
--bun:split
CREATE INDEX partners_tool_cash ON partners (tool_cash, id);
--bun:split
CREATE INDEX partners_annual_plan ON partners (annual_plan, id);
--bun:split
CREATE INDEX partners_money_circulation ON partners (money_circulation, id);
--bun:split
CREATE VIRTUAL TABLE partners_fts USING fts5 (name_fold, address_fold, phone_fold, pib_fold, pdv_fold, content = 'partners', content_rowid = 'id', tokenize = 'trigram');
--bun:split
INSERT INTO partners_fts (partners_fts) VALUES ('rebuild');
--bun:split
CREATE TRIGGER partners_fts_ai AFTER INSERT ON partners BEGIN
  INSERT INTO partners_fts (rowid, name_fold, address_fold, phone_fold, pib_fold, pdv_fold) VALUES (new.id, new.name_fold, new.address_fold, new.phone_fold, new.pib_fold, new.pdv_fold);
END;
--bun:split
CREATE TRIGGER partners_fts_ad AFTER DELETE ON partners BEGIN
  INSERT INTO partners_fts (partners_fts, rowid, name_fold, address_fold, phone_fold, pib_fold, pdv_fold) VALUES ('delete', old.id, old.name_fold, old.address_fold, old.phone_fold, old.pib_fold, old.pdv_fold);
END;
--bun:split
CREATE TRIGGER partners_fts_au AFTER UPDATE OF name_fold, address_fold, phone_fold, pib_fold, pdv_fold ON partners BEGIN
  INSERT INTO partners_fts (partners_fts, rowid, name_fold, address_fold, phone_fold, pib_fold, pdv_fold) VALUES ('delete', old.id, old.name_fold, old.address_fold, old.phone_fold, old.pib_fold, old.pdv_fold);
  INSERT INTO partners_fts (rowid, name_fold, address_fold, phone_fold, pib_fold, pdv_fold) VALUES (new.id, new.name_fold, new.address_fold, new.phone_fold, new.pib_fold, new.pdv_fold);
END;
--bun:split
CREATE TABLE partner_categories (
  partner_id  BIGINT NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  category_id BIGINT NOT NULL REFERENCES categories (id),
  PRIMARY KEY (partner_id, category_id)
);
--bun:split
CREATE INDEX partner_categories_category ON partner_categories (category_id, partner_id);
--bun:split
CREATE TABLE contact_types (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  name      TEXT NOT NULL,
  icon      TEXT NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT 1
);
--bun:split
INSERT INTO contact_types (name, icon) VALUES
  ('Telefon', 'pi pi-phone'), ('Mobilni', 'pi pi-mobile'), ('E-mail', 'pi pi-envelope'), ('Web', 'pi pi-globe'), ('Viber', 'pi pi-comments');
--bun:split
CREATE TABLE contacts (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  partner_id      BIGINT NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  contact_type_id BIGINT NOT NULL REFERENCES contact_types (id),
  contact         TEXT NOT NULL,
  is_active       BOOLEAN NOT NULL DEFAULT 1,
  created_at      TIMESTAMP NOT NULL,
  updated_at      TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX contacts_partner ON contacts (partner_id, id);
--bun:split
CREATE TABLE support_message_types (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  name      TEXT NOT NULL,
  name_fold TEXT NOT NULL UNIQUE
);
--bun:split
INSERT INTO support_message_types (name, name_fold) VALUES
  ('Prijedlog', 'prijedlog'), ('Žalba', 'zalba'), ('Pohvala', 'pohvala'), ('Pitanje', 'pitanje');
--bun:split
CREATE TABLE support_messages (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  type_id      BIGINT NOT NULL REFERENCES support_message_types (id),
  partner_id   BIGINT NOT NULL REFERENCES partners (id),
  content      TEXT NOT NULL,
  content_fold TEXT NOT NULL,
  is_active    BOOLEAN NOT NULL DEFAULT 1,
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX support_messages_created ON support_messages (created_at, id);
--bun:split
CREATE INDEX support_messages_partner ON support_messages (partner_id);
--bun:split
CREATE VIRTUAL TABLE support_messages_fts USING fts5 (content_fold, content = 'support_messages', content_rowid = 'id', tokenize = 'trigram');
--bun:split
CREATE TRIGGER support_messages_fts_ai AFTER INSERT ON support_messages BEGIN
  INSERT INTO support_messages_fts (rowid, content_fold) VALUES (new.id, new.content_fold);
END;
--bun:split
CREATE TRIGGER support_messages_fts_ad AFTER DELETE ON support_messages BEGIN
  INSERT INTO support_messages_fts (support_messages_fts, rowid, content_fold) VALUES ('delete', old.id, old.content_fold);
END;
--bun:split
CREATE TRIGGER support_messages_fts_au AFTER UPDATE OF content_fold ON support_messages BEGIN
  INSERT INTO support_messages_fts (support_messages_fts, rowid, content_fold) VALUES ('delete', old.id, old.content_fold);
  INSERT INTO support_messages_fts (rowid, content_fold) VALUES (new.id, new.content_fold);
END;
--bun:split
-- A user has seen every support message up to the id recorded here (the app bar's count).
CREATE TABLE support_seen (
  user_id      BIGINT PRIMARY KEY,
  last_seen_id BIGINT NOT NULL
);
