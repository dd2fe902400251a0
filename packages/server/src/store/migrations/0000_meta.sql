CREATE TABLE IF NOT EXISTS podium_meta (key text PRIMARY KEY, value text NOT NULL);
