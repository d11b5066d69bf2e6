-- The activity log's counts (audit_counts) are added by the append itself (ADR 0031, "What an
-- append costs"): the statement that inserts a batch of events upserts their counts, so that
-- an edit's one statement does not also run a trigger. Deletes (retention) keep theirs.
DROP TRIGGER audit_events_count_insert ON audit_events;
--bun:split
DROP FUNCTION audit_count_insert();
