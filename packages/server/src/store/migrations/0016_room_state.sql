-- What a live room must keep across a server restart (issue 10 item 2): a crash or SIGKILL used
-- to reopen locked rooms with the lock and the waiting room off. Saved after every command that
-- changes it, restored when the room is next opened, deleted when the room run ends or empties.
-- People are named by identity ('a:<account id>' or 'g:<guest id>'), since participant ids
-- belong to one room run.
CREATE TABLE room_states (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('meeting', 'endtoend', 'conference', 'theater', 'livestream')),
  locked boolean NOT NULL,
  waiting_room boolean NOT NULL,
  -- The host has been in: nobody waits for the host any more.
  started boolean NOT NULL,
  -- identities made co-host, and made presenter, in this room
  co_hosts jsonb NOT NULL DEFAULT '[]',
  presenters jsonb NOT NULL DEFAULT '[]',
  -- identity → interpretation channel
  interpreters jsonb NOT NULL DEFAULT '{}',
  -- identity of the participant pinned for everyone
  pinned text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Blocking a guest holds for their browser session and their address for the event (issue 10
-- item 8, decisions.md "Joining"): each guest's socket credentials record HMACs of both, linked
-- to the guest identity, so a blocked guest coming back with a new ticket is recognised.
CREATE TABLE room_guest_links (
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  -- 's:<hmac of the browser session key>' or 'ip:<hmac of the address>'
  link text NOT NULL CHECK (char_length(link) BETWEEN 3 AND 128),
  identity text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alias_id, link, identity)
);
CREATE INDEX room_guest_links_identity_idx ON room_guest_links (alias_id, identity);
