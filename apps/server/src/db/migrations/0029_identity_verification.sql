-- Identity verification (README, "Identity verification"): what raises users.kyc_tier.
--
-- identity_checks: every Tier 1 attempt (a BVN or NIN looked up with the provider), one row per
-- attempt, never changed or deleted (the trail of who tried which number and what came of it). The
-- number itself is never stored in clear: `number_hash` is an HMAC-SHA256 under a key derived from
-- CARD_CODE_KEYS (the key's id beside it), `number_last4` the last four digits shown back, and a
-- verified row alone keeps `number_sealed`, the number encrypted (AES-256-GCM) under the same keys.
CREATE TABLE identity_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('bvn', 'nin')),
  outcome text NOT NULL CHECK (outcome IN ('verified', 'mismatch', 'account_mismatch', 'not_found', 'unavailable', 'in_use')),
  number_hash text NOT NULL CHECK (number_hash ~ '^[0-9a-f]{64}$'),
  number_key_id text NOT NULL,
  number_last4 text NOT NULL CHECK (number_last4 ~ '^[0-9]{4}$'),
  number_sealed text,
  provider text NOT NULL,
  -- The name and date of birth the provider holds for the number, kept for a verified row only.
  verified_name text,
  verified_dob date,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT identity_checks_verified_shape CHECK (
    (outcome = 'verified') = (number_sealed IS NOT NULL AND verified_name IS NOT NULL AND verified_dob IS NOT NULL)
  )
);

-- One account per number: a BVN or NIN verified for one customer cannot verify another.
CREATE UNIQUE INDEX identity_checks_number_key ON identity_checks (kind, number_hash) WHERE outcome = 'verified';
-- One Tier 1 verification per customer.
CREATE UNIQUE INDEX identity_checks_verified_user_key ON identity_checks (user_id) WHERE outcome = 'verified';
-- The daily attempt count (domain/identity/tier1.ts) and the customer's latest check.
CREATE INDEX identity_checks_user_idx ON identity_checks (user_id, created_at DESC);

-- Deleting the customer (ON DELETE CASCADE) still removes their rows: a DELETE is refused only
-- while the customer exists.
CREATE FUNCTION identity_checks_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
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
CREATE TRIGGER identity_checks_guard BEFORE UPDATE OR DELETE ON identity_checks
  FOR EACH ROW EXECUTE FUNCTION identity_checks_guard();

-- The tier is raised only through a verification record: Tier 1 needs a verified BVN or NIN of the
-- customer. A tier is never set on a new account, and lowering it stays possible (staff, the
-- limits feature).
CREATE FUNCTION users_kyc_tier_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT 1 FROM identity_checks WHERE user_id = NEW.id AND outcome = 'verified'
  ) THEN
    RAISE EXCEPTION 'users: verification tier 1 needs a verified BVN or NIN (identity_checks)'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kyc_tier >= 2 THEN
    RAISE EXCEPTION 'users: verification tier 2 needs an approved ID document review'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER users_kyc_tier_guard BEFORE INSERT OR UPDATE OF kyc_tier ON users
  FOR EACH ROW EXECUTE FUNCTION users_kyc_tier_guard();
