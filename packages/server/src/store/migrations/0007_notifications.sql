-- The notification center (spec §7 Notifications): what happened to an account while it may not
-- have been looking (an invitation, a gift received, a missed QR call). The id grows with time
-- and is the paging cursor (from_id).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invitation', 'gift_received', 'missed_call')),
  -- Checked against the kind's schema (packages/protocol api/notifications.ts) before storing.
  data jsonb NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Newest first per account (the list), and the unread count.
CREATE INDEX notifications_account_id_idx ON notifications (account_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (account_id) WHERE NOT is_read;
