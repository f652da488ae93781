-- Alerts without another service (domain/operations/alerts.ts, docs/RELIABILITY.md "Alerts"): a
-- recurring job checks thresholds and opens an incident when one is crossed, closes it when the
-- figure is back. Admins are told once when it opens and once when it recovers; the database
-- holds "once": at most one open incident per kind, and an incident, once resolved, is final.

CREATE TABLE alert_incidents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('payout_failure_rate', 'payouts_stuck', 'job_backlog', 'stale_prices', 'ledger_audit')),
  opened_at timestamptz NOT NULL,
  -- What was seen when it opened, for the e-mail and the back office ("4 of 10 payouts failed…").
  detail text NOT NULL CHECK (length(detail) BETWEEN 1 AND 500),
  resolved_at timestamptz,
  CHECK (resolved_at IS NULL OR resolved_at >= opened_at)
);

CREATE UNIQUE INDEX alert_incidents_one_open ON alert_incidents (kind) WHERE resolved_at IS NULL;
CREATE INDEX alert_incidents_recent ON alert_incidents (opened_at DESC, id DESC);

-- Only the resolution may change, once; an incident is never deleted (it is the on-call record).
CREATE FUNCTION alert_incidents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'alert incidents are never deleted' USING ERRCODE = '23514', CONSTRAINT = 'alert_incidents_append_only';
  END IF;
  IF OLD.resolved_at IS NOT NULL
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.opened_at IS DISTINCT FROM OLD.opened_at OR NEW.detail IS DISTINCT FROM OLD.detail THEN
    RAISE EXCEPTION 'an alert incident only gets its resolution, once' USING ERRCODE = '23514', CONSTRAINT = 'alert_incidents_append_only';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER alert_incidents_guard BEFORE UPDATE OR DELETE ON alert_incidents
  FOR EACH ROW EXECUTE FUNCTION alert_incidents_guard();
