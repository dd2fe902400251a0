-- Error reports the web app sends (POST /v1/log, spec §7 Logger): what broke in people's
-- browsers, kept for a while to be read by operators. Size and rate are limited at the edge.
CREATE TABLE client_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The signed-in reporter, when a valid token came with the report.
  account_id text REFERENCES accounts (id) ON DELETE SET NULL,
  level text NOT NULL CHECK (level IN ('error', 'warn', 'info')),
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  context jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_agent text CHECK (char_length(user_agent) <= 512),
  ip text
);
CREATE INDEX client_logs_created_idx ON client_logs (created_at);
CREATE INDEX client_logs_account_idx ON client_logs (account_id, created_at);
