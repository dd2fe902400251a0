-- The gift catalogue (decisions.md "Money": a gift is priced in a unit and moves its price from
-- the sender to the receiver in one ledger transfer). Pictures ship with the web app.
CREATE TABLE gifts (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_-]{1,32}$'),
  name_en text NOT NULL CHECK (char_length(name_en) BETWEEN 1 AND 60),
  name_vi text NOT NULL CHECK (char_length(name_vi) BETWEEN 1 AND 60),
  image text NOT NULL,
  price bigint NOT NULL CHECK (price > 0 AND price <= 1000000000),
  unit text NOT NULL CHECK (unit IN ('coin')),
  sort integer NOT NULL DEFAULT 0,
  -- Retired gifts stay for the history but are no longer offered.
  active boolean NOT NULL DEFAULT true
);

INSERT INTO gifts (id, name_en, name_vi, image, price, unit, sort) VALUES
  ('rose', 'Rose', 'Hoa hồng', '/gifts/rose.svg', 10, 'coin', 1),
  ('heart', 'Heart', 'Trái tim', '/gifts/heart.svg', 50, 'coin', 2),
  ('cake', 'Cake', 'Bánh kem', '/gifts/cake.svg', 100, 'coin', 3),
  ('trophy', 'Trophy', 'Cúp vàng', '/gifts/trophy.svg', 500, 'coin', 4);

ALTER TABLE wallet_transfers
  ADD CONSTRAINT wallet_transfers_gift_fk FOREIGN KEY (gift_id) REFERENCES gifts (id);
