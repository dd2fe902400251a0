-- What outlives a live room: its chat history, the chat-history passcode and the identities
-- blocked from the event. In-room state (who is there, roles, hands) lives in the server's memory.

-- Chat history of an event. Participant ids are those of the room run the message was sent in;
-- identities ('a:<account id>' or 'g:<guest id>') decide who may read a private message later.
CREATE TABLE chat_messages (
  seq bigserial PRIMARY KEY,
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  message_id text NOT NULL CHECK (char_length(message_id) BETWEEN 1 AND 64),
  from_participant text NOT NULL,
  from_identity text NOT NULL,
  from_name text NOT NULL,
  -- NULL: to everyone.
  to_participant text,
  to_identity text,
  body text NOT NULL,
  file jsonb,
  sent_at timestamptz NOT NULL,
  CHECK ((to_participant IS NULL) = (to_identity IS NULL))
);
CREATE UNIQUE INDEX chat_messages_message_key ON chat_messages (alias_id, message_id);
CREATE INDEX chat_messages_alias_seq_idx ON chat_messages (alias_id, seq);

-- The chat-history passcode: shown once to the host, kept only as a SHA-256 digest (it is
-- random, so a plain digest cannot be reversed by guessing).
CREATE TABLE chat_passcodes (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  passcode_sha256 text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now()
);

-- Blocked from an event: the identity cannot join it again, even after the room closed.
CREATE TABLE room_blocks (
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  identity text NOT NULL,
  blocked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alias_id, identity)
);
