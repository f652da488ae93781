-- Deposits that settle themselves (docs/crypto-settlement.md): a confirmed deposit becomes a crypto
-- sale with no screenshot, and a clean one is approved by the system approver and paid at once.
-- What the database holds, whatever the code does:
-- - a sale without a screenshot is a deposit's sale, linked to exactly that deposit, of its
--   transaction and amount; a sale by hand keeps its one screenshot;
-- - a deposit's sale is priced by a quote that was honoured when the deposit was first seen, and a
--   quote is honoured once: by a sale by hand or by one deposit, never both;
-- - the system approver never signs in, never changes, approves only deposit sales at their value,
--   each one reserved against the automatic approvals' daily total, atomically.

-- 1. Where a sale came from: the customer's form (with a screenshot) or a deposit seen on chain.
ALTER TABLE sales ADD COLUMN source text NOT NULL DEFAULT 'customer'
  CONSTRAINT sales_source CHECK (source IN ('customer', 'deposit'));
ALTER TABLE sales ADD CONSTRAINT sales_deposit_is_crypto CHECK (source = 'customer' OR (kind = 'crypto' AND transaction_id IS NOT NULL));

CREATE FUNCTION sale_source_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source IS DISTINCT FROM OLD.source THEN
    RAISE EXCEPTION 'a sale''s source never changes' USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_terms_immutable';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_source_fixed BEFORE UPDATE OF source ON sales FOR EACH ROW EXECUTE FUNCTION sale_source_fixed();

-- At commit (the constraint trigger of 0007/0010): a gift card has 1 to 10 images, a crypto sale by
-- hand exactly one, a deposit's sale none and exactly one deposit that became it.
CREATE OR REPLACE FUNCTION sale_check_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  image_count integer;
BEGIN
  SELECT count(*) INTO image_count FROM sale_images WHERE sale_id = NEW.id;
  IF NEW.kind = 'giftcard' AND image_count NOT BETWEEN 1 AND 10 THEN
    RAISE EXCEPTION 'gift-card sale % has % images (1 to 10 required)', NEW.id, image_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_giftcard_images';
  END IF;
  IF NEW.kind = 'crypto' AND NEW.source = 'customer' AND image_count <> 1 THEN
    RAISE EXCEPTION 'crypto sale % has % images (exactly 1 required)', NEW.id, image_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_image';
  END IF;
  IF NEW.source = 'deposit' AND (image_count <> 0 OR NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE d.sale_id = NEW.id)) THEN
    RAISE EXCEPTION 'a sale without a screenshot is the sale of a deposit seen on chain (%)', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_deposit_has_deposit';
  END IF;
  RETURN NULL;
END;
$$;

-- 2. A quote re-priced for what a deposit brought (within the tolerance), at the prices of the
-- customer's quote it came from: one per quote, so a quote is honoured once.
ALTER TABLE crypto_quotes ADD COLUMN deposit_of uuid UNIQUE REFERENCES crypto_quotes(id) ON DELETE RESTRICT;

CREATE OR REPLACE FUNCTION sale_check_crypto_quote() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q crypto_quotes%ROWTYPE;
BEGIN
  IF NEW.kind <> 'crypto' OR NEW.quote_id IS NULL THEN
    RETURN NEW;
  END IF;
  -- Shared: a deposit re-pricing this quote (which locks it for update) waits for this sale, or this sale for it.
  SELECT * INTO q FROM crypto_quotes WHERE id = NEW.quote_id AND user_id = NEW.user_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF (NEW.coin, NEW.coin_amount, NEW.price_usd, NEW.usdt_market_rate_ngn, NEW.usdt_adjustment_ngn, NEW.usdt_rate_ngn,
      NEW.coin_adjustment_ngn, NEW.exchange_rate, NEW.value_kobo)
     IS DISTINCT FROM
     (q.coin, q.amount, q.price_usd, q.usdt_market_rate_ngn, q.usdt_adjustment_ngn, q.usdt_rate_ngn,
      q.coin_adjustment_ngn, q.rate_ngn_per_usd, q.value_kobo) THEN
    RAISE EXCEPTION 'a crypto sale''s figures are its quote''s'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_quote_terms';
  END IF;
  IF NEW.source = 'deposit' THEN
    -- Honoured when the deposit was first seen, however long its confirmations took.
    IF NOT EXISTS (
      SELECT 1 FROM chain_deposits d
      WHERE d.user_id = NEW.user_id AND d.quote_id = NEW.quote_id AND d.network = NEW.network AND d.asset = NEW.coin
        AND d.status = 'confirmed' AND d.sale_id IS NULL AND d.first_seen_at >= q.created_at AND d.first_seen_at < q.expires_at
    ) THEN
      RAISE EXCEPTION 'a deposit''s sale is priced by a quote honoured when the deposit was first seen'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_quote_expired';
    END IF;
  ELSE
    IF NEW.created_at < q.created_at OR NEW.created_at >= q.expires_at THEN
      RAISE EXCEPTION 'a crypto sale is made while its quote is honoured'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_quote_expired';
    END IF;
    IF q.deposit_of IS NOT NULL THEN
      RAISE EXCEPTION 'a deposit''s quote is not sold by hand' USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_quote_id_key';
    END IF;
  END IF;
  IF EXISTS (SELECT 1 FROM crypto_quotes r WHERE r.deposit_of = q.id)
     OR (q.deposit_of IS NOT NULL AND EXISTS (SELECT 1 FROM sales s WHERE s.quote_id = q.deposit_of))
     OR (NEW.source = 'customer' AND EXISTS (SELECT 1 FROM chain_deposits d WHERE d.quote_id = q.id)) THEN
    RAISE EXCEPTION 'this quote was honoured already' USING ERRCODE = 'unique_violation', CONSTRAINT = 'sales_quote_id_key';
  END IF;
  RETURN NEW;
END;
$$;

-- A re-priced quote comes from a quote of the same customer and coin that no sale used.
CREATE FUNCTION crypto_quote_deposit_of_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q crypto_quotes%ROWTYPE;
BEGIN
  IF NEW.deposit_of IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO q FROM crypto_quotes WHERE id = NEW.deposit_of FOR UPDATE;
  IF NOT FOUND OR q.user_id <> NEW.user_id OR q.coin <> NEW.coin OR q.deposit_of IS NOT NULL
     OR (NEW.price_usd, NEW.usdt_market_rate_ngn, NEW.usdt_adjustment_ngn, NEW.usdt_rate_ngn, NEW.coin_adjustment_ngn, NEW.rate_ngn_per_usd,
         NEW.created_at, NEW.expires_at)
        IS DISTINCT FROM
        (q.price_usd, q.usdt_market_rate_ngn, q.usdt_adjustment_ngn, q.usdt_rate_ngn, q.coin_adjustment_ngn, q.rate_ngn_per_usd,
         q.created_at, q.expires_at)
     OR EXISTS (SELECT 1 FROM sales s WHERE s.quote_id = q.id) THEN
    RAISE EXCEPTION 'a deposit''s quote keeps the prices and time of an unsold quote of the same customer and coin'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_quotes_deposit_of';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER crypto_quotes_deposit_of BEFORE INSERT OR UPDATE OF deposit_of ON crypto_quotes
  FOR EACH ROW EXECUTE FUNCTION crypto_quote_deposit_of_check();

-- 3. The deposit → sale link (0054) also names the sale's transaction and amount, and only a deposit sale.
CREATE OR REPLACE FUNCTION chain_deposit_sale_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sale_id IS NOT NULL AND NEW.sale_id IS DISTINCT FROM OLD.sale_id AND NOT EXISTS (
    SELECT 1 FROM sales s WHERE s.id = NEW.sale_id AND s.user_id = NEW.user_id AND s.kind = 'crypto'
      AND s.network = NEW.network AND s.coin = NEW.asset AND s.source = 'deposit'
      AND s.quote_id = NEW.quote_id AND s.coin_amount <= NEW.amount
      AND s.transaction_id = CASE WHEN NEW.network = 'bsc' THEN substr(NEW.txid, 3) ELSE NEW.txid END
  ) THEN
    RAISE EXCEPTION 'a deposit becomes a crypto sale of its own owner, coin, network, transaction and amount (%)', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

-- 4. The system approver: one staff row that approves clean deposit sales. It has no password a
-- hash could match, no authenticator, and the database refuses it a session, a passkey, a change.
ALTER TABLE staff ADD COLUMN system boolean NOT NULL DEFAULT false;
ALTER TABLE staff ADD CONSTRAINT staff_system_shape CHECK (
  NOT system OR (role = 'reviewer' AND password_hash = '!' AND totp_secret IS NULL AND totp_enabled_at IS NULL)
);
CREATE UNIQUE INDEX staff_one_system ON staff (system) WHERE system;
INSERT INTO staff (id, email, name, role, password_hash, must_change_password, created_at, updated_at, system)
  VALUES ('00000000-0000-4000-8000-00000000a070', 'automatic-approvals@system.invalid', 'Automatic approval', 'reviewer', '!', false, now(), now(), true);

CREATE FUNCTION staff_system_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.system THEN
      RAISE EXCEPTION 'there is one system approver' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.system IS DISTINCT FROM OLD.system OR (OLD.system AND (
       NEW.email, NEW.name, NEW.role, NEW.password_hash, NEW.totp_secret, NEW.totp_enabled_at, NEW.disabled_at, NEW.must_change_password
     ) IS DISTINCT FROM (
       OLD.email, OLD.name, OLD.role, OLD.password_hash, OLD.totp_secret, OLD.totp_enabled_at, OLD.disabled_at, OLD.must_change_password
     )) THEN
    RAISE EXCEPTION 'the system approver never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_system_fixed BEFORE INSERT OR UPDATE ON staff FOR EACH ROW EXECUTE FUNCTION staff_system_fixed();
CREATE TRIGGER staff_system_kept BEFORE DELETE ON staff FOR EACH ROW WHEN (OLD.system) EXECUTE FUNCTION deposit_refuse_change();

CREATE FUNCTION staff_not_system() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM staff WHERE id = NEW.staff_id AND system) THEN
    RAISE EXCEPTION 'the system approver never signs in' USING ERRCODE = 'insufficient_privilege', CONSTRAINT = 'staff_system_no_sign_in';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER staff_sessions_not_system BEFORE INSERT OR UPDATE ON staff_sessions FOR EACH ROW EXECUTE FUNCTION staff_not_system();
CREATE TRIGGER staff_passkeys_not_system BEFORE INSERT OR UPDATE ON staff_passkeys FOR EACH ROW EXECUTE FUNCTION staff_not_system();

-- 5. Automatic approvals' limits, written from the configuration at start (like 0028's), and each
-- automatic approval reserved against the business day's total in one atomic statement.
CREATE TABLE auto_approval_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  single_kobo bigint NOT NULL CHECK (single_kobo >= 0),
  daily_kobo bigint NOT NULL CHECK (daily_kobo >= 0),
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO auto_approval_settings (single_kobo, daily_kobo, time_zone) VALUES (0, 0, 'Africa/Lagos');

CREATE TABLE auto_approval_days (
  day date PRIMARY KEY,
  approved_kobo bigint NOT NULL CHECK (approved_kobo >= 0)
);

CREATE TABLE auto_approvals (
  sale_id uuid PRIMARY KEY REFERENCES sales(id) ON DELETE RESTRICT,
  day date NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION auto_approval_reserve() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settings auto_approval_settings%ROWTYPE;
  total bigint;
BEGIN
  SELECT * INTO settings FROM auto_approval_settings;
  NEW.day := (now() AT TIME ZONE settings.time_zone)::date;
  IF NEW.amount_kobo > settings.single_kobo THEN
    RAISE EXCEPTION 'an automatic approval is at most % kobo', settings.single_kobo
      USING ERRCODE = 'check_violation', CONSTRAINT = 'auto_approvals_single_limit';
  END IF;
  -- One statement takes the day's row lock and adds: two approvals at once are counted one after the other.
  INSERT INTO auto_approval_days AS d (day, approved_kobo) VALUES (NEW.day, NEW.amount_kobo)
    ON CONFLICT (day) DO UPDATE SET approved_kobo = d.approved_kobo + EXCLUDED.approved_kobo
    RETURNING approved_kobo INTO total;
  IF total > settings.daily_kobo THEN
    RAISE EXCEPTION 'automatic approvals would pass their daily total of % kobo', settings.daily_kobo
      USING ERRCODE = 'check_violation', CONSTRAINT = 'auto_approvals_daily_limit';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER auto_approvals_reserve BEFORE INSERT ON auto_approvals FOR EACH ROW EXECUTE FUNCTION auto_approval_reserve();
CREATE TRIGGER auto_approvals_kept BEFORE UPDATE OR DELETE ON auto_approvals FOR EACH ROW EXECUTE FUNCTION deposit_refuse_change();
CREATE TRIGGER auto_approval_days_kept BEFORE DELETE ON auto_approval_days FOR EACH ROW EXECUTE FUNCTION deposit_refuse_change();

-- The system approver decides only deposit sales, at their value, each one reserved above; it is
-- never given a sale to hold or to work.
CREATE FUNCTION sale_system_decision_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  system_id uuid := (SELECT id FROM staff WHERE system);
BEGIN
  IF NEW.claimed_by = system_id OR NEW.assigned_to = system_id THEN
    RAISE EXCEPTION 'the system approver holds no sale' USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_system_decision';
  END IF;
  IF NEW.decided_by = system_id AND NEW.decided_by IS DISTINCT FROM OLD.decided_by AND (
       NEW.source <> 'deposit' OR NEW.status <> 'approved' OR NEW.payout_amount_kobo IS DISTINCT FROM NEW.value_kobo
       OR NEW.approval_reason_code IS NOT NULL
       OR NOT EXISTS (SELECT 1 FROM auto_approvals a WHERE a.sale_id = NEW.id AND a.amount_kobo = NEW.payout_amount_kobo)
     ) THEN
    RAISE EXCEPTION 'the system approver approves a deposit sale at its value, reserved against its daily total (%)', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_system_decision';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_system_decision BEFORE UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sale_system_decision_guard();

-- Deposits waiting for a bank account to be paid to are looked up by status.
CREATE INDEX chain_deposits_sale_idx ON chain_deposits (sale_id) WHERE sale_id IS NOT NULL;

-- The customer's open screen follows a deposit to its payment: its sale's moves are the deposit's too.
CREATE FUNCTION notify_deposit_sale_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deposit uuid;
BEGIN
  SELECT id INTO deposit FROM chain_deposits WHERE sale_id = NEW.id;
  IF deposit IS NOT NULL THEN
    PERFORM notify_customer_event(NEW.user_id, 'deposit', deposit);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_notify_deposit AFTER UPDATE OF status ON sales
  FOR EACH ROW WHEN (NEW.source = 'deposit' AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_deposit_sale_changed();
