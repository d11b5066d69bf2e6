-- The partner list's unfiltered pages by a figure are slices of the figure's order kept by
-- the partner index in memory (ADR 0036, "the figures' order in memory"); every filtered page
-- was already answered there. The six sort indexes, which cost every import and edit six
-- b-tree entries a partner at random places, go.
DROP INDEX IF EXISTS partners_bonus;
--bun:split
DROP INDEX IF EXISTS partners_debt;
--bun:split
DROP INDEX IF EXISTS partners_payment;
--bun:split
DROP INDEX IF EXISTS partners_tool_cash;
--bun:split
DROP INDEX IF EXISTS partners_annual_plan;
--bun:split
DROP INDEX IF EXISTS partners_money_circulation;
