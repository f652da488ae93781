-- Workers learn of a new job at once instead of at their next poll (src/jobs/README.md, "Waking
-- the workers"): every statement that inserts jobs notifies the channel wise_jobs with the earliest
-- run_at it inserted (milliseconds since the epoch, so a job due later wakes them when due), and PostgreSQL
-- delivers the notification when the inserting transaction commits (never if it rolls back), to
-- every server instance listening. Polling stays as the fallback. The embedded database has no
-- listener (its one connection cannot be held for LISTEN); there the notification goes nowhere.
CREATE FUNCTION notify_jobs_enqueued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wise_jobs', (SELECT coalesce(floor(extract(epoch FROM min(run_at)) * 1000)::bigint::text, '') FROM inserted));
  RETURN NULL;
END;
$$;

CREATE TRIGGER jobs_notify_enqueued AFTER INSERT ON jobs REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION notify_jobs_enqueued();
