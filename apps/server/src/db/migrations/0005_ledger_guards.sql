-- The gem ledger, enforced by the database (docs/decisions.md §4): whatever code or hand-written SQL runs
-- against it, the journal can only grow by balanced entries and a cached balance only moves with
-- a line. These guard against mistakes by programs and people with ordinary table access; an owner
-- who disables triggers (or session_replication_role = replica) can still do anything, which is
-- what `npm run ledger:audit` and the scheduled audit job are there to catch.

-- ---------------------------------------------------------------------------------------------
-- gem_accounts: born at zero, never renamed, balance moved only by gem_apply_line
-- ---------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION gem_apply_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The flag is transaction-local (is_local = true), so an error or a rolled-back savepoint
  -- restores it; it is switched off again as soon as the UPDATE is done.
  PERFORM set_config('wise.gem_applying_line', 'on', true);
  UPDATE gem_accounts SET balance = balance + NEW.amount
   WHERE id = NEW.account_id AND balance IS NOT NULL;
  PERFORM set_config('wise.gem_applying_line', 'off', true);
  RETURN NULL;
END;
$$;

CREATE FUNCTION gem_guard_account_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A balance is the sum of lines: a new customer account has none yet. (System accounts keep
  -- no cache at all; gem_accounts_cached_balance already insists on NULL there.)
  IF NEW.kind <> 'system' AND NEW.balance IS DISTINCT FROM 0 THEN
    RAISE EXCEPTION 'a new gem account starts at 0, not %', NEW.balance
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gem_accounts_start_at_zero';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gem_accounts_start_at_zero BEFORE INSERT ON gem_accounts
  FOR EACH ROW EXECUTE FUNCTION gem_guard_account_insert();

CREATE FUNCTION gem_guard_account_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.kind, NEW.user_id, NEW.code, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.kind, OLD.user_id, OLD.code, OLD.created_at) THEN
    RAISE EXCEPTION 'a gem account never changes owner, kind or code'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- Both conditions: the flag alone could be set by any session with set_config; depth > 1 means
  -- this UPDATE runs inside a trigger (gem_apply_line), not as a statement someone typed.
  IF NEW.balance IS DISTINCT FROM OLD.balance
     AND NOT (pg_trigger_depth() > 1 AND current_setting('wise.gem_applying_line', true) = 'on') THEN
    RAISE EXCEPTION 'gem_accounts.balance moves only with a ledger line (gem_apply_line)'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gem_accounts_guard BEFORE UPDATE ON gem_accounts
  FOR EACH ROW EXECUTE FUNCTION gem_guard_account_update();
CREATE TRIGGER gem_accounts_no_delete BEFORE DELETE ON gem_accounts
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();

-- ---------------------------------------------------------------------------------------------
-- gem_entry_lines: sealed at commit, and only the entry's customer's accounts (or system ones)
-- ---------------------------------------------------------------------------------------------

-- True when xid `x` (a row's xmin) is the current transaction or one of its subtransactions: the
-- ledger's functions nest their transactions as savepoints. xmin is a 32-bit xid; it is read as a
-- signed distance from our top-level xid. Our own top-level xid is distance 0; our subtransactions
-- are always assigned after it (distance > 0), so anything older belongs to a finished transaction.
-- A newer xid is ours only while pg_xact_status calls it 'in progress': another session's
-- in-progress rows are invisible to us, so a visible row 'in progress' is our own.
CREATE FUNCTION gem_xid_is_current(x xid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  top_full bigint := pg_current_xact_id()::text::bigint;
  distance bigint := ((x::text::bigint - (top_full & 4294967295) + 2147483648) % 4294967296 + 4294967296) % 4294967296 - 2147483648;
BEGIN
  IF distance = 0 THEN
    RETURN true;
  ELSIF distance < 0 THEN
    RETURN false;
  END IF;
  BEGIN
    RETURN coalesce(pg_xact_status((top_full + distance)::text::xid8) = 'in progress', false);
  EXCEPTION WHEN invalid_parameter_value THEN
    RETURN false; -- "in the future": the raw xmin of a row frozen more than 2^31 transactions ago
  END;
END;
$$;

CREATE FUNCTION gem_guard_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_user uuid;
  entry_xmin xid;
  account_user uuid;
BEGIN
  SELECT user_id, xmin INTO entry_user, entry_xmin FROM gem_entries WHERE id = NEW.entry_id;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key refuses it with its own message
  END IF;
  -- Lines are written with their entry, in one transaction; after that commit the entry is sealed.
  IF NOT gem_xid_is_current(entry_xmin) THEN
    RAISE EXCEPTION 'gem entry % is sealed: lines are added only in the transaction that created it', NEW.entry_id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT user_id INTO account_user FROM gem_accounts WHERE id = NEW.account_id;
  IF FOUND AND account_user IS NOT NULL AND account_user <> entry_user THEN
    RAISE EXCEPTION 'gem entry % belongs to another customer than account %', NEW.entry_id, NEW.account_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gem_entry_lines_account_owner';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gem_entry_lines_guard BEFORE INSERT ON gem_entry_lines
  FOR EACH ROW EXECUTE FUNCTION gem_guard_line_insert();

-- ---------------------------------------------------------------------------------------------
-- The other gem tables: history is never deleted, and rows change only along their state machine
-- ---------------------------------------------------------------------------------------------

-- Append-only, like the journal they point at.
CREATE TRIGGER gem_collections_append_only BEFORE UPDATE OR DELETE ON gem_collections
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_reward_claims_append_only BEFORE UPDATE OR DELETE ON gem_reward_claims
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_rewards_no_delete BEFORE DELETE ON gem_rewards
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_holds_no_delete BEFORE DELETE ON gem_holds
  FOR EACH ROW EXECUTE FUNCTION gem_refuse_change();

-- A hold settles once: pending -> captured | released, stamping its settlement and nothing else.
CREATE FUNCTION gem_guard_hold_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending'
     OR NEW.status NOT IN ('captured', 'released')
     OR (NEW.id, NEW.user_id, NEW.reference, NEW.amount, NEW.hold_entry_id, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.reference, OLD.amount, OLD.hold_entry_id, OLD.created_at) THEN
    RAISE EXCEPTION 'gem hold % can only settle once, from pending', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gem_holds_settle_once BEFORE UPDATE ON gem_holds
  FOR EACH ROW EXECUTE FUNCTION gem_guard_hold_update();

-- A reward is claimed once: claim_id goes from NULL to a claim, and nothing else changes.
CREATE FUNCTION gem_guard_reward_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.claim_id IS NOT NULL
     OR NEW.claim_id IS NULL
     OR (NEW.id, NEW.user_id, NEW.source, NEW.amount, NEW.description, NEW.accrual_entry_id, NEW.created_at)
        IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.source, OLD.amount, OLD.description, OLD.accrual_entry_id, OLD.created_at) THEN
    RAISE EXCEPTION 'gem reward % can only be claimed once', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER gem_rewards_claim_once BEFORE UPDATE ON gem_rewards
  FOR EACH ROW EXECUTE FUNCTION gem_guard_reward_update();

-- Row triggers do not see TRUNCATE; these statement triggers do (also when reached by CASCADE).
CREATE TRIGGER gem_accounts_no_truncate BEFORE TRUNCATE ON gem_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_entries_no_truncate BEFORE TRUNCATE ON gem_entries
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_entry_lines_no_truncate BEFORE TRUNCATE ON gem_entry_lines
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_collections_no_truncate BEFORE TRUNCATE ON gem_collections
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_holds_no_truncate BEFORE TRUNCATE ON gem_holds
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_reward_claims_no_truncate BEFORE TRUNCATE ON gem_reward_claims
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();
CREATE TRIGGER gem_rewards_no_truncate BEFORE TRUNCATE ON gem_rewards
  FOR EACH STATEMENT EXECUTE FUNCTION gem_refuse_change();

-- ---------------------------------------------------------------------------------------------
-- Idempotency-Key of gem writes (POST /api/gems/collect, /api/rewards/claim)
-- ---------------------------------------------------------------------------------------------

-- The first answer to a customer's keyed request, so that a retry after a lost answer gets it
-- again instead of a 409. Keyed per customer: two customers' keys never meet. The row is written
-- in the same transaction as the movement it answers for, and purged after a day by a job.
CREATE TABLE gem_request_keys (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{1,100}$'),
  operation text NOT NULL CHECK (length(operation) BETWEEN 1 AND 60),
  response_status smallint CHECK (response_status BETWEEN 200 AND 499),
  response_body jsonb,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key),
  CONSTRAINT gem_request_keys_answered CHECK ((response_status IS NULL) = (response_body IS NULL))
);
CREATE INDEX gem_request_keys_created_idx ON gem_request_keys (created_at);
