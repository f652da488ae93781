-- Verification tiers and payout limits (README, "Verification tiers and limits"). A customer's
-- paid and approved sales in one business day may not exceed their tier's daily limit, nor, at
-- tier 0, the total allowed before any verification. The server checks it when a sale is
-- submitted and approved; the database refuses, on its own, an approval (a sale becoming
-- approved or paid) that would pass it, whoever writes it. A payout row needs an approved sale
-- (payout_guard), so the approval is where money is committed and where the limit is held.

-- The limits as the running servers are configured (TIER*_PAYOUT_NAIRA, APP_TIMEZONE). One row;
-- the migration writes the configuration's defaults, each server start writes its own values.
CREATE TABLE payout_limit_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  tier0_daily_kobo bigint NOT NULL CHECK (tier0_daily_kobo > 0 AND tier0_daily_kobo <= 9007199254740991),
  tier0_total_kobo bigint NOT NULL CHECK (tier0_total_kobo > 0 AND tier0_total_kobo <= 9007199254740991),
  tier1_daily_kobo bigint NOT NULL CHECK (tier1_daily_kobo > 0 AND tier1_daily_kobo <= 9007199254740991),
  tier2_daily_kobo bigint NOT NULL CHECK (tier2_daily_kobo > 0 AND tier2_daily_kobo <= 9007199254740991),
  -- The business day's time zone; an unknown name is refused here rather than in the trigger.
  time_zone text NOT NULL CHECK (now() AT TIME ZONE time_zone IS NOT NULL),
  updated_at timestamptz NOT NULL
);
INSERT INTO payout_limit_settings (tier0_daily_kobo, tier0_total_kobo, tier1_daily_kobo, tier2_daily_kobo, time_zone, updated_at)
VALUES (10000000, 30000000, 200000000, 1000000000, 'Africa/Lagos', now());
CREATE TRIGGER payout_limit_settings_no_delete BEFORE DELETE ON payout_limit_settings
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER payout_limit_settings_no_truncate BEFORE TRUNCATE ON payout_limit_settings
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- A limit an admin raised for one customer, with the note and who and when. Never rewritten: a
-- new raise is a new row and the latest one applies (the higher of it and the tier's own limit).
CREATE TABLE payout_limit_raises (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  daily_limit_kobo bigint NOT NULL CHECK (daily_limit_kobo > 0 AND daily_limit_kobo <= 9007199254740991),
  -- The total before verification (tier 0); NULL leaves the tier's.
  total_limit_kobo bigint CHECK (total_limit_kobo > 0 AND total_limit_kobo <= 9007199254740991),
  note text NOT NULL CHECK (char_length(note) BETWEEN 1 AND 500 AND note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'),
  created_by uuid NOT NULL REFERENCES staff(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL
);
CREATE INDEX payout_limit_raises_user_idx ON payout_limit_raises (user_id, created_at DESC, id DESC);

CREATE FUNCTION payout_limit_raise_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM staff WHERE id = NEW.created_by AND role = 'admin' AND disabled_at IS NULL) THEN
    RAISE EXCEPTION 'only an admin raises a customer''s payout limit'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_limit_raises_admin';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payout_limit_raises_guard BEFORE INSERT ON payout_limit_raises
  FOR EACH ROW EXECUTE FUNCTION payout_limit_raise_guard();
CREATE TRIGGER payout_limit_raises_no_change BEFORE UPDATE OR DELETE ON payout_limit_raises
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER payout_limit_raises_no_truncate BEFORE TRUNCATE ON payout_limit_raises
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- A customer's approved and paid sales by approval time: the usage the limits read.
CREATE INDEX sales_user_decided_idx ON sales (user_id, decided_at) WHERE status IN ('approved', 'paid');

-- A sale entering approved or paid (from review; a reversal's paid → approved is the same money)
-- is refused past the customer's daily limit, counted in the business day of its decision, and at
-- tier 0 past the total. The customer's row is locked first (FOR NO KEY UPDATE, which leaves rows
-- referencing it insertable), so approvals of one customer's sales at once are counted one after
-- the other: each statement below reads what the previous holder committed. AFTER trigger: the
-- older guards speak first.
CREATE FUNCTION sale_payout_limit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settings payout_limit_settings%ROWTYPE;
  raised payout_limit_raises%ROWTYPE;
  tier smallint;
  daily_kobo bigint;
  total_kobo bigint;
  amount_kobo bigint;
  day date;
  used_kobo bigint;
BEGIN
  IF NEW.status NOT IN ('approved', 'paid') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status IN ('approved', 'paid') THEN
    RETURN NULL;
  END IF;
  SELECT kyc_tier INTO tier FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  SELECT * INTO settings FROM payout_limit_settings;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'payout limits are not configured'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_payout_limit_daily';
  END IF;
  daily_kobo := CASE tier WHEN 0 THEN settings.tier0_daily_kobo WHEN 1 THEN settings.tier1_daily_kobo ELSE settings.tier2_daily_kobo END;
  total_kobo := CASE WHEN tier = 0 THEN settings.tier0_total_kobo END;
  SELECT * INTO raised FROM payout_limit_raises WHERE user_id = NEW.user_id ORDER BY created_at DESC, id DESC LIMIT 1;
  IF FOUND THEN
    daily_kobo := greatest(daily_kobo, raised.daily_limit_kobo);
    IF total_kobo IS NOT NULL AND raised.total_limit_kobo IS NOT NULL THEN
      total_kobo := greatest(total_kobo, raised.total_limit_kobo);
    END IF;
  END IF;
  amount_kobo := coalesce(NEW.payout_amount_kobo, NEW.value_kobo);
  day := (coalesce(NEW.decided_at, now()) AT TIME ZONE settings.time_zone)::date;
  SELECT coalesce(sum(coalesce(payout_amount_kobo, value_kobo)), 0) INTO used_kobo FROM sales
  WHERE user_id = NEW.user_id AND id <> NEW.id AND status IN ('approved', 'paid')
    AND decided_at >= (day::timestamp AT TIME ZONE settings.time_zone)
    AND decided_at < ((day + 1)::timestamp AT TIME ZONE settings.time_zone);
  IF used_kobo + amount_kobo > daily_kobo THEN
    RAISE EXCEPTION 'sale % would take the customer past their daily payout limit (% of % kobo used)', NEW.id, used_kobo, daily_kobo
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_payout_limit_daily';
  END IF;
  IF total_kobo IS NOT NULL THEN
    SELECT coalesce(sum(coalesce(payout_amount_kobo, value_kobo)), 0) INTO used_kobo FROM sales
    WHERE user_id = NEW.user_id AND id <> NEW.id AND status IN ('approved', 'paid');
    IF used_kobo + amount_kobo > total_kobo THEN
      RAISE EXCEPTION 'sale % would take the customer past their total payout limit before verification (% of % kobo used)', NEW.id, used_kobo, total_kobo
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_payout_limit_total';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_guard_payout_limit AFTER INSERT OR UPDATE ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_payout_limit_guard();
