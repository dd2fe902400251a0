-- The whiteboard of a live room and the personal board of /draw (issue 14 item 1).
--
-- A room's board lives with its event: a late joiner, someone reconnecting and the next run of
-- the room get the board as it was. Elements are Excalidraw elements as JSON (checked by the
-- protocol's `whiteboardElement`; no images), deleted ones kept as tombstones so an older copy
-- arriving late cannot bring them back.
CREATE TABLE whiteboards (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  -- shown on the stage
  open boolean NOT NULL DEFAULT false,
  editors text NOT NULL DEFAULT 'presenters' CHECK (editors IN ('presenters', 'everyone')),
  elements jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- /draw: one personal drawing per signed-in account (guests keep theirs in the browser).
CREATE TABLE drawings (
  account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  elements jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);
