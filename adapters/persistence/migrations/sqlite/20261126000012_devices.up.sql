-- Partners' devices (issue 13): the push token a partner's app registered, and its platform.
-- A token belongs to one partner (registering it again moves it); a partner keeps its 20
-- newest. Tokens are never listed: they are credentials of the device.
CREATE TABLE devices (
  token         TEXT PRIMARY KEY,
  partner_id    BIGINT NOT NULL REFERENCES partners (id),
  platform      TEXT NOT NULL CHECK (platform IN ('android', 'ios', 'web')),
  registered_at TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX devices_partner ON devices (partner_id, registered_at, token);
