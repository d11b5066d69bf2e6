-- The partners' "contains" filters, on their own list and on the campaign, cart and slider
-- lists that filter by a linked partner's name or phone, are answered by the partner index
-- in memory (ADR 0035, ADR 0036): the pg_trgm indexes, which every import and edit paid
-- for, go.
DROP INDEX IF EXISTS partners_name_fold_trgm;
--bun:split
DROP INDEX IF EXISTS partners_address_fold_trgm;
--bun:split
DROP INDEX IF EXISTS partners_phone_fold_trgm;
--bun:split
DROP INDEX IF EXISTS partners_pib_fold_trgm;
--bun:split
DROP INDEX IF EXISTS partners_pdv_fold_trgm;
