-- The owner of an event is told when its passcode is being guessed from many addresses.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('invitation', 'gift_received', 'missed_call', 'passcode_guessing'));
