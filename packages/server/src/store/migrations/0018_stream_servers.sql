-- Saved live-stream destinations of an account ("linked stream servers", spec §1 and §3:
-- name, URL, key; issue 12 item 3). SECURITY: the stream key is a credential: stored only
-- encrypted (AES-256-GCM with a server key that is not in the database, bound to the row's id
-- and account), shown back only as its last characters (key_hint).
CREATE TABLE stream_servers (
  id uuid PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  url text NOT NULL CHECK (char_length(url) BETWEEN 8 AND 1024),
  -- 'v1:' || base64url(iv || tag || ciphertext)
  key_sealed text NOT NULL CHECK (char_length(key_sealed) BETWEEN 4 AND 1024),
  key_hint text NOT NULL DEFAULT '' CHECK (char_length(key_hint) <= 8),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stream_servers_account_idx ON stream_servers (account_id, created_at);
