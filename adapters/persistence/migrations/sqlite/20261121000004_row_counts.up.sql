-- Exact row counts kept by triggers, so an unfiltered list's total costs one lookup however
-- big the table grows (ADR 0002). One row per table and active flag.
CREATE TABLE row_counts (
  table_name TEXT NOT NULL,
  is_active  BOOLEAN NOT NULL,
  n          BIGINT NOT NULL,
  PRIMARY KEY (table_name, is_active)
);
--bun:split
INSERT INTO row_counts (table_name, is_active, n)
SELECT 'partners', a.column1, (SELECT count(*) FROM partners p WHERE p.is_active = a.column1)
FROM (VALUES (1), (0)) AS a;
--bun:split
CREATE TRIGGER partners_count_insert AFTER INSERT ON partners BEGIN
  UPDATE row_counts SET n = n + 1 WHERE table_name = 'partners' AND is_active = new.is_active;
END;
--bun:split
CREATE TRIGGER partners_count_delete AFTER DELETE ON partners BEGIN
  UPDATE row_counts SET n = n - 1 WHERE table_name = 'partners' AND is_active = old.is_active;
END;
--bun:split
CREATE TRIGGER partners_count_update AFTER UPDATE OF is_active ON partners WHEN old.is_active <> new.is_active BEGIN
  UPDATE row_counts SET n = n - 1 WHERE table_name = 'partners' AND is_active = old.is_active;
  UPDATE row_counts SET n = n + 1 WHERE table_name = 'partners' AND is_active = new.is_active;
END;
