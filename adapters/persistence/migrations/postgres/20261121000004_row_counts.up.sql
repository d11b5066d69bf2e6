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
SELECT 'partners', a.is_active, (SELECT count(*) FROM partners p WHERE p.is_active = a.is_active)
FROM (VALUES (TRUE), (FALSE)) AS a (is_active);
--bun:split
-- Statement-level triggers with transition tables: a bulk import of 100,000 rows updates the
-- counts once, not 100,000 times.
CREATE FUNCTION partners_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts AS rc SET n = rc.n + d.c
  FROM (SELECT is_active, count(*) AS c FROM new_rows GROUP BY is_active) AS d
  WHERE rc.table_name = 'partners' AND rc.is_active = d.is_active;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION partners_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts AS rc SET n = rc.n - d.c
  FROM (SELECT is_active, count(*) AS c FROM old_rows GROUP BY is_active) AS d
  WHERE rc.table_name = 'partners' AND rc.is_active = d.is_active;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION partners_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts AS rc SET n = rc.n + d.c
  FROM (SELECT is_active, sum(c) AS c FROM (
          SELECT is_active, count(*) AS c FROM new_rows GROUP BY is_active
          UNION ALL
          SELECT is_active, -count(*) AS c FROM old_rows GROUP BY is_active) AS u
        GROUP BY is_active) AS d
  WHERE rc.table_name = 'partners' AND rc.is_active = d.is_active AND d.c <> 0;
  RETURN NULL;
END $$;
--bun:split
CREATE TRIGGER partners_count_insert AFTER INSERT ON partners
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partners_count_insert();
--bun:split
CREATE TRIGGER partners_count_delete AFTER DELETE ON partners
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION partners_count_delete();
--bun:split
CREATE TRIGGER partners_count_update AFTER UPDATE ON partners
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partners_count_update();
