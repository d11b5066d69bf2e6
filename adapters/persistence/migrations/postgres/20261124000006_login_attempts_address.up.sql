-- The per-address sign-in throttle counts an address's failures across all usernames.
CREATE INDEX login_attempts_address ON login_attempts (address, attempted_at);
