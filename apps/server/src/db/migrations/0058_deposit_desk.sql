-- The desk for deposits that wait for a person (docs/crypto-settlement.md, "Deposits that wait for
-- a person"): a deposit the watcher could not sell by itself is priced into a sale at today's rate
-- by a reviewer, or closed by one with a reason the customer reads. The database holds:
-- - only a deposit in review with all its confirmations is priced, once, by a named staff member,
--   at a quote of its own customer and coin made after it was first seen, for no more than arrived;
-- - the sale of a deposit priced by a person is approved by another person: never by the one who
--   priced it, never by the system approver;
-- - a closed deposit has who, when and why, and stays closed; only one in review or held is closed.

ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_status;
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_status
  CHECK (status IN ('seen', 'confirmed', 'settled', 'review', 'held', 'dropped', 'closed'));
ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_pricing;
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_pricing CHECK (pricing IN ('quote', 'first_seen', 'review'));

-- Who decided a deposit by hand (priced it, or closed it), when, and a closing's reason.
ALTER TABLE chain_deposits ADD COLUMN decided_by uuid REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE chain_deposits ADD COLUMN decided_at timestamptz;
ALTER TABLE chain_deposits ADD COLUMN close_note text
  CONSTRAINT chain_deposits_close_note CHECK (char_length(close_note) BETWEEN 10 AND 300);
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_decided_together CHECK ((decided_by IS NULL) = (decided_at IS NULL));
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_closed_shape CHECK (
  (status = 'closed') = (close_note IS NOT NULL) AND (status <> 'closed' OR (decided_by IS NOT NULL AND sale_id IS NULL))
);
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_review_pricing_decided CHECK (pricing IS DISTINCT FROM 'review' OR decided_by IS NOT NULL);
CREATE INDEX chain_deposits_desk_idx ON chain_deposits (status, first_seen_at) WHERE status IN ('review', 'held', 'closed');

-- A person's decision on a deposit is written once, and only where it is allowed.
CREATE FUNCTION chain_deposit_desk_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q crypto_quotes%ROWTYPE;
BEGIN
  IF OLD.decided_by IS NOT NULL AND (NEW.decided_by IS DISTINCT FROM OLD.decided_by OR NEW.decided_at IS DISTINCT FROM OLD.decided_at) THEN
    RAISE EXCEPTION 'who decided a deposit, and when, never changes (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'closed' AND (NEW.status <> 'closed' OR NEW.close_note IS DISTINCT FROM OLD.close_note) THEN
    RAISE EXCEPTION 'a closed deposit stays closed, with its reason (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status = 'closed' AND OLD.status NOT IN ('review', 'held', 'closed') THEN
    RAISE EXCEPTION 'only a deposit in review or held is closed (%)', OLD.id USING ERRCODE = 'check_violation',
      CONSTRAINT = 'chain_deposits_closed_shape';
  END IF;
  IF OLD.pricing = 'review' AND (NEW.pricing IS DISTINCT FROM OLD.pricing OR NEW.quote_id IS DISTINCT FROM OLD.quote_id
      OR NEW.value_kobo IS DISTINCT FROM OLD.value_kobo) THEN
    RAISE EXCEPTION 'a deposit priced by a person keeps that price (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.pricing = 'review' AND OLD.pricing IS DISTINCT FROM 'review' THEN
    SELECT * INTO q FROM crypto_quotes WHERE id = NEW.quote_id AND user_id = NEW.user_id;
    IF OLD.status <> 'review' OR NEW.status <> 'review' OR OLD.sale_id IS NOT NULL
       OR OLD.confirmations < OLD.required_confirmations OR OLD.asset = 'other'
       OR NEW.decided_by IS NULL OR OLD.decided_by IS NOT NULL
       OR EXISTS (SELECT 1 FROM staff s WHERE s.id = NEW.decided_by AND s.system)
       OR NOT FOUND OR q.coin <> OLD.asset OR q.amount > OLD.amount OR q.deposit_of IS NOT NULL
       OR q.created_at < OLD.first_seen_at OR q.value_kobo IS DISTINCT FROM NEW.value_kobo
       OR EXISTS (SELECT 1 FROM sales s WHERE s.quote_id = q.id)
       OR EXISTS (SELECT 1 FROM chain_deposits d WHERE d.quote_id = q.id AND d.id <> OLD.id) THEN
      RAISE EXCEPTION 'a person prices a confirmed deposit in review once, at a new quote of its customer and coin for no more than arrived (%)', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'chain_deposits_review_pricing';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_deposits_desk BEFORE UPDATE ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION chain_deposit_desk_check();

-- A deposit sale is priced by a quote honoured when the deposit was first seen (0055), or by the
-- quote a person priced it at, for its deposit, made while that quote is honoured.
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
    IF NOT EXISTS (
      -- Honoured when the deposit was first seen, however long its confirmations took.
      SELECT 1 FROM chain_deposits d
      WHERE d.user_id = NEW.user_id AND d.quote_id = NEW.quote_id AND d.network = NEW.network AND d.asset = NEW.coin
        AND d.status = 'confirmed' AND d.sale_id IS NULL AND d.pricing IN ('quote', 'first_seen')
        AND d.first_seen_at >= q.created_at AND d.first_seen_at < q.expires_at
    ) AND NOT EXISTS (
      -- Priced by a person, sold while that price is honoured.
      SELECT 1 FROM chain_deposits d
      WHERE d.user_id = NEW.user_id AND d.quote_id = NEW.quote_id AND d.network = NEW.network AND d.asset = NEW.coin
        AND d.status = 'review' AND d.sale_id IS NULL AND d.pricing = 'review'
        AND NEW.created_at >= q.created_at AND NEW.created_at < q.expires_at
    ) THEN
      RAISE EXCEPTION 'a deposit''s sale is priced by a quote honoured when the deposit was first seen, or by a person''s'
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

-- Four eyes: the sale of a deposit a person priced is approved by someone else, and by a person.
CREATE FUNCTION sale_deposit_pricer_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pricer uuid;
BEGIN
  IF NEW.source <> 'deposit' OR NEW.status <> 'approved' OR OLD.status = 'approved' THEN
    RETURN NEW;
  END IF;
  SELECT decided_by INTO pricer FROM chain_deposits WHERE sale_id = NEW.id AND pricing = 'review';
  IF pricer IS NOT NULL AND (NEW.decided_by IS NULL OR NEW.decided_by = pricer
      OR EXISTS (SELECT 1 FROM staff s WHERE s.id = NEW.decided_by AND s.system)) THEN
    RAISE EXCEPTION 'the sale of a deposit priced by % is approved by another person (%)', pricer, NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_deposit_pricer';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_deposit_pricer BEFORE UPDATE OF status ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_deposit_pricer_check();
