-- The catalog: countries, categories, cities, products and stores.
CREATE TABLE countries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  name_fold  TEXT NOT NULL,
  is_active  BOOLEAN NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
--bun:split
CREATE UNIQUE INDEX countries_name_fold ON countries (name_fold);
--bun:split
CREATE TABLE categories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  name_fold  TEXT NOT NULL,
  is_active  BOOLEAN NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
--bun:split
CREATE UNIQUE INDEX categories_name_fold ON categories (name_fold);
--bun:split
CREATE TABLE cities (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT NOT NULL,
  name_fold  TEXT NOT NULL,
  country_id INTEGER NOT NULL REFERENCES countries (id),
  is_active  BOOLEAN NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);
--bun:split
CREATE UNIQUE INDEX cities_country_name ON cities (country_id, name_fold);
--bun:split
CREATE INDEX cities_name ON cities (name_fold, id);
--bun:split
-- Prices are exact: thousandths in an integer, never a float.
CREATE TABLE products (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name             TEXT NOT NULL,
  name_fold        TEXT NOT NULL,
  description      TEXT NOT NULL,
  description_fold TEXT NOT NULL,
  price_milli      BIGINT NOT NULL CHECK (price_milli >= 0),
  image            TEXT NOT NULL,
  is_active        BOOLEAN NOT NULL DEFAULT 1,
  created_at       TIMESTAMP NOT NULL,
  updated_at       TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX products_name ON products (name_fold, id);
--bun:split
CREATE INDEX products_price ON products (price_milli, id);
--bun:split
CREATE VIRTUAL TABLE products_fts USING fts5 (name_fold, description_fold, content = 'products', content_rowid = 'id', tokenize = 'trigram');
--bun:split
CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (rowid, name_fold, description_fold) VALUES (new.id, new.name_fold, new.description_fold);
END;
--bun:split
CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
  INSERT INTO products_fts (products_fts, rowid, name_fold, description_fold) VALUES ('delete', old.id, old.name_fold, old.description_fold);
END;
--bun:split
CREATE TRIGGER products_fts_au AFTER UPDATE OF name_fold, description_fold ON products BEGIN
  INSERT INTO products_fts (products_fts, rowid, name_fold, description_fold) VALUES ('delete', old.id, old.name_fold, old.description_fold);
  INSERT INTO products_fts (rowid, name_fold, description_fold) VALUES (new.id, new.name_fold, new.description_fold);
END;
--bun:split
CREATE TABLE stores (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  city_id      INTEGER NOT NULL REFERENCES cities (id),
  address      TEXT NOT NULL,
  address_fold TEXT NOT NULL,
  contact      TEXT NOT NULL,
  contact_fold TEXT NOT NULL,
  lat          REAL NOT NULL,
  lng          REAL NOT NULL,
  is_active    BOOLEAN NOT NULL DEFAULT 1,
  created_at   TIMESTAMP NOT NULL,
  updated_at   TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX stores_city ON stores (city_id, is_active);
--bun:split
CREATE INDEX stores_address ON stores (address_fold, id);
