-- Confirming a sensitive staff action with a passkey instead of the authenticator code
-- (docs/decisions.md §8.6). Each challenge is asked for by one verified staff session, lives at
-- most five minutes, and is used at most once: using it stamps used_at, and the database refuses
-- a second stamp, so an assertion or a challenge replayed — even by two requests racing — confirms
-- nothing. A challenge outlives neither its session nor its staff member.
CREATE TABLE staff_confirm_challenges (
  challenge text PRIMARY KEY CHECK (char_length(challenge) BETWEEN 16 AND 200),
  session_hash text NOT NULL REFERENCES staff_sessions(id_hash) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT staff_confirm_challenges_ttl CHECK (expires_at > created_at AND expires_at <= created_at + interval '5 minutes'),
  CONSTRAINT staff_confirm_challenges_used_in_time CHECK (used_at IS NULL OR (used_at >= created_at AND used_at < expires_at))
);
CREATE INDEX staff_confirm_challenges_session_idx ON staff_confirm_challenges (session_hash, expires_at);

CREATE FUNCTION staff_confirm_challenges_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.used_at IS NOT NULL THEN
    RAISE EXCEPTION 'a staff confirmation challenge is used once'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_confirm_challenges_once';
  END IF;
  IF NEW.challenge <> OLD.challenge OR NEW.session_hash <> OLD.session_hash OR NEW.staff_id <> OLD.staff_id
     OR NEW.created_at <> OLD.created_at OR NEW.expires_at <> OLD.expires_at THEN
    RAISE EXCEPTION 'a staff confirmation challenge never changes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'staff_confirm_challenges_fixed';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_confirm_challenges_once BEFORE UPDATE ON staff_confirm_challenges FOR EACH ROW EXECUTE FUNCTION staff_confirm_challenges_once();
