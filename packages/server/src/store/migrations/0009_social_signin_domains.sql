-- Social sign-in: identities at Google/Facebook linked to accounts, and started sign-ins.
CREATE TABLE linked_identities (
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  -- The provider's stable subject identifier (the ID token's `sub`).
  subject text NOT NULL,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
-- One identity per provider per account: unlinking is by provider.
CREATE UNIQUE INDEX linked_identities_account_provider_key
  ON linked_identities (account_id, provider);

-- A started sign-in: single use (deleted when consumed), short-lived. Only the SHA-256 of the
-- state is kept, so a database reader cannot finish someone else's sign-in.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'facebook')),
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  -- Set when a signed-in account asked to link the identity instead of signing in.
  link_account_id text REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

-- Organization domains the operator registered, with the environment of spec §3.
CREATE TABLE enterprise_domains (
  domain text PRIMARY KEY,
  name text,
  main_domain text NOT NULL,
  acc_api_url text NOT NULL,
  webrtc_base_api_url text NOT NULL,
  conference_api_url text NOT NULL,
  signal_controller text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A member's availability in its organization (POST /apiv1/enterprise/status/update).
CREATE TABLE enterprise_member_status (
  domain text NOT NULL REFERENCES enterprise_domains (domain) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('online', 'busy', 'away', 'offline')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain, account_id)
);
