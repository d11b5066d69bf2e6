-- The activity log's exact totals (ADR 0031, retention and counts): how many events each
-- resource and action has, kept by triggers like row_counts (ADR 0002), so that the
-- unfiltered list and a resource (and action) filter count one row per pair, not millions of
-- events. The other filters count over their index (a record, a user's day, a partner).
CREATE TABLE audit_counts (
  resource TEXT NOT NULL,
  action   TEXT NOT NULL,
  n        BIGINT NOT NULL,
  PRIMARY KEY (resource, action)
);
--bun:split
INSERT INTO audit_counts (resource, action, n)
SELECT resource, action, count(*) FROM audit_events GROUP BY resource, action;
--bun:split
-- Statement-level with transition tables: an append of 500 events, or a prune of 1,000,
-- updates each pair once.
CREATE FUNCTION audit_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_counts AS ac (resource, action, n)
  SELECT resource, action, count(*) FROM new_rows GROUP BY resource, action
  ON CONFLICT (resource, action) DO UPDATE SET n = ac.n + excluded.n;
  RETURN NULL;
END $$;
--bun:split
CREATE FUNCTION audit_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_counts AS ac SET n = ac.n - d.c
  FROM (SELECT resource, action, count(*) AS c FROM old_rows GROUP BY resource, action) AS d
  WHERE ac.resource = d.resource AND ac.action = d.action;
  RETURN NULL;
END $$;
--bun:split
CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_count_insert();
--bun:split
CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_count_delete();
