-- Secrets the instances of one installation must share (ADR 0025): the key that signs the
-- device cookies of sign-in, made once by the first instance that needs it when
-- VITRINA_SECRET_KEY is not set. Never listed, never logged.
CREATE TABLE secrets (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
