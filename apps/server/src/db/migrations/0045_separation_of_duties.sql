-- Separation of duties (docs/separation-of-duties.md). What grants power or moves money beyond one
-- admin's reach waits in a staff request until a different, enabled admin confirms it: a new
-- admin, a promotion to admin, an admin re-enabled, any staff member's sign-in reset, a gift-card
-- rate moved by more than the configured percentage, a customer's limit raised above tier 2's. The
-- change itself is refused here unless the transaction names a confirmed request for exactly it
-- (the setting wise.staff_request, set_config(…, true)), which it then marks applied: one request,
-- one change. A staff member whose sign-in was issued in the last 24 hours (created, promoted,
-- re-enabled or reset) gives no second approval and raises no limit.

-- When the member's current sign-in was issued; the triggers below set it, the code never does.
ALTER TABLE staff ADD COLUMN credentials_at timestamptz;
UPDATE staff SET credentials_at = created_at;
ALTER TABLE staff ALTER COLUMN credentials_at SET NOT NULL;
ALTER TABLE staff ALTER COLUMN credentials_at SET DEFAULT now();

-- RATE_CHANGE_SECOND_APPROVAL_PERCENT as the running servers are configured (written at start).
CREATE TABLE duty_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  rate_change_percent numeric(6, 2) NOT NULL CHECK (rate_change_percent > 0 AND rate_change_percent <= 1000),
  updated_at timestamptz NOT NULL
);
INSERT INTO duty_settings (rate_change_percent, updated_at) VALUES (10, now());
CREATE TRIGGER duty_settings_no_delete BEFORE DELETE ON duty_settings
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER duty_settings_no_truncate BEFORE TRUNCATE ON duty_settings
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

CREATE TABLE staff_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('staff_create', 'staff_promote', 'staff_enable', 'staff_reset', 'rate_change', 'limit_raise')),
  -- The staff member, sub-category or customer; a new admin has no row yet and is named by e-mail.
  target_id uuid,
  target_email text,
  -- What the confirming admin approves, as shown to them: the e-mail, the new rate, the daily limit in kobo.
  value text NOT NULL CHECK (char_length(value) BETWEEN 1 AND 320),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  requested_by uuid NOT NULL REFERENCES staff(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'declined', 'cancelled')),
  decided_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  decided_at timestamptz,
  decision_note text CHECK (decision_note IS NULL OR char_length(decision_note) <= 500),
  applied_at timestamptz,
  CONSTRAINT staff_requests_target CHECK ((kind = 'staff_create') = (target_email IS NOT NULL) AND (kind = 'staff_create') = (target_id IS NULL)),
  CONSTRAINT staff_requests_decided CHECK ((status = 'pending') = (decided_by IS NULL) AND (status = 'pending') = (decided_at IS NULL)),
  -- Four eyes: the asker never confirms or declines their own request; withdrawing it is theirs alone.
  CONSTRAINT staff_requests_four_eyes CHECK (status IN ('pending', 'cancelled') OR decided_by <> requested_by),
  CONSTRAINT staff_requests_withdrawn CHECK (status <> 'cancelled' OR decided_by = requested_by),
  CONSTRAINT staff_requests_applied CHECK (applied_at IS NULL OR status = 'confirmed')
);
-- One open request per change: a second ask while one waits would let a confirm land on the wrong one.
CREATE UNIQUE INDEX staff_requests_one_open ON staff_requests (kind, coalesce(target_id::text, target_email)) WHERE status = 'pending';
CREATE INDEX staff_requests_open_idx ON staff_requests (created_at, id) WHERE status = 'pending';

-- Whether the staff member may give a second approval at `at`: an enabled admin whose sign-in is
-- at least a day old.
CREATE FUNCTION staff_seasoned_admin(member uuid, at timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM staff
    WHERE id = member AND role = 'admin' AND disabled_at IS NULL AND credentials_at <= at - interval '24 hours'
  );
$$;

CREATE FUNCTION staff_request_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'pending' OR NEW.applied_at IS NOT NULL THEN
      RAISE EXCEPTION 'a staff request starts pending' USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_flow';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM staff WHERE id = NEW.requested_by AND role = 'admin' AND disabled_at IS NULL) THEN
      RAISE EXCEPTION 'only an admin asks' USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_admin';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.kind, NEW.target_id, NEW.target_email, NEW.value, NEW.details, NEW.requested_by, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.kind, OLD.target_id, OLD.target_email, OLD.value, OLD.details, OLD.requested_by, OLD.created_at) THEN
    RAISE EXCEPTION 'a staff request keeps its terms: ask again instead'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_immutable';
  END IF;
  IF OLD.status <> 'pending' THEN
    -- Once decided, only the one step of applying a confirmed request remains.
    IF (NEW.status, NEW.decided_by, NEW.decided_at, NEW.decision_note) IS DISTINCT FROM (OLD.status, OLD.decided_by, OLD.decided_at, OLD.decision_note)
       OR OLD.applied_at IS NOT NULL OR NEW.applied_at IS NULL THEN
      RAISE EXCEPTION 'a decided staff request is never rewritten'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_immutable';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status IN ('confirmed', 'declined')
     AND NOT EXISTS (SELECT 1 FROM staff WHERE id = NEW.decided_by AND role = 'admin' AND disabled_at IS NULL) THEN
    RAISE EXCEPTION 'only an enabled admin decides a staff request'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_admin';
  END IF;
  IF NEW.status = 'confirmed' AND NEW.kind = 'limit_raise' AND NOT staff_seasoned_admin(NEW.decided_by, NEW.decided_at) THEN
    RAISE EXCEPTION 'a staff member whose sign-in is under a day old confirms no limit raise'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_requests_fresh_staff';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_requests_guard BEFORE INSERT OR UPDATE ON staff_requests
  FOR EACH ROW EXECUTE FUNCTION staff_request_guard();
CREATE TRIGGER staff_requests_no_delete BEFORE DELETE ON staff_requests
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER staff_requests_no_truncate BEFORE TRUNCATE ON staff_requests
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- Marks the confirmed request this transaction names as applied, if it is of `wanted` kind, for
-- this target and value; false when there is none (the caller refuses the change).
CREATE FUNCTION staff_request_apply(wanted text, target uuid, email text, wanted_value text, at timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  named uuid := nullif(current_setting('wise.staff_request', true), '')::uuid;
  applied uuid;
BEGIN
  IF named IS NULL THEN
    RETURN false;
  END IF;
  UPDATE staff_requests SET applied_at = at
    WHERE id = named AND kind = wanted AND status = 'confirmed' AND applied_at IS NULL
      AND (target_id = target OR target_email = email)
      AND (wanted_value IS NULL OR value = wanted_value)
    RETURNING id INTO applied;
  RETURN applied IS NOT NULL;
END;
$$;

-- Power over staff: an admin comes into being (added, promoted, re-enabled) or a sign-in is reset
-- (the authenticator removed, or a password set that its owner must change) only with a confirmed
-- request; admin:create on the server says so with wise.staff_cli. Each such change re-issues the
-- member's sign-in, which the 24-hour rule reads.
CREATE FUNCTION staff_power_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  needs text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.credentials_at := NEW.created_at;
    IF NEW.role = 'admin' THEN
      needs := 'staff_create';
    END IF;
  ELSIF NEW.role = 'admin' AND OLD.role <> 'admin' THEN
    needs := 'staff_promote';
  ELSIF NEW.role = 'admin' AND OLD.disabled_at IS NOT NULL AND NEW.disabled_at IS NULL THEN
    needs := 'staff_enable';
  ELSIF (OLD.totp_enabled_at IS NOT NULL AND NEW.totp_enabled_at IS NULL)
     OR (NEW.password_hash IS DISTINCT FROM OLD.password_hash AND NEW.must_change_password) THEN
    needs := 'staff_reset';
  END IF;
  IF TG_OP = 'UPDATE' AND (needs IS NOT NULL OR (OLD.disabled_at IS NOT NULL AND NEW.disabled_at IS NULL)) THEN
    NEW.credentials_at := greatest(OLD.credentials_at, NEW.updated_at);
  END IF;
  IF needs IS NULL THEN
    RETURN NEW;
  END IF;
  IF needs = 'staff_create' AND current_setting('wise.staff_cli', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF NOT staff_request_apply(needs, CASE WHEN TG_OP = 'UPDATE' THEN NEW.id END, CASE WHEN TG_OP = 'INSERT' THEN NEW.email END, NULL, NEW.updated_at) THEN
    RAISE EXCEPTION 'this change to staff (%) needs a second admin''s confirmed request', needs
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_four_eyes';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_power_guard BEFORE INSERT OR UPDATE ON staff
  FOR EACH ROW EXECUTE FUNCTION staff_power_guard();

-- A sale's second approval comes from an admin whose sign-in is at least a day old.
CREATE FUNCTION sale_approval_fresh_staff_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The asker confirming is sale_approval_requests_four_eyes's to refuse (a CHECK, checked after this).
  IF NEW.outcome = 'confirmed' AND (TG_OP = 'INSERT' OR OLD.outcome IS NULL) AND NEW.decided_by IS DISTINCT FROM NEW.requested_by
     AND NOT staff_seasoned_admin(NEW.decided_by, NEW.decided_at) THEN
    RAISE EXCEPTION 'a staff member whose sign-in is under a day old gives no second approval'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sale_approval_requests_fresh_staff';
  END IF;
  RETURN NEW;
END;
$$;
-- Named to fire after sale_approval_requests_guard, whose refusals (not an admin, a rewrite) come first.
CREATE TRIGGER sale_approval_requests_seasoned BEFORE INSERT OR UPDATE ON sale_approval_requests
  FOR EACH ROW EXECUTE FUNCTION sale_approval_fresh_staff_guard();

-- A limit raise: never by a member whose sign-in is under a day old, and above tier 2's daily
-- limit only with a confirmed request for that customer and that amount.
CREATE FUNCTION payout_limit_raise_duty_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Anyone but an admin is 0028's guard's to refuse, with its own words ("only an admin raises").
  IF EXISTS (SELECT 1 FROM staff WHERE id = NEW.created_by AND role = 'admin') AND NOT staff_seasoned_admin(NEW.created_by, NEW.created_at) THEN
    RAISE EXCEPTION 'a staff member whose sign-in is under a day old raises no limit'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_limit_raises_fresh_staff';
  END IF;
  IF NEW.daily_limit_kobo > (SELECT tier2_daily_kobo FROM payout_limit_settings)
     AND NOT staff_request_apply('limit_raise', NEW.user_id, NULL, NEW.daily_limit_kobo::text, NEW.created_at) THEN
    RAISE EXCEPTION 'a limit above tier 2''s needs a second admin''s confirmed request'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payout_limit_raises_four_eyes';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payout_limit_raises_duty_guard BEFORE INSERT ON payout_limit_raises
  FOR EACH ROW EXECUTE FUNCTION payout_limit_raise_duty_guard();

-- A rate moved by more than the configured percentage of the current one needs a confirmed
-- request for that sub-category and that rate.
CREATE FUNCTION gift_card_rate_change_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.exchange_rate IS DISTINCT FROM OLD.exchange_rate
     AND abs(NEW.exchange_rate - OLD.exchange_rate) * 100 > OLD.exchange_rate * (SELECT rate_change_percent FROM duty_settings)
     AND NOT staff_request_apply('rate_change', NEW.id, NULL, NEW.exchange_rate::text, NEW.rate_updated_at) THEN
    RAISE EXCEPTION 'a rate change of more than % %% needs a second admin''s confirmed request', (SELECT rate_change_percent FROM duty_settings)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gift_card_rate_four_eyes';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gift_card_subcategories_rate_four_eyes BEFORE UPDATE OF exchange_rate ON gift_card_subcategories
  FOR EACH ROW EXECUTE FUNCTION gift_card_rate_change_guard();

-- Invitations: a new or reset member sets their own password and authenticator from a link
-- e-mailed to them. Only the token's hash is kept; each is used once and expires.
CREATE TABLE staff_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT staff_invitations_lifetime CHECK (expires_at > created_at AND expires_at <= created_at + interval '7 days')
);
CREATE INDEX staff_invitations_staff_idx ON staff_invitations (staff_id);

CREATE FUNCTION staff_invitation_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- An account with its own authenticator is never handed to a link: a reset (four eyes) clears it first.
    IF EXISTS (SELECT 1 FROM staff WHERE id = NEW.staff_id AND (totp_enabled_at IS NOT NULL OR NOT must_change_password)) THEN
      RAISE EXCEPTION 'an invitation is only for a member who has not set up their sign-in'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_invitations_unclaimed';
    END IF;
    IF NEW.used_at IS NOT NULL THEN
      RAISE EXCEPTION 'an invitation starts unused' USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_invitations_once';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.staff_id, NEW.token_hash, NEW.created_at) IS DISTINCT FROM (OLD.id, OLD.staff_id, OLD.token_hash, OLD.created_at)
     OR OLD.used_at IS NOT NULL OR NEW.used_at IS NULL OR NEW.expires_at > OLD.expires_at THEN
    RAISE EXCEPTION 'an invitation is used once' USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_invitations_once';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_invitations_guard BEFORE INSERT OR UPDATE ON staff_invitations
  FOR EACH ROW EXECUTE FUNCTION staff_invitation_guard();
