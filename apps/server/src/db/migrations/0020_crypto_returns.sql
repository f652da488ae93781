-- Crypto rejections and returns (README "Crypto rejections and returns"):
--   * a crypto sale is rejected for reasons of its own (no deposit found, wrong network, amount
--     differs, unconfirmed), a gift card for its own; `other` fits both;
--   * the coins of a rejected crypto sale (unless no deposit was found) go back to an address the
--     customer gives; staff send them and record the return's transaction ID, once.

-- ---------------------------------------------------------------------------------------------
-- Rejection reasons per kind
-- ---------------------------------------------------------------------------------------------

-- 0011 declared the list as the column's own CHECK (named by PostgreSQL).
ALTER TABLE sales DROP CONSTRAINT sales_rejection_code_check;
ALTER TABLE sales ADD CONSTRAINT sales_rejection_code_check CHECK (
  rejection_code IN ('used_card', 'invalid_code', 'wrong_card_type', 'partially_used', 'unclear_images',
                     'no_deposit', 'wrong_network', 'amount_differs', 'unconfirmed', 'other')
);
-- NOT VALID: crypto sales rejected before the crypto reasons existed carry a gift-card reason (the
-- only list there was); they keep it, every decision from now on is checked. A decision is never
-- rewritten (sale_decision_guard), so an old row is never written with a new wrong one.
ALTER TABLE sales ADD CONSTRAINT sales_rejection_code_kind CHECK (
  rejection_code IS NULL OR rejection_code = 'other'
  OR (kind = 'crypto') = (rejection_code IN ('no_deposit', 'wrong_network', 'amount_differs', 'unconfirmed'))
) NOT VALID;

-- ---------------------------------------------------------------------------------------------
-- Returns of a rejected crypto sale's coins
-- ---------------------------------------------------------------------------------------------

-- One return per sale (the primary key): asked once by the customer (`requested`), recorded once by
-- staff (`returned`, with the transaction ID, who and when). The owner is the sale's (the composite
-- foreign key), so no customer asks for another's coins even through plain SQL.
CREATE TABLE crypto_returns (
  sale_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  coin text NOT NULL CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  network text NOT NULL CHECK (char_length(network) BETWEEN 1 AND 40),
  -- Every chain here writes its addresses in letters and digits only (plain/wallet-addresses.ts).
  address text NOT NULL CHECK (address ~ '^[0-9A-Za-z]{20,120}$'),
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'returned')),
  requested_at timestamptz NOT NULL,
  transaction_id text CHECK (
    char_length(transaction_id) BETWEEN 1 AND 120 AND transaction_id !~ '[\x01-\x1F\x7F]'
  ),
  returned_at timestamptz,
  returned_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  CONSTRAINT crypto_returns_sale_fk FOREIGN KEY (sale_id, user_id) REFERENCES sales(id, user_id) ON DELETE RESTRICT,
  CONSTRAINT crypto_returns_recorded CHECK (
    (status = 'returned') = (transaction_id IS NOT NULL)
    AND (status = 'returned') = (returned_at IS NOT NULL)
    AND (status = 'returned') = (returned_by IS NOT NULL)
  ),
  CONSTRAINT crypto_returns_after_request CHECK (returned_at IS NULL OR returned_at >= requested_at)
);
-- Staff's list of returns still to send, oldest first.
CREATE INDEX crypto_returns_requested_idx ON crypto_returns (requested_at) WHERE status = 'requested';

-- The rules no CHECK can see: a return only for a rejected crypto sale whose coins we may hold, in
-- that sale's coin; once asked, the address never changes; recorded once, then never rewritten;
-- never deleted.
CREATE FUNCTION crypto_return_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a coin return is kept'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT s.kind, s.status, s.coin, s.rejection_code INTO sale FROM sales s WHERE s.id = NEW.sale_id;
    IF sale.kind IS DISTINCT FROM 'crypto' OR sale.status IS DISTINCT FROM 'rejected'
       OR sale.rejection_code IS NOT DISTINCT FROM 'no_deposit' THEN
      RAISE EXCEPTION 'coins are returned only from a rejected crypto sale with a deposit (sale %)', NEW.sale_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_returns_rejected_sale';
    END IF;
    IF NEW.coin IS DISTINCT FROM sale.coin THEN
      RAISE EXCEPTION 'a return is in its sale''s coin'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_returns_rejected_sale';
    END IF;
    IF NEW.status <> 'requested' THEN
      RAISE EXCEPTION 'a return starts as requested'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_returns_transition';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.sale_id, NEW.user_id, NEW.coin, NEW.network, NEW.address, NEW.requested_at)
     IS DISTINCT FROM (OLD.sale_id, OLD.user_id, OLD.coin, OLD.network, OLD.address, OLD.requested_at) THEN
    RAISE EXCEPTION 'a return request is never rewritten'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_returns_transition';
  END IF;
  IF OLD.status = 'returned' THEN
    RAISE EXCEPTION 'a return is recorded once'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'crypto_returns_transition';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER crypto_returns_guard BEFORE INSERT OR UPDATE OR DELETE ON crypto_returns
  FOR EACH ROW EXECUTE FUNCTION crypto_return_guard();
CREATE TRIGGER crypto_returns_no_truncate BEFORE TRUNCATE ON crypto_returns
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();
