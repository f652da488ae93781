-- Reward levels (README, "Reward levels"): a paid sale earns gems per ₦1,000 at the rate of the
-- customer's level, the highest level whose minimum paid volume over the last 30 days the
-- customer had reached before that sale. Admins edit the levels (audited, authenticator code);
-- the database refuses a set of levels that would make the rate ambiguous or shrink as volume grows.
CREATE TABLE reward_levels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 40 AND name = btrim(name)),
  min_volume_kobo bigint NOT NULL CHECK (min_volume_kobo >= 0 AND min_volume_kobo <= 9007199254740991),
  gems_per_1000_naira integer NOT NULL CHECK (gems_per_1000_naira BETWEEN 1 AND 100),
  -- The admin who wrote the level; NULL only for the defaults below, written before the guard.
  updated_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  updated_at timestamptz NOT NULL,
  CONSTRAINT reward_levels_volume_unique UNIQUE (min_volume_kobo),
  CONSTRAINT reward_levels_name_unique UNIQUE (name)
);
-- Exactly one level at volume 0 (the level every customer starts at): at most one by the unique
-- volume, at least one by the check below.

-- Checked at the end of the transaction, so an admin's edit may replace every level at once:
-- one level starts at volume 0, and a higher volume never earns a lower rate.
CREATE FUNCTION reward_levels_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM reward_levels WHERE min_volume_kobo = 0) THEN
    RAISE EXCEPTION 'the reward levels need one level at volume 0'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reward_levels_base';
  END IF;
  IF EXISTS (
    SELECT 1 FROM (
      SELECT gems_per_1000_naira, lag(gems_per_1000_naira) OVER (ORDER BY min_volume_kobo) AS below
      FROM reward_levels
    ) ordered WHERE gems_per_1000_naira < below
  ) THEN
    RAISE EXCEPTION 'a reward level earns less than a level below it'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reward_levels_rising';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER reward_levels_valid AFTER INSERT OR UPDATE OR DELETE ON reward_levels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION reward_levels_check();
CREATE TRIGGER reward_levels_no_truncate BEFORE TRUNCATE ON reward_levels
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- The defaults: the first level keeps the earlier flat rate (1 gem per ₦1,000).
INSERT INTO reward_levels (name, min_volume_kobo, gems_per_1000_naira, updated_at) VALUES
  ('Bronze', 0, 1, now()),
  ('Silver', 50000000, 2, now()),
  ('Gold', 200000000, 4, now()),
  ('Platinum', 500000000, 7, now()),
  ('Diamond', 1000000000, 10, now());


-- From here on only an enabled admin writes a level (the route also asks for the authenticator code).
CREATE FUNCTION reward_levels_admin_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM staff WHERE id = NEW.updated_by AND role = 'admin' AND disabled_at IS NULL) THEN
    RAISE EXCEPTION 'only an admin changes the reward levels'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reward_levels_admin';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER reward_levels_admin BEFORE INSERT OR UPDATE ON reward_levels
  FOR EACH ROW EXECUTE FUNCTION reward_levels_admin_guard();
