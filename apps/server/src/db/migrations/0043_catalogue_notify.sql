-- A kept catalogue answer (domain/catalogue-cache.ts) is served without reading its version when
-- the instance hears of every change: each bump also notifies the channel wise_catalogue with the
-- catalogue's name. PostgreSQL delivers it when the writing transaction commits (never if it rolls
-- back) to every listening connection: each instance's own listener and, before the COMMIT's
-- answer, the writing connection itself, so a process sees its own writes at once. On the embedded
-- database the one session listens and the notification comes back on the committing connection.
CREATE OR REPLACE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  PERFORM pg_notify('wise_catalogue', TG_ARGV[0]);
  RETURN NULL;
END $$;
