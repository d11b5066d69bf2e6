-- The activity log's counts (audit_counts) are added by the append itself (ADR 0031, "What an
-- append costs"): one upsert per resource and action of an append instead of one per event
-- (a prune of 50,000 partners ran 50,000). Deletes (retention) keep their trigger.
DROP TRIGGER audit_events_count_insert;
