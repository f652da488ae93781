-- Provider outages (docs/RELIABILITY.md, "Provider outages"): an open payout attempt remembers
-- since when it has failed to reach the payout provider (refused, 5xx, time-outs; cleared by the
-- provider's next answer), and when its customer was told that the payout is delayed.

ALTER TABLE payouts
  ADD COLUMN unreachable_since timestamptz,
  ADD COLUMN unreachable_reason text CONSTRAINT payouts_unreachable_reason_length CHECK (length(unreachable_reason) <= 300),
  ADD COLUMN delay_noticed_at timestamptz,
  ADD CONSTRAINT payouts_unreachable_reason_with_since CHECK ((unreachable_reason IS NULL) = (unreachable_since IS NULL));

-- The customer is told once per sale, whatever its attempts, workers or retries.
CREATE UNIQUE INDEX payouts_one_delay_notice ON payouts (sale_id) WHERE delay_noticed_at IS NOT NULL;
-- The dashboard and the alert read the attempts failing to reach the provider now.
CREATE INDEX payouts_unreachable_idx ON payouts (unreachable_since) WHERE unreachable_since IS NOT NULL;

-- A notice sent stays sent: never moved or taken back.
CREATE FUNCTION payouts_delay_notice_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.delay_noticed_at IS NOT NULL AND NEW.delay_noticed_at IS DISTINCT FROM OLD.delay_noticed_at THEN
    RAISE EXCEPTION 'the delay notice of payout % was sent already', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_delay_notice_once';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payouts_delay_notice_once BEFORE UPDATE OF delay_noticed_at ON payouts FOR EACH ROW
  EXECUTE FUNCTION payouts_delay_notice_guard();

-- The sale's open screen learns of the notice at once (as of its payout's status: 0038).
CREATE TRIGGER payouts_notify_delay AFTER UPDATE OF delay_noticed_at ON payouts FOR EACH ROW
  WHEN (OLD.delay_noticed_at IS NULL AND NEW.delay_noticed_at IS NOT NULL)
  EXECUTE FUNCTION notify_payout_changed();

-- Two alert kinds: the payout provider unreachable, Redis unreachable. The constraint is rebuilt
-- from the kinds it allows now, so that kinds other migrations added are kept whatever their order.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_0-9]+)''', 'g') AS m
   WHERE c.conname = 'alert_incidents_kind_check' AND c.conrelid = 'alert_incidents'::regclass;
  kinds := kinds || ARRAY['payout_provider_unreachable', 'redis_unreachable'];
  ALTER TABLE alert_incidents DROP CONSTRAINT alert_incidents_kind_check;
  EXECUTE format('ALTER TABLE alert_incidents ADD CONSTRAINT alert_incidents_kind_check CHECK (kind IN (%s))',
    (SELECT string_agg(DISTINCT quote_literal(k), ', ') FROM unnest(kinds) AS k));
END;
$$;
