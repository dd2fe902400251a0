-- Accounts, their sessions (access + renewal token pairs) and one-time codes.
CREATE TABLE accounts (
  id text PRIMARY KEY,
  username text,
  email text,
  phone text,
  password_hash text,
  full_name text,
  first_name text,
  last_name text,
  company text,
  avatar text,
  account_status text NOT NULL DEFAULT 'verifying'
    CHECK (account_status IN ('verifying', 'active', 'disabled')),
  email_verified boolean NOT NULL DEFAULT false,
  phone_verified boolean NOT NULL DEFAULT false,
  user_type text NOT NULL DEFAULT 'user' CHECK (user_type IN ('user', 'admin')),
  membership_id text,
  referral_code text NOT NULL,
  referred_by text REFERENCES accounts (id) ON DELETE SET NULL,
  conference_mode text NOT NULL DEFAULT 'meeting'
    CHECK (conference_mode IN ('meeting', 'endtoend')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique regardless of case; emails are stored lower-cased by the API.
CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username));
CREATE UNIQUE INDEX accounts_email_key ON accounts (email);
CREATE UNIQUE INDEX accounts_phone_key ON accounts (phone);
CREATE UNIQUE INDEX accounts_referral_code_key ON accounts (referral_code);
CREATE INDEX accounts_referred_by_idx ON accounts (referred_by);

-- One row per signed-in session. Only SHA-256 hashes of the tokens are kept.
CREATE TABLE account_sessions (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  access_hash text NOT NULL,
  renewal_hash text NOT NULL,
  access_expires_at timestamptz NOT NULL,
  renewal_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  renewed_at timestamptz
);
CREATE UNIQUE INDEX account_sessions_access_key ON account_sessions (access_hash);
CREATE UNIQUE INDEX account_sessions_renewal_key ON account_sessions (renewal_hash);
CREATE INDEX account_sessions_account_idx ON account_sessions (account_id);

-- At most one live code per account and purpose; sending a new one replaces it.
CREATE TABLE account_codes (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'verify_phone', 'reset_password')),
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  target text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, purpose)
);
