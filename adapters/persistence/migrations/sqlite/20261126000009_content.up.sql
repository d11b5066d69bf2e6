-- The content context (ADR 0018): sliders with their categories and seminar days, and what
-- partners hold of them: one row per partner and slider (a seminar sign-up, quantity 0, with
-- its days in slider_partner_dates; or a promotion order, quantity 1 or more). Days are ISO
-- text (YYYY-MM-DD), which sorts and compares as days do on both engines.
CREATE TABLE sliders (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  name              TEXT NOT NULL,
  name_fold         TEXT NOT NULL,
  type              INTEGER NOT NULL CHECK (type BETWEEN 1 AND 3),
  image             TEXT NOT NULL,
  wyswygimg         TEXT NOT NULL DEFAULT '',
  page_content      TEXT NOT NULL DEFAULT '',
  push_notification BOOLEAN NOT NULL DEFAULT 0,
  notification_text TEXT NOT NULL DEFAULT '',
  start_date        TEXT CHECK (start_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  end_date          TEXT CHECK (end_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  is_visible        BOOLEAN NOT NULL DEFAULT 1,
  is_active         BOOLEAN NOT NULL DEFAULT 1,
  -- Kept by the triggers of slider_partners: the list shows them for every row of a page.
  signups_count     BIGINT NOT NULL DEFAULT 0,
  orders_count      BIGINT NOT NULL DEFAULT 0,
  ordered_quantity  BIGINT NOT NULL DEFAULT 0,
  created_at        TIMESTAMP NOT NULL,
  updated_at        TIMESTAMP NOT NULL,
  version           INTEGER NOT NULL DEFAULT 1
);
--bun:split
CREATE INDEX sliders_updated ON sliders (updated_at, id);
--bun:split
CREATE INDEX sliders_name ON sliders (name_fold, id);
--bun:split
CREATE VIRTUAL TABLE sliders_fts USING fts5 (name_fold, content = 'sliders', content_rowid = 'id', tokenize = 'trigram');
--bun:split
CREATE TRIGGER sliders_fts_ai AFTER INSERT ON sliders BEGIN
  INSERT INTO sliders_fts (rowid, name_fold) VALUES (new.id, new.name_fold);
END;
--bun:split
CREATE TRIGGER sliders_fts_ad AFTER DELETE ON sliders BEGIN
  INSERT INTO sliders_fts (sliders_fts, rowid, name_fold) VALUES ('delete', old.id, old.name_fold);
END;
--bun:split
CREATE TRIGGER sliders_fts_au AFTER UPDATE OF name_fold ON sliders BEGIN
  INSERT INTO sliders_fts (sliders_fts, rowid, name_fold) VALUES ('delete', old.id, old.name_fold);
  INSERT INTO sliders_fts (rowid, name_fold) VALUES (new.id, new.name_fold);
END;
--bun:split
CREATE TABLE slider_categories (
  slider_id   BIGINT NOT NULL REFERENCES sliders (id) ON DELETE CASCADE,
  category_id BIGINT NOT NULL REFERENCES categories (id),
  PRIMARY KEY (slider_id, category_id)
) WITHOUT ROWID;
--bun:split
CREATE INDEX slider_categories_category ON slider_categories (category_id, slider_id);
--bun:split
CREATE TABLE slider_dates (
  slider_id BIGINT NOT NULL REFERENCES sliders (id) ON DELETE CASCADE,
  date      TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  PRIMARY KEY (slider_id, date)
) WITHOUT ROWID;
--bun:split
CREATE TABLE slider_partners (
  slider_id  BIGINT NOT NULL REFERENCES sliders (id) ON DELETE CASCADE,
  partner_id BIGINT NOT NULL REFERENCES partners (id),
  quantity   BIGINT NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  confirmed  BOOLEAN NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL,
  PRIMARY KEY (slider_id, partner_id)
) WITHOUT ROWID;
--bun:split
CREATE INDEX slider_partners_quantity ON slider_partners (slider_id, quantity, partner_id);
--bun:split
CREATE INDEX slider_partners_partner ON slider_partners (partner_id);
--bun:split
-- A day signed up for must be one of the seminar's: an edit cannot take it away underneath.
CREATE TABLE slider_partner_dates (
  slider_id  BIGINT NOT NULL,
  partner_id BIGINT NOT NULL,
  date       TEXT NOT NULL,
  PRIMARY KEY (slider_id, partner_id, date),
  FOREIGN KEY (slider_id, partner_id) REFERENCES slider_partners (slider_id, partner_id) ON DELETE CASCADE,
  FOREIGN KEY (slider_id, date) REFERENCES slider_dates (slider_id, date)
) WITHOUT ROWID;
--bun:split
CREATE INDEX slider_partner_dates_date ON slider_partner_dates (slider_id, date);
--bun:split
CREATE TRIGGER slider_partners_count_insert AFTER INSERT ON slider_partners BEGIN
  UPDATE sliders SET signups_count = signups_count + (new.quantity = 0), orders_count = orders_count + (new.quantity > 0),
    ordered_quantity = ordered_quantity + new.quantity WHERE id = new.slider_id;
END;
--bun:split
CREATE TRIGGER slider_partners_count_delete AFTER DELETE ON slider_partners BEGIN
  UPDATE sliders SET signups_count = signups_count - (old.quantity = 0), orders_count = orders_count - (old.quantity > 0),
    ordered_quantity = ordered_quantity - old.quantity WHERE id = old.slider_id;
END;
--bun:split
CREATE TRIGGER slider_partners_count_update AFTER UPDATE OF quantity ON slider_partners WHEN old.quantity <> new.quantity BEGIN
  UPDATE sliders SET signups_count = signups_count - (old.quantity = 0) + (new.quantity = 0),
    orders_count = orders_count - (old.quantity > 0) + (new.quantity > 0),
    ordered_quantity = ordered_quantity - old.quantity + new.quantity WHERE id = new.slider_id;
END;
