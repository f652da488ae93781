-- A closed account stays closed, whatever instance or code path writes (docs/closed-accounts.md).
-- 0030 refused a closed account new sessions, sales, bill orders, devices and gem accounts; a
-- request another instance had let in a moment before the closing still wrote its bank details,
-- PIN and profile. Here every write that belongs to the customer is refused once closed_at is set,
-- and what must still happen to the account's records is named and allowed:
--   * deleting (the erasure itself, and later clean-ups) — never guarded;
--   * settling money already in flight: sales, bill orders, payouts and holds change state;
--   * the ledger taking back or forfeiting gems (reasons account_closure and reward_clawback);
--   * stamping a reward forfeited, an ID review's photos deleted, an audit row.
-- The refusal is one SQLSTATE and constraint name (23514, account_closed) the API answers with
-- 401 "Your account has been deleted" to the customer, 409 to staff (plugins/errors.ts).

CREATE OR REPLACE FUNCTION refuse_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM users
    WHERE closed_at IS NOT NULL
      AND (id = NEW.user_id OR (TG_OP = 'UPDATE' AND id = OLD.user_id))
  ) THEN
    RAISE EXCEPTION 'account % is closed', NEW.user_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'account_closed';
  END IF;
  RETURN NEW;
END $$;

-- Sign-in material, devices and saved details: neither created nor changed once closed.
CREATE TRIGGER bank_details_not_closed BEFORE INSERT OR UPDATE ON bank_details FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER transaction_pins_not_closed BEFORE INSERT OR UPDATE ON transaction_pins FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER passkeys_not_closed BEFORE INSERT OR UPDATE ON passkeys FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER passkey_challenges_not_closed BEFORE INSERT OR UPDATE ON passkey_challenges FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER otp_codes_not_closed BEFORE INSERT OR UPDATE ON otp_codes FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER password_reset_tokens_not_closed BEFORE INSERT OR UPDATE ON password_reset_tokens FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER reauthentications_not_closed BEFORE INSERT OR UPDATE ON reauthentications FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER login_lockouts_not_closed BEFORE INSERT OR UPDATE ON login_lockouts FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER data_exports_not_closed BEFORE INSERT OR UPDATE ON data_exports FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER gem_request_keys_not_closed BEFORE INSERT OR UPDATE ON gem_request_keys FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
-- 0030 refused only new rows of these; a session's expiry sliding, a device moved onto the
-- account by its endpoint or an alert rewritten are writes to it too.
CREATE TRIGGER sessions_not_closed_update BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER push_subscriptions_not_closed_update BEFORE UPDATE ON push_subscriptions FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER rate_alerts_not_closed_update BEFORE UPDATE ON rate_alerts FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
-- New work only: these rows' later steps (a hold settling, an upload's clean-up, a raise's audit)
-- belong to money or records the law keeps.
CREATE TRIGGER uploads_not_closed BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER crypto_quotes_not_closed BEFORE INSERT ON crypto_quotes FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER gem_collections_not_closed BEFORE INSERT ON gem_collections FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER gem_holds_not_closed BEFORE INSERT ON gem_holds FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER gem_reward_claims_not_closed BEFORE INSERT ON gem_reward_claims FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER payout_limit_raises_not_closed BEFORE INSERT ON payout_limit_raises FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();

-- The profile: a closed account's row is frozen (name, contact, address, date of birth, gender,
-- photo, language, tier, lock). users_closed_for_good (0030) keeps its own message for closed_at.
CREATE FUNCTION users_closed_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL AND NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'account % is closed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'account_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_closed_frozen BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION users_closed_frozen();

-- Gems: a closed account earns, collects, claims and spends nothing; the ledger may still forfeit
-- what is left (account_closure) and take back a reward of a reversed sale (reward_clawback).
CREATE FUNCTION gem_entries_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reason NOT IN ('account_closure', 'reward_clawback')
     AND EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'account % is closed: no % entry', NEW.user_id, NEW.reason
      USING ERRCODE = 'check_violation', CONSTRAINT = 'account_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER gem_entries_not_closed BEFORE INSERT ON gem_entries FOR EACH ROW EXECUTE FUNCTION gem_entries_closed_account();

-- A notice to a closed account is not kept: nobody can read it, and a notice must never be the
-- reason a money flow fails (domain/notifications/notify.ts), so it is dropped, not refused.
CREATE FUNCTION notifications_drop_closed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND closed_at IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER notifications_not_closed BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notifications_drop_closed();

-- Referrals: a closed account is never rewarded; a referee's first sale paid after the referrer
-- closed decides the referral as refused, with its own reason. (A closed account's code is not
-- accepted at sign-up, domain/referrals/referrals.ts; a referral made before the closing stays.)
ALTER TABLE referrals DROP CONSTRAINT referrals_refusal_reason_check;
ALTER TABLE referrals ADD CONSTRAINT referrals_refusal_reason_check CHECK (refusal_reason IN (
  'same_phone', 'same_bank_account', 'same_identity', 'first_sale_rejected', 'first_sale_reversed', 'monthly_cap',
  'referrer_closed'
));
CREATE FUNCTION referrals_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'rewarded' AND OLD.status <> 'rewarded'
     AND EXISTS (SELECT 1 FROM users WHERE id IN (NEW.referrer_id, NEW.referee_id) AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'a closed account is not rewarded for a referral'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'account_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER referrals_not_closed BEFORE UPDATE ON referrals FOR EACH ROW EXECUTE FUNCTION referrals_closed_account();

-- ---------------------------------------------------------------------------------------------
-- A reward forfeited at the closing is marked so, and a reversal after it takes nothing back twice
-- ---------------------------------------------------------------------------------------------

-- The closing entry (reason account_closure) that forfeited an unclaimed reward. A reward ends at
-- most one way: claimed, taken back, or forfeited.
ALTER TABLE gem_rewards ADD COLUMN forfeit_entry_id uuid REFERENCES gem_entries(id);
ALTER TABLE gem_rewards ADD CONSTRAINT gem_rewards_one_end CHECK (
  num_nonnulls(claim_id, clawback_entry_id, forfeit_entry_id) <= 1
);

-- gem_guard_reward_update as in 0019, with a third allowed change: an open reward is forfeited
-- once (forfeit_entry_id from NULL, the others staying NULL).
CREATE OR REPLACE FUNCTION gem_guard_reward_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.user_id, NEW.source, NEW.amount, NEW.description, NEW.accrual_entry_id, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.source, OLD.amount, OLD.description, OLD.accrual_entry_id, OLD.created_at)
     OR OLD.claim_id IS NOT NULL
     OR OLD.clawback_entry_id IS NOT NULL
     OR OLD.forfeit_entry_id IS NOT NULL
     OR num_nonnulls(NEW.claim_id, NEW.clawback_entry_id, NEW.forfeit_entry_id) <> 1 THEN
    RAISE EXCEPTION 'gem reward % can only be claimed once, taken back once or forfeited once', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.forfeit_entry_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM gem_entries e WHERE e.id = NEW.forfeit_entry_id AND e.reason = 'account_closure' AND e.user_id = NEW.user_id
  ) THEN
    RAISE EXCEPTION 'gem reward % is forfeited only by its customer''s closing entry', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'gem_rewards_forfeit_entry';
  END IF;
  RETURN NEW;
END;
$$;

-- Accounts closed before this migration: their open rewards were forfeited by the closing entry.
UPDATE gem_rewards r SET forfeit_entry_id = e.id
  FROM gem_entries e, users u
 WHERE u.id = r.user_id AND u.closed_at IS NOT NULL
   AND e.user_id = r.user_id AND e.reason = 'account_closure' AND e.idempotency_key = 'closure:' || r.user_id || ':rewards'
   AND r.claim_id IS NULL AND r.clawback_entry_id IS NULL;

-- What a reversal did about the sale's rewards, in words staff read beside the reversed payout:
-- gems taken back, or why nothing was (claimed already, forfeited at the closing, none earned).
ALTER TABLE payouts ADD COLUMN rewards_note text CHECK (char_length(rewards_note) BETWEEN 1 AND 300);
ALTER TABLE payouts ADD CONSTRAINT payouts_rewards_note_reversed CHECK (rewards_note IS NULL OR status = 'reversed');

-- ---------------------------------------------------------------------------------------------
-- Every instance hears of a closing at its commit, and forgets the account's cached sessions
-- ---------------------------------------------------------------------------------------------

-- The same key form as the Redis channel (domain/auth/session-cache.ts): u:<user id>.
CREATE FUNCTION users_closed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wise_sessions', 'u:' || NEW.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_closed_notify AFTER UPDATE OF closed_at ON users FOR EACH ROW
  WHEN (OLD.closed_at IS NULL AND NEW.closed_at IS NOT NULL) EXECUTE FUNCTION users_closed_notify();
