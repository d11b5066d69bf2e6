-- The partners' "contains" filters, on their own list and on the campaign, cart and slider
-- lists that filter by a linked partner's name or phone, are answered by the partner index
-- in memory (ADR 0035, ADR 0036): the FTS5 trigram table and its triggers, which every
-- import and edit paid for, go.
DROP TRIGGER IF EXISTS partners_fts_ai;
--bun:split
DROP TRIGGER IF EXISTS partners_fts_ad;
--bun:split
DROP TRIGGER IF EXISTS partners_fts_au;
--bun:split
DROP TABLE IF EXISTS partners_fts;
