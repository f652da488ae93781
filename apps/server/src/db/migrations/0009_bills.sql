-- Bills with Wise Gems (docs/product.md §2 /airtime /data /tv /electricity, §7; docs/decisions.md §5 "Bills", §5b):
-- the plan cache every instance reads, and the orders whose money side is a gem hold.
-- Times come from the application's clock, not now(), so tests can move them.

-- docs/product.md §3 data and TV plans, as the bill-payment service last listed them, one row per plan.
-- amount is whole gems: the integer part of variation_amount (docs/product.md §9, 1 gem = ₦1).
CREATE TABLE bill_plans (
  kind text NOT NULL CHECK (kind IN ('data', 'tv')),
  service text NOT NULL,
  variation_code text NOT NULL CHECK (char_length(variation_code) BETWEEN 1 AND 100),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  amount integer NOT NULL CHECK (amount BETWEEN 1 AND 10000000),
  position integer NOT NULL CHECK (position BETWEEN 0 AND 499),
  PRIMARY KEY (kind, service, variation_code),
  CONSTRAINT bill_plans_service CHECK (
    (kind = 'data' AND service IN ('mtn', 'airtel', 'glo', 'etisalat'))
    OR (kind = 'tv' AND service IN ('dstv', 'gotv', 'startimes', 'showmax'))
  )
);

-- One row per plan list. A refresh first claims its row by moving next_attempt_at forward (an
-- UPDATE … WHERE next_attempt_at <= now), so however many instances or requests ask at once, one
-- of them calls the provider; a failed refresh keeps the last good list. fetched_at is NULL until
-- a list has been had.
CREATE TABLE bill_plan_sets (
  kind text NOT NULL,
  service text NOT NULL,
  fetched_at timestamptz,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 500),
  PRIMARY KEY (kind, service),
  CONSTRAINT bill_plan_sets_service CHECK (
    (kind = 'data' AND service IN ('mtn', 'airtel', 'glo', 'etisalat'))
    OR (kind = 'tv' AND service IN ('dstv', 'gotv', 'startimes', 'showmax'))
  )
);
INSERT INTO bill_plan_sets (kind, service, next_attempt_at) VALUES
  ('data', 'mtn', '1970-01-01T00:00:00Z'),
  ('data', 'airtel', '1970-01-01T00:00:00Z'),
  ('data', 'glo', '1970-01-01T00:00:00Z'),
  ('data', 'etisalat', '1970-01-01T00:00:00Z'),
  ('tv', 'dstv', '1970-01-01T00:00:00Z'),
  ('tv', 'gotv', '1970-01-01T00:00:00Z'),
  ('tv', 'startimes', '1970-01-01T00:00:00Z'),
  ('tv', 'showmax', '1970-01-01T00:00:00Z');

-- An order: created by the checkout sheet (awaiting_pin), authorised by the PIN (processing: gems
-- held, provider asked once with request_id), settled once (successful: hold captured; failed:
-- hold released). request_id is the one id the provider ever sees for this order, so a retry or
-- a status query can never become a second purchase.
CREATE TABLE bill_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('airtime', 'data', 'tv', 'electricity')),
  status text NOT NULL CHECK (status IN ('awaiting_pin', 'processing', 'successful', 'failed')),
  -- The network (airtime, data), TV service or electricity provider word.
  service text NOT NULL,
  amount integer NOT NULL CHECK (amount BETWEEN 1 AND 10000000),
  phone text NOT NULL CHECK (phone ~ '^\+?[0-9]{10,20}$'),
  variation_code text CHECK (char_length(variation_code) BETWEEN 1 AND 100),
  plan_name text CHECK (char_length(plan_name) BETWEEN 1 AND 200),
  customer_id text CHECK (customer_id ~ '^[0-9]{6,20}$'),
  meter_type text CHECK (meter_type IN ('prepaid', 'postpaid')),
  request_id text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9]{16,64}$'),
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{1,100}$'),
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  hold_id uuid UNIQUE REFERENCES gem_holds(id),
  token text CHECK (char_length(token) BETWEEN 1 AND 300),
  units text CHECK (char_length(units) BETWEEN 1 AND 300),
  -- What the customer is told; the provider's own words kept apart for support.
  message text CHECK (char_length(message) BETWEEN 1 AND 500),
  provider_message text CHECK (char_length(provider_message) BETWEEN 1 AND 500),
  -- Bumped by the recovery sweep each time it gives a processing order a new status-query job.
  requery_generation integer NOT NULL DEFAULT 0 CHECK (requery_generation >= 0),
  created_at timestamptz NOT NULL,
  authorised_at timestamptz,
  settled_at timestamptz,

  CONSTRAINT bill_orders_request_id_key UNIQUE (request_id),
  CONSTRAINT bill_orders_idempotency_key UNIQUE (user_id, idempotency_key),
  -- What each kind names; docs/product.md §9 / docs/decisions.md §9: airtime between 50 and 100,000.
  CONSTRAINT bill_orders_kind_shape CHECK (
    CASE kind
      WHEN 'airtime' THEN service IN ('mtn', 'airtel', 'glo', 'etisalat') AND amount BETWEEN 50 AND 100000
        AND variation_code IS NULL AND plan_name IS NULL AND customer_id IS NULL AND meter_type IS NULL
      WHEN 'data' THEN service IN ('mtn', 'airtel', 'glo', 'etisalat')
        AND variation_code IS NOT NULL AND plan_name IS NOT NULL AND customer_id IS NULL AND meter_type IS NULL
      WHEN 'tv' THEN service IN ('dstv', 'gotv', 'startimes', 'showmax')
        AND variation_code IS NOT NULL AND plan_name IS NOT NULL AND customer_id IS NOT NULL AND meter_type IS NULL
      WHEN 'electricity' THEN service IN ('ikeja', 'eko', 'kano', 'portharcourt', 'jos', 'ibadan', 'kaduna', 'abuja', 'enugu', 'benin', 'aba', 'yola')
        AND variation_code IS NULL AND plan_name IS NULL AND customer_id IS NOT NULL AND meter_type IS NOT NULL
        AND amount <= 1000000
    END
  ),
  -- Each status carries exactly its facts: gems are held from authorisation on, and only a
  -- settled order has a settlement time; a token or units only on a successful electricity order.
  CONSTRAINT bill_orders_status_shape CHECK (
    (status = 'awaiting_pin') = (authorised_at IS NULL)
    AND (status = 'awaiting_pin') = (hold_id IS NULL)
    AND (status IN ('successful', 'failed')) = (settled_at IS NOT NULL)
    AND (status <> 'failed' OR message IS NOT NULL)
    AND (status = 'successful' AND kind = 'electricity' OR (token IS NULL AND units IS NULL))
  ),
  CONSTRAINT bill_orders_times CHECK (authorised_at >= created_at AND settled_at >= authorised_at)
);
-- The customer's orders, newest first (the transactions list pages on (created_at, id)).
CREATE INDEX bill_orders_user_idx ON bill_orders (user_id, created_at DESC, id DESC);
-- The recovery sweep's look-up: orders still processing, oldest first.
CREATE INDEX bill_orders_processing_idx ON bill_orders (authorised_at, id) WHERE status = 'processing';

-- An order starts awaiting the PIN; afterwards it moves only awaiting_pin → processing →
-- successful | failed, once, and its terms (who, what, how much, which request id) never change.
-- A settled order is a record: nothing about it changes again.
CREATE FUNCTION bill_order_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'awaiting_pin' OR NEW.requery_generation <> 0 THEN
      RAISE EXCEPTION 'a bill order starts awaiting its PIN, not %', NEW.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_starts_awaiting_pin';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.service, NEW.amount, NEW.phone, NEW.variation_code, NEW.plan_name,
      NEW.customer_id, NEW.meter_type, NEW.request_id, NEW.idempotency_key, NEW.request_hash, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.kind, OLD.service, OLD.amount, OLD.phone, OLD.variation_code, OLD.plan_name,
      OLD.customer_id, OLD.meter_type, OLD.request_id, OLD.idempotency_key, OLD.request_hash, OLD.created_at) THEN
    RAISE EXCEPTION 'a bill order''s terms never change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_terms_immutable';
  END IF;
  IF OLD.status IN ('successful', 'failed') THEN
    RAISE EXCEPTION 'bill order % is settled (%) and cannot change', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_settle_once';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status
     AND (OLD.status, NEW.status) NOT IN (('awaiting_pin', 'processing'), ('processing', 'successful'), ('processing', 'failed')) THEN
    RAISE EXCEPTION 'a bill order cannot go from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_status_transition';
  END IF;
  IF OLD.hold_id IS NOT NULL AND NEW.hold_id IS DISTINCT FROM OLD.hold_id
     OR OLD.authorised_at IS NOT NULL AND NEW.authorised_at IS DISTINCT FROM OLD.authorised_at
     OR NEW.requery_generation < OLD.requery_generation
     OR NEW.requery_generation <> OLD.requery_generation AND NEW.status <> 'processing' THEN
    RAISE EXCEPTION 'bill order % can only move forward', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_status_transition';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER bill_orders_guard BEFORE INSERT OR UPDATE ON bill_orders FOR EACH ROW EXECUTE FUNCTION bill_order_guard();

-- At commit, an order's gems agree with its status: the hold is this order's (reference
-- bill:<id>, same customer, same amount), pending while processing, captured once successful,
-- released once failed. Checked when either side changes, so no order can settle one way while
-- its gems went the other — not even by hand-typed SQL on gem_holds.
CREATE FUNCTION bill_order_assert_hold(order_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  current_order record;
  hold record;
  expected text;
BEGIN
  -- Read at commit: the rows as the transaction leaves them, however often they moved.
  SELECT * INTO current_order FROM bill_orders WHERE id = order_id;
  IF current_order.hold_id IS NULL THEN
    RETURN;
  END IF;
  SELECT * INTO hold FROM gem_holds WHERE id = current_order.hold_id;
  expected := CASE current_order.status WHEN 'processing' THEN 'pending' WHEN 'successful' THEN 'captured' WHEN 'failed' THEN 'released' END;
  IF hold.reference IS DISTINCT FROM 'bill:' || current_order.id OR hold.user_id IS DISTINCT FROM current_order.user_id
     OR hold.amount IS DISTINCT FROM current_order.amount OR hold.status IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'bill order % is % but its gem hold is % (%, % gems)',
      current_order.id, current_order.status, hold.status, hold.reference, hold.amount
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bill_orders_hold_agrees';
  END IF;
END;
$$;

CREATE FUNCTION bill_order_check_hold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bill_order_assert_hold(NEW.id);
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER bill_orders_hold_agrees AFTER UPDATE ON bill_orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bill_order_check_hold();

-- The same check from the hold's side: a bill order's hold settled without its order (or the
-- other way) is refused. Holds of no order (other purchases, tests) are not looked at.
CREATE FUNCTION bill_hold_check_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_id uuid;
BEGIN
  SELECT id INTO order_id FROM bill_orders WHERE hold_id = NEW.id;
  IF order_id IS NOT NULL THEN
    PERFORM bill_order_assert_hold(order_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER gem_holds_bill_order_agrees AFTER UPDATE ON gem_holds
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bill_hold_check_order();

-- Orders are records: never deleted.
CREATE FUNCTION bill_order_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bill orders are kept (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER bill_orders_no_delete BEFORE DELETE ON bill_orders FOR EACH ROW EXECUTE FUNCTION bill_order_refuse_change();
CREATE TRIGGER bill_orders_no_truncate BEFORE TRUNCATE ON bill_orders FOR EACH STATEMENT EXECUTE FUNCTION bill_order_refuse_change();
