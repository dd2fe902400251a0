-- The studio of events (issue 13; spec §1 "Customisation", §3): name badge, logo and its
-- position, scene, text effect and video layout, as one JSON document checked by the protocol's
-- studioState schema before it is written. An event's studio lives and dies with the event; an
-- account's defaults are copied into each event it creates. Images are named by upload id (public
-- uploads of the storage service, checked when the studio is saved).
CREATE TABLE event_studios (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  studio jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE account_studios (
  account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  studio jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
