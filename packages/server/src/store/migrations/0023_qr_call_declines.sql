-- The agents who declined a ringing QR call (issue 16): kept with the call rather than in the
-- memory of the node that heard the decline, so agents declining on different nodes together
-- end the call as busy, and the missed-call notices at the timeout know who declined.
ALTER TABLE qr_calls ADD COLUMN declined jsonb NOT NULL DEFAULT '[]'::jsonb;
