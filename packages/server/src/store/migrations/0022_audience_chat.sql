-- The audience chat of an event (issue 12 item 4): what viewers of the watch page /live/{alias}
-- write, and what the stage (hosts, co-hosts, presenters, speakers) answers from the call. Its
-- own table rather than chat_messages: those lines belong to the room's participants (private
-- messages, files, participant ids, the export and its passcode); these are public lines of
-- signed-in accounts, read by anyone with a playback pass.
CREATE TABLE audience_chat_messages (
  seq bigserial PRIMARY KEY,
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  message_id text NOT NULL CHECK (char_length(message_id) BETWEEN 1 AND 64),
  -- identityKey of the sender ('a:<account id>'; 'g:<guest id>' for a guest on the stage).
  from_identity text NOT NULL,
  from_name text NOT NULL CHECK (char_length(from_name) <= 100),
  -- 'audience': a viewer of the watch page; 'stage': someone on the call's stage.
  from_role text NOT NULL CHECK (from_role IN ('audience', 'stage')),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  sent_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX audience_chat_messages_message_key ON audience_chat_messages (alias_id, message_id);
CREATE INDEX audience_chat_messages_alias_seq_idx ON audience_chat_messages (alias_id, seq);
