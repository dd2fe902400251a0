-- The account's language is null until the person chooses one, so "never chose" (the browser's
-- language applies) differs from "chose English" (applies on every device).
ALTER TABLE account_settings ALTER COLUMN language DROP DEFAULT;
ALTER TABLE account_settings ALTER COLUMN language DROP NOT NULL;
-- A stored 'en' could be the old column default or a choice; both showed the browser's language
-- until now, so null keeps what people saw. 'vi' can only have been chosen.
UPDATE account_settings SET language = NULL WHERE language = 'en';
