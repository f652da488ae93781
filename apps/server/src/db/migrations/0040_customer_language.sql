-- The customer's language (docs/i18n.md, docs/decisions.md §1.9): the app, e-mails, in-app
-- notifications and Web Push follow it. English unless the customer chose another; the CHECK
-- lists the languages of packages/shared's `languages`, so a new one also needs a migration.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en';
ALTER TABLE users ADD CONSTRAINT users_language_known CHECK (language IN ('en', 'pcm'));
