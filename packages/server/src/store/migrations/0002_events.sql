-- Events are aliases: the name is what links carry (/j/{name}).
CREATE TABLE aliases (
  id uuid PRIMARY KEY,
  owner_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('conference', 'qrcode')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 3 AND 64),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 5000),
  -- Kept readable because the owner is shown the passcode to share it (as conferencing
  -- products do); it guards entry to one event, not an account.
  passcode text CHECK (passcode IS NULL OR char_length(passcode) BETWEEN 4 AND 32),
  require_passcode boolean NOT NULL DEFAULT false,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  mode text NOT NULL
    CHECK (mode IN ('meeting', 'conference', 'theater', 'livestream', 'endtoend')),
  join_before_host boolean NOT NULL DEFAULT false,
  -- Part of every speaker link's MAC; replacing it revokes the speaker links.
  speaker_key text NOT NULL,
  expired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_time > start_time)
);
-- Names are unique regardless of case, so links work however they are typed.
CREATE UNIQUE INDEX aliases_name_key ON aliases (lower(name));
-- The owner's list: newest start first, id as tie-break (keyset paging).
CREATE INDEX aliases_owner_start_idx ON aliases (owner_id, start_time DESC, id DESC);

-- Speakers (the event's speaker list) and invited participants of an event.
CREATE TABLE alias_participants (
  id uuid PRIMARY KEY,
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('speaker', 'participant')),
  name text NOT NULL,
  email text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  invited_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alias_participants_email_key ON alias_participants (alias_id, lower(email));
