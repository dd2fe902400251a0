-- The wallet: a double-entry ledger (decisions.md "Money"). A transfer is one intended movement
-- of money, named by the idempotency key its initiator chose; its entries move the amount
-- between holders and sum to zero per unit. Holders are account ids, or `system:issuer`, the
-- operator's side of credits (its balance is minus everything ever issued). Balances are kept
-- per (holder, unit) by a trigger on the entries, so a balance always equals the sum of its
-- entries; the rows are also what a transfer locks (SELECT ... FOR UPDATE) before it checks funds.

CREATE TABLE wallet_transfers (
  id uuid PRIMARY KEY,
  -- Order of the history and its page cursor.
  seq bigserial NOT NULL UNIQUE,
  -- Whose idempotency key this is: 'account:<id>' or 'operator'. Keys of different initiators
  -- never collide, so nobody can read or block another person's transfer by guessing a key.
  scope text NOT NULL CHECK (char_length(scope) BETWEEN 1 AND 100),
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 128),
  -- SHA-256 of the transfer's canonical request: the same key with another body is refused.
  request_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('credit', 'gift', 'donation')),
  -- NULL for credits (the issuer pays).
  from_account text,
  to_account text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('coin')),
  amount bigint NOT NULL CHECK (amount > 0 AND amount <= 1000000000),
  gift_id text,
  -- The live room (event alias id) a gift was given in.
  room_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (scope, idempotency_key),
  CHECK ((kind = 'credit') = (from_account IS NULL)),
  CHECK (from_account IS DISTINCT FROM to_account),
  CHECK ((kind = 'gift') = (gift_id IS NOT NULL))
);
CREATE INDEX wallet_transfers_from_idx ON wallet_transfers (from_account, seq);
CREATE INDEX wallet_transfers_to_idx ON wallet_transfers (to_account, seq);

CREATE TABLE wallet_entries (
  transfer_id uuid NOT NULL REFERENCES wallet_transfers (id),
  holder text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('coin')),
  amount bigint NOT NULL CHECK (amount <> 0),
  PRIMARY KEY (transfer_id, holder, unit)
);
CREATE INDEX wallet_entries_holder_idx ON wallet_entries (holder, unit);

CREATE TABLE wallet_balances (
  holder text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('coin')),
  balance bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (holder, unit),
  -- Only system holders may go below zero; nobody goes above the largest balance.
  CHECK (holder LIKE 'system:%' OR (balance >= 0 AND balance <= 1000000000000000))
);

-- The ledger is append-only: a mistake is corrected by a new transfer, never by an edit.
CREATE FUNCTION wallet_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the wallet ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME;
END
$fn$;
CREATE TRIGGER wallet_transfers_append_only BEFORE UPDATE OR DELETE ON wallet_transfers
  FOR EACH ROW EXECUTE FUNCTION wallet_append_only();
CREATE TRIGGER wallet_entries_append_only BEFORE UPDATE OR DELETE ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_append_only();

-- Every entry moves its holder's balance in the same transaction.
CREATE FUNCTION wallet_entry_applied() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Not INSERT ... ON CONFLICT: its CHECK would judge the proposed row (a bare debit) and fail.
  -- The ledger creates and locks the rows before writing entries, so the UPDATE finds them.
  UPDATE wallet_balances SET balance = balance + NEW.amount
    WHERE holder = NEW.holder AND unit = NEW.unit;
  IF NOT FOUND THEN
    INSERT INTO wallet_balances (holder, unit, balance) VALUES (NEW.holder, NEW.unit, NEW.amount);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER wallet_entries_applied AFTER INSERT ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_entry_applied();

-- Checked at commit, once every entry of the transfer is in: each unit sums to zero.
CREATE FUNCTION wallet_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM wallet_entries
      WHERE transfer_id = NEW.transfer_id AND unit = NEW.unit) <> 0 THEN
    RAISE EXCEPTION 'wallet transfer % does not sum to zero in %', NEW.transfer_id, NEW.unit;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE CONSTRAINT TRIGGER wallet_entries_balanced AFTER INSERT ON wallet_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_transfer_balanced();
