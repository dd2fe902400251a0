-- Which node owns a live room, and the fencing epoch of that ownership (issue 16 item 1). A node
-- takes a room by winning its Redis lease (src/cluster/redis-leases.ts) and then bumping the
-- epoch here; every write of the room's saved state is conditional on the epoch the writer took,
-- so a node that lost its lease (a long pause, a partition) cannot overwrite what the new owner
-- keeps. Its own table rather than columns of room_states: a room_states row exists only while a
-- run changed something and is deleted when the run ends or empties, so an epoch kept there
-- would start again at 1 and a stale owner holding epoch 1 could write again. A row here lives
-- as long as the event (one small row per event that ever ran on a cluster).
CREATE TABLE room_owners (
  alias_id uuid PRIMARY KEY REFERENCES aliases (id) ON DELETE CASCADE,
  epoch bigint NOT NULL,
  -- the node id (random per process start) that took this epoch; for operators and logs
  node text NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);

-- Who was in a room run on a cluster (identities, as in room_states): when its node dies, the
-- node that takes the room over lets them back past the lock and the waiting room, as a resume
-- would have. Written only on a cluster (REDIS_URL), fenced like room_states, deleted with it.
CREATE TABLE room_admitted (
  alias_id uuid NOT NULL REFERENCES aliases (id) ON DELETE CASCADE,
  identity text NOT NULL,
  PRIMARY KEY (alias_id, identity)
);
