-- Shared files are no longer readable by anyone holding their id (issue 10 item 7): a chat file
-- is downloaded through a short-lived signed link handed only to the people who may see its
-- message. Avatars stay public: they are shown to everyone, as the account's picture.
ALTER TABLE uploads ADD COLUMN public boolean NOT NULL DEFAULT false;
UPDATE uploads SET public = true
  WHERE id IN (
    SELECT substring(avatar from '^/api/storage/file/([A-Za-z0-9_-]{32})$')
    FROM accounts
    WHERE avatar LIKE '/api/storage/file/%'
  );
