-- Rate alerts (README, "Rates and alerts"): a customer asks to be told once when a gift-card
-- sub-category's rate, or a coin's naira price, reaches a threshold. The database keeps the two
-- promises the feature makes: at most 10 alerts waiting per customer, and an alert that has fired
-- (spent) never fires again, whichever job or statement tries.
CREATE TABLE rate_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Exactly one subject: a sub-category (its naira per unit of the card currency) or a coin (naira per coin).
  subcategory_id uuid REFERENCES gift_card_subcategories(id) ON DELETE CASCADE,
  coin text CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  -- Kobo: naira per card-currency unit × 100 for a sub-category, naira per coin × 100 for a coin.
  threshold_kobo bigint NOT NULL CHECK (threshold_kobo > 0 AND threshold_kobo <= 9007199254740991),
  created_at timestamptz NOT NULL,
  spent_at timestamptz,
  -- The value that met the threshold, recorded with the spend.
  fired_value_kobo bigint CHECK (fired_value_kobo > 0),
  CONSTRAINT rate_alerts_one_subject CHECK ((subcategory_id IS NULL) <> (coin IS NULL)),
  CONSTRAINT rate_alerts_spent_value CHECK ((spent_at IS NULL) = (fired_value_kobo IS NULL))
);
CREATE INDEX rate_alerts_user_idx ON rate_alerts (user_id, created_at DESC);
-- The checks after a rate change or a price refresh read only the alerts still waiting.
CREATE INDEX rate_alerts_waiting_subcategory_idx ON rate_alerts (subcategory_id, threshold_kobo) WHERE spent_at IS NULL AND subcategory_id IS NOT NULL;
CREATE INDEX rate_alerts_waiting_coin_idx ON rate_alerts (coin, threshold_kobo) WHERE spent_at IS NULL AND coin IS NOT NULL;

-- At most 10 waiting alerts per customer. Two inserts racing for the tenth place are serialised by
-- a lock on the customer for the rest of the transaction, so the count each one sees is final.
CREATE FUNCTION rate_alerts_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.spent_at IS NOT NULL THEN
    RAISE EXCEPTION 'a rate alert is created waiting, not spent'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_alerts_created_waiting';
  END IF;
  PERFORM pg_advisory_xact_lock(74220036, hashtext(NEW.user_id::text));
  IF (SELECT count(*) FROM rate_alerts WHERE user_id = NEW.user_id AND spent_at IS NULL) >= 10 THEN
    RAISE EXCEPTION 'a customer has at most 10 waiting rate alerts'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_alerts_limit';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER rate_alerts_limit BEFORE INSERT ON rate_alerts
  FOR EACH ROW EXECUTE FUNCTION rate_alerts_limit();

-- The only change an alert ever takes is its spend, once: a spent alert is final (it can be
-- deleted, never re-armed or re-fired), and what it watches never changes under it.
CREATE FUNCTION rate_alerts_spend_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.spent_at IS NOT NULL THEN
    RAISE EXCEPTION 'a spent rate alert never changes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_alerts_spent_final';
  END IF;
  IF NEW.spent_at IS NULL
     OR (NEW.user_id, NEW.subcategory_id, NEW.coin, NEW.threshold_kobo, NEW.created_at)
        IS DISTINCT FROM (OLD.user_id, OLD.subcategory_id, OLD.coin, OLD.threshold_kobo, OLD.created_at) THEN
    RAISE EXCEPTION 'a rate alert only changes by being spent'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'rate_alerts_spend_only';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER rate_alerts_spend_once BEFORE UPDATE ON rate_alerts
  FOR EACH ROW EXECUTE FUNCTION rate_alerts_spend_once();

-- A closed account (0030) sets no new alert; closing deletes its alerts (domain/privacy/close.ts).
CREATE TRIGGER rate_alerts_not_closed BEFORE INSERT ON rate_alerts FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
