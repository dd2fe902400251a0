-- Recordings of live rooms (issue 12 item 2). They belong to the event's owner (decisions.md
-- "Recording and streaming"), even when a co-host started them. The bytes live on disk under
-- the recordings directory (RECORDINGS_DIR, default <DATA_DIR>/recordings) at `file`; this
-- table lists them. A row is 'recording' while the file is written, then 'complete' (stopped
-- and finalised), 'partial' (stopped by a failure; the part so far is playable) or 'failed'
-- (nothing usable): nothing half-written is ever listed as complete.
CREATE TABLE recordings (
  -- 18 random bytes, base64url.
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{24}$'),
  owner_id text NOT NULL,
  -- The event; kept as SET NULL so deleting the event leaves the owner's recordings.
  alias_id uuid REFERENCES aliases (id) ON DELETE SET NULL,
  -- The event's title when the recording started (the event may be renamed or deleted).
  event_title text NOT NULL,
  -- Path of the file relative to the recordings directory.
  file text NOT NULL CHECK (char_length(file) BETWEEN 1 AND 255),
  state text NOT NULL CHECK (state IN ('recording', 'complete', 'partial', 'failed')),
  failure text CHECK (failure IN ('disk_full', 'encoder_failed', 'egress_crashed')),
  -- Identity key of who started it ('a:<account id>' or 'g:<guest id>').
  started_by text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- Recorded time without the paused parts, and the file's size, when it ended.
  duration_ms bigint NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0)
);
CREATE INDEX recordings_owner_idx ON recordings (owner_id, started_at DESC);
