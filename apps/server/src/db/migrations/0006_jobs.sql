-- The durable background job queue (docs/decisions.md §5b; src/jobs/README.md). One row per job: it survives
-- restarts because it lives here, each attempt is claimed by exactly one worker with
-- FOR UPDATE SKIP LOCKED, and a claim is a lease: if its worker dies, the lease runs out and
-- another worker takes the job again. Times come from the application's clock, not now().

CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (name ~ '^[a-z0-9_.:-]{1,100}$'),
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- queued -> running -> done | queued (retry after back-off) | failed (attempts used up)
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 50),
  -- At most one job with a key for as long as its row exists (a schedule slot, "re-query order X").
  singleton_key text CHECK (length(singleton_key) BETWEEN 1 AND 200),
  locked_by text CHECK (length(locked_by) <= 200),
  locked_until timestamptz,
  last_error text CHECK (length(last_error) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT jobs_attempts_bounded CHECK (attempts BETWEEN 0 AND max_attempts),
  CONSTRAINT jobs_lease_shape CHECK ((status = 'running') = (locked_until IS NOT NULL AND locked_by IS NOT NULL)),
  CONSTRAINT jobs_finished_shape CHECK ((status IN ('done', 'failed')) = (finished_at IS NOT NULL))
);
-- NULLs are distinct: jobs without a key never collide.
CREATE UNIQUE INDEX jobs_singleton_key ON jobs (singleton_key);
-- What the workers poll: due jobs in order, expired leases, and what the clean-up removes.
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('done', 'failed');
