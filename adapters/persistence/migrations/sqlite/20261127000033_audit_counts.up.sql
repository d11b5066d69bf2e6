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
CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events BEGIN
  INSERT INTO audit_counts (resource, action, n) VALUES (new.resource, new.action, 1)
  ON CONFLICT (resource, action) DO UPDATE SET n = n + 1;
END;
--bun:split
CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events BEGIN
  UPDATE audit_counts SET n = n - 1 WHERE resource = old.resource AND action = old.action;
END;
