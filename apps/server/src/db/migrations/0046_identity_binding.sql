-- A verified identity is bound to its account (docs/identity.md).
--
-- 1. A look-up reserves its place in the day's budget before the provider is asked: the row is
--    written as `pending` first (its number hash and last four digits known), the provider is asked,
--    then the row takes its outcome, once. A `phone_mismatch` is a number whose registered phone is
--    not the account's.
-- 2. The budget itself is the database's: an attempt is refused when the customer already has
--    five in the 24 hours before it (the provider being down does not count), counted under the
--    customer's row lock, so parallel look-ups on any number of instances record five at most.
-- 3. A verified row can be revoked (`revoked_at`, once) when the customer asks to verify again; it
--    then no longer binds the number nor the tier, and only while the customer is at tier 0.
-- 4. While a verified row binds the account, the name and date of birth it was matched with are
--    locked: only closing the account (which anonymises them) changes them.

ALTER TABLE identity_checks DROP CONSTRAINT identity_checks_outcome_check;
ALTER TABLE identity_checks ADD CONSTRAINT identity_checks_outcome_check
  CHECK (outcome IN ('pending', 'verified', 'mismatch', 'phone_mismatch', 'account_mismatch', 'not_found', 'unavailable', 'in_use'));

ALTER TABLE identity_checks ADD COLUMN revoked_at timestamptz;
ALTER TABLE identity_checks ADD CONSTRAINT identity_checks_revoked_shape CHECK (revoked_at IS NULL OR outcome = 'verified');

-- The bindings hold for verified rows not revoked.
DROP INDEX identity_checks_number_key;
DROP INDEX identity_checks_verified_user_key;
CREATE UNIQUE INDEX identity_checks_number_key ON identity_checks (kind, number_hash) WHERE outcome = 'verified' AND revoked_at IS NULL;
CREATE UNIQUE INDEX identity_checks_verified_user_key ON identity_checks (user_id) WHERE outcome = 'verified' AND revoked_at IS NULL;

-- 0029's guard with two changes allowed: a pending row takes its outcome once (nothing else of it
-- changes), and a verified row is revoked once, while its customer is at tier 0.
CREATE OR REPLACE FUNCTION identity_checks_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind OR NEW.number_hash <> OLD.number_hash
      OR NEW.number_key_id <> OLD.number_key_id OR NEW.number_last4 <> OLD.number_last4 OR NEW.provider <> OLD.provider
      OR NEW.created_at <> OLD.created_at THEN
      RAISE EXCEPTION 'identity_checks: a verification attempt is never changed'
        USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.outcome = 'pending' AND NEW.outcome <> 'pending' AND NEW.revoked_at IS NULL THEN
      RETURN NEW;
    END IF;
    IF OLD.outcome = 'verified' AND NEW.outcome = 'verified' AND OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL
      AND NEW.number_sealed IS NOT DISTINCT FROM OLD.number_sealed AND NEW.verified_name IS NOT DISTINCT FROM OLD.verified_name
      AND NEW.verified_dob IS NOT DISTINCT FROM OLD.verified_dob THEN
      IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND kyc_tier > 0) THEN
        RAISE EXCEPTION 'identity_checks: a verification is revoked only once its customer is back at tier 0'
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'identity_checks: a verification attempt is never changed'
      USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'identity_checks: a verification attempt is never deleted while its customer exists'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN OLD;
END;
$$;

-- Five attempts in any 24 hours per customer (shared IDENTITY_ATTEMPTS_PER_DAY). The row lock
-- (NO KEY UPDATE: it does not hold back rows that merely reference the customer) makes parallel
-- inserts for one customer count one after another; each count is a fresh snapshot, so it sees
-- the attempts committed while it waited.
CREATE FUNCTION identity_checks_daily_budget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  IF NEW.outcome <> 'unavailable' AND (
    SELECT count(*) FROM identity_checks
    WHERE user_id = NEW.user_id AND outcome <> 'unavailable' AND created_at > NEW.created_at - interval '24 hours'
  ) >= 5 THEN
    RAISE EXCEPTION 'identity_checks: five look-ups a day per customer'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'identity_checks_daily_budget';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER identity_checks_daily_budget BEFORE INSERT ON identity_checks
  FOR EACH ROW EXECUTE FUNCTION identity_checks_daily_budget();

-- 0031's tier rule, counting only a verification that still binds the account.
CREATE OR REPLACE FUNCTION users_kyc_tier_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.kyc_tier <> 0 THEN
      RAISE EXCEPTION 'users: a new account starts at verification tier 0'
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.kyc_tier <= OLD.kyc_tier THEN
    RETURN NEW;
  END IF;
  IF NEW.kyc_tier >= 1 AND NOT EXISTS (
    SELECT 1 FROM identity_checks WHERE user_id = NEW.id AND outcome = 'verified' AND revoked_at IS NULL
  ) THEN
    RAISE EXCEPTION 'users: verification tier 1 needs a verified BVN or NIN (identity_checks)'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kyc_tier >= 2 AND NOT EXISTS (
    SELECT 1 FROM identity_document_reviews WHERE user_id = NEW.id AND status = 'approved'
  ) THEN
    RAISE EXCEPTION 'users: verification tier 2 needs an approved ID document review'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- The verified name and date of birth are locked while the verification binds the account.
CREATE FUNCTION users_verified_identity_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.full_name IS DISTINCT FROM OLD.full_name OR NEW.date_of_birth IS DISTINCT FROM OLD.date_of_birth)
    AND NOT (OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL)
    AND EXISTS (SELECT 1 FROM identity_checks WHERE user_id = NEW.id AND outcome = 'verified' AND revoked_at IS NULL) THEN
    RAISE EXCEPTION 'users: the name and date of birth are locked while a verified BVN or NIN binds the account'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_verified_identity_lock';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_verified_identity_lock BEFORE UPDATE OF full_name, date_of_birth ON users
  FOR EACH ROW EXECUTE FUNCTION users_verified_identity_lock();
