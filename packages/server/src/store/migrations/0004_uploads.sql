-- Files shared in the live room's chat (POST /api/storage/upload-file). The bytes live on disk
-- under <DATA_DIR>/uploads/<id>; this table holds what is needed to serve them safely.
CREATE TABLE uploads (
  -- 24 random bytes, base64url: the id is the capability to download the file.
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{32}$'),
  -- The sanitized file name shown to people and offered when downloading.
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  size bigint NOT NULL CHECK (size >= 0),
  -- For images the type sniffed from the bytes; otherwise the type named by the extension.
  mime text NOT NULL CHECK (char_length(mime) BETWEEN 1 AND 127),
  kind text NOT NULL CHECK (kind IN ('image', 'document', 'other')),
  sha256 text NOT NULL,
  -- The live room it was shared in, when known.
  alias_id uuid REFERENCES aliases (id) ON DELETE SET NULL,
  -- Who uploaded it: 'a:<account id>' or 'g:<guest id>' (the room's identity keys).
  uploader text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_alias_idx ON uploads (alias_id);
CREATE INDEX uploads_uploader_idx ON uploads (uploader, created_at);
