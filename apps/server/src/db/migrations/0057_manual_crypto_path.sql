-- The manual crypto path (docs/crypto-settlement.md, "The manual path"): customers who send coins
-- to the company's shared addresses and upload a screenshot. It stays open until an admin turns it
-- off; a manual sale's transaction ID is checked on chain for the reviewer; and a transaction the
-- chain watcher recorded as a deposit to one customer's own address can never be claimed by
-- another customer through the form. The database holds:
-- - no screenshot of a crypto sale is stored while the manual path is off;
-- - a sale naming another customer's deposit transaction is refused when made, and can never be
--   approved (the race where the sale came first is caught at the decision, before money leaves);
-- - a check describes the sale's own transaction on the sale's own network.

-- ---------------------------------------------------------------------------------------------
-- 1. The switch: one row, changed by an admin (audited by the code, with the admin's code).
-- ---------------------------------------------------------------------------------------------
CREATE TABLE crypto_manual_path (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT crypto_manual_path_one_row CHECK (id),
  enabled boolean NOT NULL,
  changed_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  changed_at timestamptz NOT NULL
);
INSERT INTO crypto_manual_path (enabled, changed_at) VALUES (true, now());
CREATE TRIGGER crypto_manual_path_no_delete BEFORE DELETE ON crypto_manual_path
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER crypto_manual_path_no_truncate BEFORE TRUNCATE ON crypto_manual_path
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- A manual crypto sale is the one with a screenshot (a deposit's sale has none): while the path is
-- off, its screenshot — and so the sale, written in the same transaction — is refused. The code
-- refuses first with the customer's words; this is what holds whatever code runs.
CREATE FUNCTION sale_image_manual_path_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sales s WHERE s.id = NEW.sale_id AND s.kind = 'crypto')
     AND NOT coalesce((SELECT enabled FROM crypto_manual_path), false) THEN
    RAISE EXCEPTION 'the manual crypto path is off: no screenshot sale is taken'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_manual_path_off';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sale_images_manual_path BEFORE INSERT ON sale_images
  FOR EACH ROW EXECUTE FUNCTION sale_image_manual_path_check();

-- ---------------------------------------------------------------------------------------------
-- 2. A deposit's transaction is its owner's: no other customer's sale may name it.
-- ---------------------------------------------------------------------------------------------
-- A sale stores a transaction ID in its one form (0044: hex without 0x, lower case; a Solana
-- signature as it is); chain_deposits writes BSC's with 0x (0054). Both forms are looked up
-- through chain_deposits_transfer's index (network leads it, so every network is named).
CREATE FUNCTION chain_deposit_owner_of_transaction(sale_user uuid, sale_txid text) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT d.user_id FROM public.chain_deposits d
  WHERE d.network IN ('bitcoin', 'bsc', 'tron', 'solana') AND d.txid IN (sale_txid, '0x' || sale_txid)
    AND d.user_id <> sale_user
  LIMIT 1
$$;

-- On a new sale, and on every move of a sale to approved: a sale made before the watcher recorded
-- the deposit (the race) passes its insert, and is stopped here before any naira leaves (the payout
-- starts in the approval's transaction). A sale approved before the deposit was recorded is not
-- stopped from being marked paid: its money has left, and the books must say so.
-- The transaction-scoped lock on the ID is the one a deposit's insert may take too, so the two
-- are ordered (hashtextextended('chain-txid:' || the sale's form of the ID, 0)).
CREATE FUNCTION sale_deposit_claim_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind <> 'crypto' OR NEW.transaction_id IS NULL THEN
    RETURN NEW;
  END IF;
  -- From review only: a payout's reversal (paid → approved) is the same money, already decided.
  IF TG_OP = 'UPDATE' AND NOT (OLD.status IN ('submitted', 'under_review') AND NEW.status = 'approved') THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('chain-txid:' || NEW.transaction_id, 0));
  IF chain_deposit_owner_of_transaction(NEW.user_id, NEW.transaction_id) IS NOT NULL THEN
    RAISE EXCEPTION 'transaction % is a deposit to another customer''s address: it credits them only', NEW.transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_transaction_id_deposit';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_deposit_claim BEFORE INSERT OR UPDATE OF status ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_deposit_claim_check();

-- ---------------------------------------------------------------------------------------------
-- 3. The on-chain check of a manual sale's transaction ID, one row per sale, re-checked in place.
-- ---------------------------------------------------------------------------------------------
CREATE TABLE sale_transaction_checks (
  sale_id uuid PRIMARY KEY REFERENCES sales(id) ON DELETE RESTRICT,
  network text NOT NULL CONSTRAINT sale_transaction_checks_network CHECK (network IN ('bitcoin', 'bsc', 'tron', 'solana')),
  txid text NOT NULL,
  -- not_checked: no watcher for the network; unavailable: the chain's provider failed every try;
  -- the rest describe what the chain holds (domain/sales/transaction-check.ts).
  verdict text NOT NULL CONSTRAINT sale_transaction_checks_verdict CHECK (verdict IN (
    'not_checked', 'unavailable', 'not_found', 'failed', 'deposit_address', 'wrong_recipient', 'wrong_asset',
    'before_quote', 'amount_short', 'unconfirmed', 'matches'
  )),
  detail text CONSTRAINT sale_transaction_checks_detail CHECK (char_length(detail) <= 500),
  succeeded boolean,
  confirmations integer CONSTRAINT sale_transaction_checks_confirmations CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL CONSTRAINT sale_transaction_checks_required CHECK (required_confirmations > 0),
  block_number bigint,
  block_time timestamptz,
  -- The company address it paid (or, when it paid none of ours, the address it paid), and who sent it.
  recipient text CONSTRAINT sale_transaction_checks_recipient CHECK (char_length(recipient) <= 128),
  sender text CONSTRAINT sale_transaction_checks_sender CHECK (char_length(sender) <= 128),
  -- What reached our address in the sale's coin (a decimal in the coin, not base units).
  received_amount numeric CONSTRAINT sale_transaction_checks_received CHECK (received_amount >= 0),
  checks integer NOT NULL DEFAULT 1 CONSTRAINT sale_transaction_checks_count CHECK (checks > 0),
  first_checked_at timestamptz NOT NULL,
  checked_at timestamptz NOT NULL,
  CONSTRAINT sale_transaction_checks_order CHECK (checked_at >= first_checked_at)
);

-- A check is of the sale's own transaction, on the sale's network: a row cannot describe another.
CREATE FUNCTION sale_transaction_check_matches_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM sales s WHERE s.id = NEW.sale_id AND s.kind = 'crypto' AND s.network = NEW.network AND s.transaction_id = NEW.txid
  ) THEN
    RAISE EXCEPTION 'a transaction check is of its crypto sale''s own transaction ID and network (%)', NEW.sale_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sale_transaction_checks_sale';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sale_transaction_checks_sale BEFORE INSERT OR UPDATE ON sale_transaction_checks
  FOR EACH ROW EXECUTE FUNCTION sale_transaction_check_matches_sale();
CREATE TRIGGER sale_transaction_checks_no_delete BEFORE DELETE OR TRUNCATE ON sale_transaction_checks
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();
