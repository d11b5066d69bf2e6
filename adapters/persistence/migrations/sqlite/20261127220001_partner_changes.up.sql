-- The partner list's change log (ADR 0035): every committed write to a partner or to its
-- categories leaves the partner's id here, in commit order (seq), so that each process
-- serving the list from memory catches up with the writes of every process before it answers.
-- seq is the rowid, one past the highest: the prune deletes the lowest rows only, so it never
-- goes back (AUTOINCREMENT would write sqlite_sequence on every insert).
CREATE TABLE partner_changes (
  seq        INTEGER PRIMARY KEY,
  partner_id INTEGER NOT NULL
);
--bun:split
CREATE TRIGGER partner_changes_insert AFTER INSERT ON partners BEGIN
  INSERT INTO partner_changes (partner_id) VALUES (new.id);
END;
--bun:split
CREATE TRIGGER partner_changes_update AFTER UPDATE ON partners BEGIN
  INSERT INTO partner_changes (partner_id) VALUES (new.id);
END;
--bun:split
CREATE TRIGGER partner_changes_delete AFTER DELETE ON partners BEGIN
  INSERT INTO partner_changes (partner_id) VALUES (old.id);
END;
--bun:split
CREATE TRIGGER partner_changes_category_insert AFTER INSERT ON partner_categories BEGIN
  INSERT INTO partner_changes (partner_id) VALUES (new.partner_id);
END;
--bun:split
CREATE TRIGGER partner_changes_category_delete AFTER DELETE ON partner_categories BEGIN
  INSERT INTO partner_changes (partner_id) VALUES (old.partner_id);
END;
