-- Room on each page of partners for a new version of its rows (ADR 0043): an update that
-- changes no indexed column (the active flag, a bulk action's) then stays on its page as a
-- heap-only tuple and touches none of the table's fifteen indexes (five of them trigram GIN).
-- Pages written from now on keep 20 % free; rows already stored get it at their next rewrite
-- (VACUUM FULL, or pg_repack without a lock).
ALTER TABLE partners SET (fillfactor = 80);
