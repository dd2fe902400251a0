-- The QR call centre: the agents of a QR-code alias (type 'qrcode') and the calls visitors make.

-- 'qrcall': the private one-to-one room of one answered QR call. Never listed (the list endpoints
-- only take 'conference' and 'qrcode'); it carries a random passcode nobody is told, so the only
-- way in is the join tickets handed to the visitor and the answering agent.
ALTER TABLE aliases DROP CONSTRAINT IF EXISTS aliases_type_check;
ALTER TABLE aliases ADD CONSTRAINT aliases_type_check
  CHECK (type IN ('conference', 'qrcode', 'qrcall'));

CREATE TABLE qr_call_agents (
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alias_id, account_id)
);
CREATE INDEX qr_call_agents_account_idx ON qr_call_agents (account_id);

-- One visitor's call. `state` leaves 'ringing' exactly once (a conditional UPDATE), which is what
-- makes the first accept win even across server processes.
CREATE TABLE qr_calls (
  id uuid PRIMARY KEY,
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  visitor_name text NOT NULL CHECK (char_length(visitor_name) BETWEEN 1 AND 100),
  visitor_account_id text REFERENCES accounts (id) ON DELETE SET NULL,
  -- SHA-256 of the visitor's secret for this call (a random value: a plain digest is enough).
  visitor_token_sha256 text NOT NULL,
  state text NOT NULL
    CHECK (state IN ('ringing', 'answered', 'cancelled', 'busy', 'timeout', 'expired')),
  -- Account ids of the agents rung (online when the call came in).
  rung jsonb NOT NULL DEFAULT '[]',
  answered_by text REFERENCES accounts (id) ON DELETE SET NULL,
  room_alias_id uuid REFERENCES aliases (id) ON DELETE SET NULL,
  ring_deadline timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz
);
CREATE INDEX qr_calls_alias_idx ON qr_calls (alias_id, created_at DESC);
