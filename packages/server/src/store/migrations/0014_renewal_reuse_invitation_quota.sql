-- Renewal tokens a session has rotated out (digests only). Presenting one again after the short
-- grace for racing tabs means the chain leaked: the session is revoked (token reuse detection).
-- Rows go with their session; rows older than the renewal lifetime are swept on renewal.
CREATE TABLE retired_renewal_tokens (
  renewal_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES account_sessions (id) ON DELETE CASCADE,
  retired_at timestamptz NOT NULL
);
CREATE INDEX retired_renewal_tokens_session_idx ON retired_renewal_tokens (session_id);

-- Invitation mails an account sent per UTC day, against INVITATIONS_PER_DAY.
CREATE TABLE invitation_quota (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  day date NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day)
);
