-- Provider floats and the daily reconciliation (docs/decisions.md §5c; domain/reconciliation/README.md).
--
-- 1. A payout can be HELD while its attempt is open: `waiting_for_funds` (the transfer balance
--    cannot cover it: not sent, or refused by the provider for want of money; it resumes by itself
--    when the float is topped up) or `awaiting_otp` (the provider accepted it but will not move it
--    until someone types an OTP). A hold is not a status: the customer still sees the payout
--    processing, and every status move ends the hold unless the same statement sets a new one.
-- 2. The last balance read from each provider (the float), for the alerts and the metrics.
-- 3. Reconciliation runs and the mismatches they find; a mismatch is never deleted and only gets
--    its resolution (who, when, a note), once.

-- ---------------------------------------------------------------------------------------------
-- Payout holds
-- ---------------------------------------------------------------------------------------------

ALTER TABLE payouts ADD COLUMN hold text CONSTRAINT payouts_hold_kind CHECK (hold IN ('waiting_for_funds', 'awaiting_otp'));
ALTER TABLE payouts ADD COLUMN held_at timestamptz;
-- Waiting for funds: not yet at the provider (queued) or refused by it for want of money (sending).
-- Awaiting an OTP: accepted by the provider (pending).
ALTER TABLE payouts ADD CONSTRAINT payouts_hold_shape CHECK (
  (hold IS NULL AND held_at IS NULL)
  OR (hold = 'waiting_for_funds' AND method = 'transfer' AND status IN ('queued', 'sending') AND held_at IS NOT NULL)
  OR (hold = 'awaiting_otp' AND method = 'transfer' AND status = 'pending' AND held_at IS NOT NULL)
);
CREATE INDEX payouts_held_open_idx ON payouts (hold, created_at, id) WHERE hold IS NOT NULL;

CREATE FUNCTION payouts_hold_ends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.hold IS NOT DISTINCT FROM OLD.hold THEN
    NEW.hold := NULL;
    NEW.held_at := NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER payouts_hold_ends BEFORE UPDATE ON payouts FOR EACH ROW EXECUTE FUNCTION payouts_hold_ends();

-- ---------------------------------------------------------------------------------------------
-- Alerts: four new kinds
-- ---------------------------------------------------------------------------------------------

ALTER TABLE alert_incidents DROP CONSTRAINT alert_incidents_kind_check;
ALTER TABLE alert_incidents ADD CONSTRAINT alert_incidents_kind_check CHECK (kind IN (
  'payout_failure_rate', 'payouts_stuck', 'job_backlog', 'stale_prices', 'ledger_audit',
  'payout_float_low', 'payouts_awaiting_otp', 'bills_float_low', 'reconciliation_mismatch'));

-- ---------------------------------------------------------------------------------------------
-- Provider floats: the last reading per provider
-- ---------------------------------------------------------------------------------------------

CREATE TABLE provider_floats (
  provider_kind text PRIMARY KEY CHECK (provider_kind IN ('payouts', 'bills')),
  -- NULL when the last reading could not be had (then `error` says why).
  available_kobo bigint CHECK (available_kobo >= 0),
  error text CHECK (length(error) BETWEEN 1 AND 300),
  checked_at timestamptz NOT NULL,
  -- When the balance was last known, kept through failed readings.
  known_at timestamptz,
  CHECK ((available_kobo IS NULL) = (error IS NOT NULL)),
  CHECK (available_kobo IS NULL OR known_at = checked_at)
);

-- ---------------------------------------------------------------------------------------------
-- Reconciliation
-- ---------------------------------------------------------------------------------------------

CREATE TABLE reconciliation_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider_kind text NOT NULL CHECK (provider_kind IN ('payouts', 'bills')),
  -- The business day compared (APP_TIMEZONE, Africa/Lagos by default).
  business_date date NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'staff')),
  requested_by uuid REFERENCES staff (id) ON DELETE RESTRICT,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  outcome text CHECK (outcome IN ('completed', 'failed')),
  -- What was compared: ours and theirs (payouts: attempts and listed transfers; bills: orders asked about).
  ours_count integer CHECK (ours_count >= 0),
  theirs_count integer CHECK (theirs_count >= 0),
  -- Orders or transfers the provider could not say anything definite about this time.
  unchecked_count integer CHECK (unchecked_count >= 0),
  mismatch_count integer CHECK (mismatch_count >= 0),
  error text CHECK (length(error) BETWEEN 1 AND 500),
  CONSTRAINT reconciliation_runs_requester CHECK ((trigger = 'staff') = (requested_by IS NOT NULL)),
  CONSTRAINT reconciliation_runs_finished CHECK (
    (finished_at IS NULL AND outcome IS NULL)
    OR (outcome = 'completed' AND finished_at >= started_at AND ours_count IS NOT NULL AND theirs_count IS NOT NULL AND unchecked_count IS NOT NULL AND mismatch_count IS NOT NULL AND error IS NULL)
    OR (outcome = 'failed' AND finished_at >= started_at AND error IS NOT NULL))
);

CREATE INDEX reconciliation_runs_recent ON reconciliation_runs (started_at DESC, id DESC);
CREATE INDEX reconciliation_runs_day ON reconciliation_runs (provider_kind, business_date) WHERE outcome = 'completed';

CREATE TABLE reconciliation_mismatches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id bigint NOT NULL REFERENCES reconciliation_runs (id) ON DELETE RESTRICT,
  provider_kind text NOT NULL CHECK (provider_kind IN ('payouts', 'bills')),
  kind text NOT NULL CONSTRAINT reconciliation_mismatches_kind CHECK (kind IN ('missing_at_provider', 'missing_at_ours', 'amount_differs', 'status_differs')),
  -- Our payout reference or bill request id; for a transfer we have no record of, the provider's reference or code.
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  ours jsonb,
  theirs jsonb,
  detected_at timestamptz NOT NULL,
  resolved_by uuid REFERENCES staff (id) ON DELETE RESTRICT,
  resolved_at timestamptz,
  note text CHECK (length(note) BETWEEN 1 AND 1000),
  CONSTRAINT reconciliation_mismatches_sides CHECK ((ours IS NOT NULL OR kind = 'missing_at_ours') AND (theirs IS NOT NULL OR kind = 'missing_at_provider')),
  CONSTRAINT reconciliation_mismatches_resolution CHECK (
    (resolved_by IS NULL AND resolved_at IS NULL AND note IS NULL)
    OR (resolved_by IS NOT NULL AND resolved_at >= detected_at AND note IS NOT NULL))
);

-- A second run over the same day (or the next day's, for a transfer still wrong) finds the open
-- one instead of adding another.
CREATE UNIQUE INDEX reconciliation_mismatches_one_open ON reconciliation_mismatches (provider_kind, kind, reference) WHERE resolved_at IS NULL;
CREATE INDEX reconciliation_mismatches_open ON reconciliation_mismatches (detected_at, id) WHERE resolved_at IS NULL;
CREATE INDEX reconciliation_mismatches_run ON reconciliation_mismatches (run_id, id);

-- A mismatch is evidence: never deleted; only its resolution is written, once.
CREATE FUNCTION reconciliation_mismatches_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'reconciliation mismatches are never deleted'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reconciliation_mismatches_append_only';
  END IF;
  IF OLD.resolved_at IS NOT NULL
     OR (NEW.id, NEW.run_id, NEW.provider_kind, NEW.kind, NEW.reference, NEW.ours, NEW.theirs, NEW.detected_at)
        IS DISTINCT FROM (OLD.id, OLD.run_id, OLD.provider_kind, OLD.kind, OLD.reference, OLD.ours, OLD.theirs, OLD.detected_at) THEN
    RAISE EXCEPTION 'a reconciliation mismatch only gets its resolution, once'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reconciliation_mismatches_append_only';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER reconciliation_mismatches_guard BEFORE UPDATE OR DELETE ON reconciliation_mismatches
  FOR EACH ROW EXECUTE FUNCTION reconciliation_mismatches_guard();

CREATE FUNCTION reconciliation_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'reconciliation records are never truncated'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'reconciliation_mismatches_append_only';
END;
$$;

CREATE TRIGGER reconciliation_mismatches_no_truncate BEFORE TRUNCATE ON reconciliation_mismatches
  FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_no_truncate();

-- A run is written when it starts and finished once; never deleted.
CREATE FUNCTION reconciliation_runs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'reconciliation runs are never deleted'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reconciliation_runs_append_only';
  END IF;
  IF OLD.finished_at IS NOT NULL
     OR (NEW.id, NEW.provider_kind, NEW.business_date, NEW.trigger, NEW.requested_by, NEW.started_at)
        IS DISTINCT FROM (OLD.id, OLD.provider_kind, OLD.business_date, OLD.trigger, OLD.requested_by, OLD.started_at) THEN
    RAISE EXCEPTION 'a reconciliation run is only finished, once'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reconciliation_runs_append_only';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER reconciliation_runs_guard BEFORE UPDATE OR DELETE ON reconciliation_runs
  FOR EACH ROW EXECUTE FUNCTION reconciliation_runs_guard();
