-- The customer's data rights under Nigeria's Data Protection Act 2023 (README, "Your data (NDPA 2023)";
-- docs/decisions.md §3.15 and §4.9).

-- A closed account: its personal fields are erased in the closing transaction; the row stays
-- because sales, payouts, bill orders and gem entries (kept as the law and the ledger require)
-- point at it. Closing is for good: closed_at is never cleared or moved.
ALTER TABLE users ADD COLUMN closed_at timestamptz;

CREATE FUNCTION users_closed_for_good() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL AND NEW.closed_at IS DISTINCT FROM OLD.closed_at THEN
    RAISE EXCEPTION 'a closed account stays closed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_closed_for_good BEFORE UPDATE OF closed_at ON users
  FOR EACH ROW EXECUTE FUNCTION users_closed_for_good();

-- Whatever code runs, a closed account gets no new session, sale, bill order, push subscription
-- or gem account.
CREATE FUNCTION refuse_closed_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'account % is closed', NEW.user_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sessions_not_closed BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER sales_not_closed BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER bill_orders_not_closed BEFORE INSERT ON bill_orders FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER push_subscriptions_not_closed BEFORE INSERT ON push_subscriptions FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER gem_accounts_not_closed BEFORE INSERT ON gem_accounts FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION refuse_closed_account();

-- Gems left on a closed account are forfeited by a balanced entry into this system account, so
-- the ledger still sums to zero and its audit stays clean (domain/gems/README.md).
INSERT INTO gem_accounts (kind, code) VALUES ('system', 'account_closures');
ALTER TABLE gem_entries DROP CONSTRAINT gem_entries_reason_check;
ALTER TABLE gem_entries ADD CONSTRAINT gem_entries_reason_check CHECK (reason IN (
  'daily_collection', 'reward_accrual', 'reward_claim', 'hold', 'hold_capture', 'hold_release', 'reward_clawback',
  'account_closure'
));

-- "Download my data": one row per request. The export is built by a job, sealed with AES-256-GCM
-- under a key derived from the e-mailed token (only its SHA-256 is kept), so the database alone
-- cannot read it; a download uses the token up and drops the payload.
CREATE TABLE data_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'building' CHECK (status IN ('building', 'ready', 'downloaded', 'expired')),
  requested_at timestamptz NOT NULL,
  ready_at timestamptz,
  expires_at timestamptz,
  downloaded_at timestamptz,
  token_hash text UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- base64 of iv (12 bytes) || tag (16 bytes) || ciphertext
  payload text,
  CONSTRAINT data_exports_shape CHECK (
    (status = 'building' AND token_hash IS NULL AND payload IS NULL)
    OR (status = 'ready' AND token_hash IS NOT NULL AND payload IS NOT NULL AND expires_at IS NOT NULL)
    OR (status IN ('downloaded', 'expired') AND payload IS NULL)
  )
);
-- One export in progress per customer, however many taps race.
CREATE UNIQUE INDEX data_exports_one_building ON data_exports (user_id) WHERE status = 'building';
CREATE INDEX data_exports_user_idx ON data_exports (user_id, requested_at DESC);
CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at) WHERE status = 'ready';
