-- Partners start here with what identity needs (a user may be linked to one); the partner
-- context extends the table in its own migrations.
CREATE TABLE partners (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  name_fold  TEXT NOT NULL,
  is_active  BOOLEAN NOT NULL DEFAULT 1,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
--bun:split
CREATE TABLE users (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  name          TEXT NOT NULL,
  name_fold     TEXT NOT NULL,
  username      TEXT NOT NULL,
  username_fold TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  is_active     BOOLEAN NOT NULL DEFAULT 1,
  partner_id    INTEGER REFERENCES partners (id),
  roles         TEXT NOT NULL DEFAULT '',
  created_at    TIMESTAMP NOT NULL,
  updated_at    TIMESTAMP NOT NULL
);
--bun:split
CREATE UNIQUE INDEX users_username_fold ON users (username_fold);
--bun:split
CREATE INDEX users_name ON users (name_fold, id);
--bun:split
CREATE INDEX users_partner ON users (partner_id);
--bun:split
-- Trigram index for the list screens' case-insensitive "contains" filters.
CREATE VIRTUAL TABLE users_fts USING fts5 (name_fold, username_fold, content = 'users', content_rowid = 'id', tokenize = 'trigram');
--bun:split
CREATE TRIGGER users_fts_ai AFTER INSERT ON users BEGIN
  INSERT INTO users_fts (rowid, name_fold, username_fold) VALUES (new.id, new.name_fold, new.username_fold);
END;
--bun:split
CREATE TRIGGER users_fts_ad AFTER DELETE ON users BEGIN
  INSERT INTO users_fts (users_fts, rowid, name_fold, username_fold) VALUES ('delete', old.id, old.name_fold, old.username_fold);
END;
--bun:split
CREATE TRIGGER users_fts_au AFTER UPDATE OF name_fold, username_fold ON users BEGIN
  INSERT INTO users_fts (users_fts, rowid, name_fold, username_fold) VALUES ('delete', old.id, old.name_fold, old.username_fold);
  INSERT INTO users_fts (rowid, name_fold, username_fold) VALUES (new.id, new.name_fold, new.username_fold);
END;
--bun:split
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TIMESTAMP NOT NULL,
  created_at TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX sessions_user ON sessions (user_id);
--bun:split
CREATE INDEX sessions_expires ON sessions (expires_at);
--bun:split
CREATE TABLE login_attempts (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  username_fold TEXT NOT NULL,
  address       TEXT NOT NULL,
  attempted_at  TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX login_attempts_key ON login_attempts (username_fold, address, attempted_at);
