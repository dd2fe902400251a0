-- The breakout rooms of a live room (issue 14 item 5), kept across a server restart like the
-- room state of 0016: saved after every change, restored when the room is next opened, deleted
-- when they close or the room run ends or empties. People are named by identity
-- ('a:<account id>' or 'g:<guest id>'), since participant ids belong to one room run.
CREATE TABLE breakout_states (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  -- [{ "id": "b1", "name": "Room 1" }, …]
  rooms jsonb NOT NULL,
  -- identity → breakout room id (absent: the main room)
  assigned jsonb NOT NULL DEFAULT '{}',
  allow_choose boolean NOT NULL,
  -- when the rooms close on their own (null: no timer)
  ends_at timestamptz,
  -- breakout room ids where someone asked for help
  help jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);
