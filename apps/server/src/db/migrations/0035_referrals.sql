-- Referrals (README, "Referrals"): every customer has a code; a customer who signs up with it is
-- their referee. When the referee's first sale is paid, both earn gems, once, unless a rule refuses
-- it (self-referral, a rejected or reversed first sale, the referrer's monthly cap); a refusal is
-- kept with its reason for staff.

-- Codes are not secrets (a code only pays when a real referee's sale is paid): eight characters
-- without the ones people misread (0/O, 1/I/L), drawn until unused.
CREATE FUNCTION referral_new_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  candidate text;
BEGIN
  LOOP
    candidate := '';
    FOR i IN 1..8 LOOP
      candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE referral_code = candidate);
  END LOOP;
  RETURN candidate;
END;
$$;

ALTER TABLE users ADD COLUMN referral_code text;
UPDATE users SET referral_code = referral_new_code();
ALTER TABLE users ALTER COLUMN referral_code SET DEFAULT referral_new_code();
ALTER TABLE users ALTER COLUMN referral_code SET NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_referral_code_shape CHECK (referral_code ~ '^[A-Z2-9]{8}$');
CREATE UNIQUE INDEX users_referral_code_key ON users (referral_code);

-- Every phone number a customer has held (a phone is unique at any moment, so "same phone" means
-- one the other customer held before or after). Written by the database on every insert and change.
CREATE TABLE user_phones (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  phone text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, phone)
);
CREATE INDEX user_phones_phone_idx ON user_phones (phone);
INSERT INTO user_phones (user_id, phone) SELECT id, phone FROM users WHERE phone <> '' AND closed_at IS NULL;

CREATE FUNCTION user_phones_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Closing an account erases its phone (0030): the history goes with it.
  IF NEW.closed_at IS NOT NULL THEN
    DELETE FROM user_phones WHERE user_id = NEW.id;
  ELSIF NEW.phone <> '' THEN
    INSERT INTO user_phones (user_id, phone) VALUES (NEW.id, NEW.phone) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_phone_history AFTER INSERT OR UPDATE OF phone ON users
  FOR EACH ROW EXECUTE FUNCTION user_phones_record();

-- The amounts and the cap the servers are configured with (one row, written at every start, as
-- payout_limit_settings): the code and the cap's trigger read the same numbers.
CREATE TABLE referral_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  referrer_gems integer NOT NULL CHECK (referrer_gems BETWEEN 1 AND 1000000),
  referee_gems integer NOT NULL CHECK (referee_gems BETWEEN 1 AND 1000000),
  monthly_cap integer NOT NULL CHECK (monthly_cap BETWEEN 0 AND 100000),
  time_zone text NOT NULL CHECK (now() AT TIME ZONE time_zone IS NOT NULL),
  updated_at timestamptz NOT NULL
);
INSERT INTO referral_settings (referrer_gems, referee_gems, monthly_cap, time_zone, updated_at)
VALUES (100, 50, 10, 'Africa/Lagos', now());
CREATE TRIGGER referral_settings_no_delete BEFORE DELETE ON referral_settings
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER referral_settings_no_truncate BEFORE TRUNCATE ON referral_settings
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- One row per referee (a customer is referred once, at sign-up). signed_up until their first sale
-- decides it: rewarded (both parties' gems, their reward rows), or refused with the rule's reason.
-- A rewarded referral whose first sale's payout is then reversed becomes refused (first_sale_reversed).
CREATE TABLE referrals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referrer_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  referee_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  code text NOT NULL,
  status text NOT NULL DEFAULT 'signed_up' CHECK (status IN ('signed_up', 'rewarded', 'refused')),
  refusal_reason text CHECK (refusal_reason IN (
    'same_phone', 'same_bank_account', 'same_identity', 'first_sale_rejected', 'first_sale_reversed', 'monthly_cap'
  )),
  -- The referee's first sale, once it decided the referral.
  sale_id uuid REFERENCES sales(id) ON DELETE RESTRICT,
  referrer_gems integer CHECK (referrer_gems > 0),
  referee_gems integer CHECK (referee_gems > 0),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  CONSTRAINT referrals_referee_once UNIQUE (referee_id),
  CONSTRAINT referrals_not_self CHECK (referrer_id <> referee_id),
  CONSTRAINT referrals_decided CHECK ((status = 'signed_up') = (decided_at IS NULL)),
  CONSTRAINT referrals_refused_reason CHECK ((status = 'refused') = (refusal_reason IS NOT NULL)),
  CONSTRAINT referrals_rewarded_gems CHECK (status <> 'rewarded' OR (referrer_gems IS NOT NULL AND referee_gems IS NOT NULL AND sale_id IS NOT NULL))
);
CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, created_at DESC);
CREATE TRIGGER referrals_no_delete BEFORE DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER referrals_no_truncate BEFORE TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- A referral is decided once: signed_up → rewarded or refused, and rewarded → refused only when the
-- first sale's payout was reversed. Who referred whom, and when, never change; a refused referral
-- keeps the gems it had recorded so staff see what was taken back.
-- The monthly cap is held here too: the referrer's row is locked first (as a second referee's
-- payout would), so two referees paid at once cannot both pass a count of cap - 1.
CREATE FUNCTION referrals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settings referral_settings%ROWTYPE;
  rewarded_this_month integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.referrer_id, NEW.referee_id, NEW.code, NEW.created_at)
       IS DISTINCT FROM (OLD.id, OLD.referrer_id, OLD.referee_id, OLD.code, OLD.created_at)
       OR NOT (
         (OLD.status = 'signed_up' AND NEW.status IN ('rewarded', 'refused'))
         OR (OLD.status = 'rewarded' AND NEW.status = 'refused' AND NEW.refusal_reason = 'first_sale_reversed'
             AND (NEW.sale_id, NEW.referrer_gems, NEW.referee_gems) IS NOT DISTINCT FROM (OLD.sale_id, OLD.referrer_gems, OLD.referee_gems))
       ) THEN
      RAISE EXCEPTION 'referral % is decided once (and a reward undone only by a reversed first sale)', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'referrals_decided_once';
    END IF;
  ELSIF NEW.status <> 'signed_up' THEN
    RAISE EXCEPTION 'a referral starts signed up'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'referrals_decided_once';
  END IF;
  IF NEW.status = 'rewarded' THEN
    SELECT * INTO settings FROM referral_settings;
    PERFORM 1 FROM users WHERE id = NEW.referrer_id FOR NO KEY UPDATE;
    SELECT count(*) INTO rewarded_this_month FROM referrals
      WHERE referrer_id = NEW.referrer_id AND status = 'rewarded' AND id <> NEW.id
        AND date_trunc('month', decided_at AT TIME ZONE settings.time_zone) = date_trunc('month', NEW.decided_at AT TIME ZONE settings.time_zone);
    IF rewarded_this_month >= settings.monthly_cap THEN
      RAISE EXCEPTION 'the referrer has reached the monthly cap of % referral rewards', settings.monthly_cap
        USING ERRCODE = 'check_violation', CONSTRAINT = 'referrals_monthly_cap';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER referrals_guard BEFORE INSERT OR UPDATE ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_guard();

-- A referee whose first sale is rejected is refused at once, however the rejection was made.
CREATE FUNCTION referrals_first_sale_rejected() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referrals SET status = 'refused', refusal_reason = 'first_sale_rejected', sale_id = NEW.id, decided_at = NEW.status_changed_at
  WHERE referee_id = NEW.user_id AND status = 'signed_up'
    AND NEW.id = (SELECT id FROM sales WHERE user_id = NEW.user_id ORDER BY created_at, id LIMIT 1);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_referral_rejected AFTER UPDATE OF status ON sales
  FOR EACH ROW WHEN (NEW.status = 'rejected' AND OLD.status IS DISTINCT FROM 'rejected')
  EXECUTE FUNCTION referrals_first_sale_rejected();

-- Referral gems are their own kind of ledger entry (rewards_program → the customer's rewards
-- account, claimable like a sale's reward; taken back as reward_clawback if the sale is reversed).
ALTER TABLE gem_entries DROP CONSTRAINT gem_entries_reason_check;
ALTER TABLE gem_entries ADD CONSTRAINT gem_entries_reason_check CHECK (reason IN (
  'daily_collection', 'reward_accrual', 'reward_claim', 'hold', 'hold_capture', 'hold_release', 'reward_clawback',
  'account_closure', 'referral'
));
