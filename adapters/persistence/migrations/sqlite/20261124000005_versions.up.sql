-- Optimistic concurrency (ADR 0011): every edit names the version it loaded; each save adds one.
ALTER TABLE users ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE countries ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE cities ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE stores ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE partners ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
--bun:split
ALTER TABLE contacts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
