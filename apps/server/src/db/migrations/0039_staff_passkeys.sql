-- Staff passkeys (README, "Staff passkeys (back office)"): a WebAuthn credential a staff member gives
-- instead of the authenticator code, after the password. Kept apart from customer passkeys: a
-- credential belongs to exactly one staff member, never moves, is never also a customer's, and
-- its signature counter never goes backwards.
CREATE TABLE staff_passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  credential_id text NOT NULL CHECK (char_length(credential_id) BETWEEN 1 AND 1366),
  public_key text NOT NULL CHECK (char_length(public_key) BETWEEN 1 AND 4096),
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  device_name text NOT NULL CHECK (char_length(device_name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX staff_passkeys_credential_key ON staff_passkeys (credential_id);
CREATE INDEX staff_passkeys_staff_idx ON staff_passkeys (staff_id, created_at);

CREATE FUNCTION staff_passkeys_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.staff_id <> OLD.staff_id OR NEW.credential_id <> OLD.credential_id OR NEW.public_key <> OLD.public_key THEN
      RAISE EXCEPTION 'a staff passkey never changes owner, id or key'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_passkeys_fixed';
    END IF;
    IF NEW.counter < OLD.counter THEN
      RAISE EXCEPTION 'a staff passkey''s counter never goes backwards'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_passkeys_counter_rises';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM passkeys WHERE credential_id = NEW.credential_id) THEN
    -- One authenticator key opening both a customer account and the back office would make a
    -- customer's device a staff factor: refused whichever side registered it first.
    RAISE EXCEPTION 'a customer''s passkey is not a staff passkey'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'staff_passkeys_credential_key';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_passkeys_guard BEFORE INSERT OR UPDATE ON staff_passkeys FOR EACH ROW EXECUTE FUNCTION staff_passkeys_guard();

-- One live challenge per staff session and purpose: enrolment is bound to the verified session,
-- sign-in to the half-signed-in (password-stage) session. Taking a challenge deletes it, and so
-- does the end (or rotation) of its session: a challenge outlives neither.
CREATE TABLE staff_passkey_challenges (
  purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
  session_hash text NOT NULL REFERENCES staff_sessions(id_hash) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  challenge text NOT NULL CHECK (char_length(challenge) BETWEEN 16 AND 200),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (purpose, session_hash)
);
CREATE INDEX staff_passkey_challenges_expiry_idx ON staff_passkey_challenges (expires_at);

-- The other way round: a staff member's credential is never also a customer's passkey. Named as
-- the customer table's own unique key, so the customer route answers "already registered".
CREATE FUNCTION passkeys_not_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM staff_passkeys WHERE credential_id = NEW.credential_id) THEN
    RAISE EXCEPTION 'a staff passkey is not a customer''s passkey'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'passkeys_credential_key';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER passkeys_not_staff BEFORE INSERT ON passkeys FOR EACH ROW EXECUTE FUNCTION passkeys_not_staff();
