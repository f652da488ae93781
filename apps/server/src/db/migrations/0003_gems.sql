-- Wise Gems: a double-entry ledger (docs/decisions.md §4).
--
-- Every movement is one row in gem_entries with two or more gem_entry_lines whose signed amounts
-- sum to zero. A user's balance is the sum of its account's lines; gem_accounts.balance caches it
-- for user-owned accounts and is maintained by a trigger in the same transaction as the lines, so
-- the CHECK (balance >= 0) refuses, atomically and under any interleaving, a movement that would
-- take a user below zero. System accounts (the other side of every movement) keep no cached
-- balance: updating one row per movement would serialise every user's gems behind it.

CREATE TABLE gem_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- available: spendable gems; rewards: accrued by approved sales, not yet claimed; system: counterparties.
  kind text NOT NULL CHECK (kind IN ('available', 'rewards', 'system')),
  user_id uuid REFERENCES users(id) ON DELETE RESTRICT,
  code text,
  balance bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gem_accounts_owner CHECK (
    (kind = 'system') = (user_id IS NULL) AND (kind = 'system') = (code IS NOT NULL)
  ),
  CONSTRAINT gem_accounts_cached_balance CHECK ((kind = 'system') = (balance IS NULL)),
  CONSTRAINT gem_accounts_balance_nonnegative CHECK (balance >= 0)
);
-- NULLs are distinct, so system rows (user_id NULL) never collide here.
CREATE UNIQUE INDEX gem_accounts_user_kind_key ON gem_accounts (user_id, kind);
CREATE UNIQUE INDEX gem_accounts_code_key ON gem_accounts (code);

INSERT INTO gem_accounts (kind, code) VALUES
  ('system', 'daily_collection'),
  ('system', 'rewards_program'),
  ('system', 'bill_spend'),
  ('system', 'holds');

CREATE TABLE gem_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  reason text NOT NULL CHECK (reason IN (
    'daily_collection', 'reward_accrual', 'reward_claim', 'hold', 'hold_capture', 'hold_release'
  )),
  -- The customer whose gems moved: every movement belongs to exactly one.
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  memo text CHECK (length(memo) <= 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gem_entries_idempotency_key ON gem_entries (idempotency_key);
CREATE INDEX gem_entries_user_idx ON gem_entries (user_id, created_at);

CREATE TABLE gem_entry_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES gem_entries(id) ON DELETE RESTRICT,
  account_id uuid NOT NULL REFERENCES gem_accounts(id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount <> 0),
  CONSTRAINT gem_entry_lines_one_per_account UNIQUE (entry_id, account_id)
);
CREATE INDEX gem_entry_lines_account_idx ON gem_entry_lines (account_id);

-- The cached balance moves with each line, inside the inserting transaction. The UPDATE takes the
-- account's row lock and re-checks gem_accounts_balance_nonnegative on the latest committed value.
CREATE FUNCTION gem_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gem_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id AND balance IS NOT NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER gem_entry_lines_apply AFTER INSERT ON gem_entry_lines
  FOR EACH ROW EXECUTE FUNCTION gem_apply_line();

-- At commit, every entry touched has at least two lines summing to zero.
CREATE FUNCTION gem_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  line_count integer;
  line_sum numeric;
BEGIN
  -- Separate branches: PL/pgSQL resolves NEW's fields only in the branch that runs.
  IF TG_TABLE_NAME = 'gem_entries' THEN
    target := NEW.id;
  ELSE
    target := NEW.entry_id;
  END IF;
  SELECT count(*), coalesce(sum(amount), 0) INTO line_count, line_sum
    FROM gem_entry_lines WHERE entry_id = target;
  IF line_count < 2 OR line_sum <> 0 THEN
    RAISE EXCEPTION 'gem entry % is unbalanced (% lines, sum %)', target, line_count, line_sum
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gem_entries_balanced';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER gem_entries_balanced AFTER INSERT ON gem_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION gem_check_entry_balanced();
CREATE CONSTRAINT TRIGGER gem_entry_lines_balanced AFTER INSERT ON gem_entry_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION gem_check_entry_balanced();

-- The journal is append-only: a mistake is corrected by a new entry, never by editing one.
CREATE FUNCTION gem_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the gem journal is append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER gem_entries_append_only BEFORE UPDATE OR DELETE ON gem_entries
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_entry_lines_append_only BEFORE UPDATE OR DELETE ON gem_entry_lines
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();

-- Daily collection: the primary key is the rule "at most one per user per calendar day".
CREATE TABLE gem_collections (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  local_date date NOT NULL,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  amount integer NOT NULL CHECK (amount > 0),
  entry_id uuid NOT NULL UNIQUE REFERENCES gem_entries(id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, local_date),
  CONSTRAINT gem_collections_weekday_matches CHECK (weekday = EXTRACT(ISODOW FROM local_date))
);

-- Holds reserve gems for a pending purchase: available -> holds, then holds -> bill_spend
-- (capture) or holds -> available (release). The holds account's balance is the pending total.
CREATE TABLE gem_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 160),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'captured', 'released')),
  hold_entry_id uuid NOT NULL UNIQUE REFERENCES gem_entries(id),
  settle_entry_id uuid UNIQUE REFERENCES gem_entries(id),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT gem_holds_settled_shape CHECK (
    (status = 'pending') = (settle_entry_id IS NULL) AND (status = 'pending') = (settled_at IS NULL)
  )
);
CREATE UNIQUE INDEX gem_holds_reference_key ON gem_holds (reference);
CREATE INDEX gem_holds_user_idx ON gem_holds (user_id, status);

-- Rewards: accrual moves gems rewards_program -> the user's rewards account; a claim moves the
-- whole rewards balance to available in one entry and stamps the rewards it covered.
CREATE TABLE gem_reward_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount > 0),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  entry_id uuid NOT NULL UNIQUE REFERENCES gem_entries(id),
  created_at timestamptz NOT NULL
);
CREATE INDEX gem_reward_claims_user_idx ON gem_reward_claims (user_id, created_at DESC);

CREATE TABLE gem_rewards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  -- What earned it, e.g. 'sale:<id>': one reward per source, however often accrual is retried.
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 160),
  amount bigint NOT NULL CHECK (amount > 0),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  accrual_entry_id uuid NOT NULL UNIQUE REFERENCES gem_entries(id),
  claim_id uuid REFERENCES gem_reward_claims(id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX gem_rewards_source_key ON gem_rewards (source);
CREATE INDEX gem_rewards_unclaimed_idx ON gem_rewards (user_id, created_at) WHERE claim_id IS NULL;
