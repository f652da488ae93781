-- Passkeys (README, "Passkeys"): WebAuthn credentials a customer signs in with instead of the
-- password. The database keeps what must never break whatever the code does: a credential id
-- belongs to one account only, a credential never moves to another account, and its signature
-- counter never goes backwards (a cloned authenticator shows up as a counter that does).
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- base64url, as the browser sends it; WebAuthn caps the raw id at 1023 bytes.
  credential_id text NOT NULL CHECK (char_length(credential_id) BETWEEN 1 AND 1366),
  -- The COSE public key, base64url.
  public_key text NOT NULL CHECK (char_length(public_key) BETWEEN 1 AND 4096),
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  device_name text NOT NULL CHECK (char_length(device_name) BETWEEN 1 AND 60),
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE UNIQUE INDEX passkeys_credential_key ON passkeys (credential_id);
CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at);

CREATE FUNCTION passkeys_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.credential_id <> OLD.credential_id OR NEW.public_key <> OLD.public_key THEN
    RAISE EXCEPTION 'a passkey never changes owner, id or key'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'passkeys_fixed';
  END IF;
  -- The code refuses a counter that does not rise (authenticators keeping none send 0 each time);
  -- the database at least refuses one that falls.
  IF NEW.counter < OLD.counter THEN
    RAISE EXCEPTION 'a passkey''s counter never goes backwards'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'passkeys_counter_rises';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER passkeys_guard BEFORE UPDATE ON passkeys FOR EACH ROW EXECUTE FUNCTION passkeys_guard();

-- One live challenge per flow: a registration is bound to the session asking for it, a sign-in
-- to the flow cookie its options set (only its sha256 is stored). Taking a challenge deletes it,
-- so each is used once; expires_at bounds how long it is worth anything.
CREATE TABLE passkey_challenges (
  purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
  binding_hash text NOT NULL CHECK (char_length(binding_hash) = 64),
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  challenge text NOT NULL CHECK (char_length(challenge) BETWEEN 16 AND 200),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (purpose, binding_hash),
  CONSTRAINT passkey_challenges_owner CHECK ((purpose = 'register') = (user_id IS NOT NULL))
);
CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
