-- PostgreSQL's partners keep room for updates on their pages (ADR 0043); SQLite has no such
-- setting: this keeps both engines' migrations in step.
SELECT 1;
