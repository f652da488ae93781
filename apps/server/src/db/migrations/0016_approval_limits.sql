-- Approval limits and four eyes (docs/RELIABILITY.md "Approval limits and four eyes"). One
-- reviewer pays at most the quoted value on their own; anything above it (or above the
-- single-approval limit the server is configured with) waits for a second, different staff member
-- with the admin role. The database refuses, on its own: paying (a payout) or approving a sale
-- above its quoted value without a confirmed second approval of exactly that amount, a second
-- approval by the person who asked for it, and a second approval by anyone but an admin.
-- sale_guard, sale_decision_guard and payout_guard are unchanged: the new rules are new triggers.

-- Why the amount differs from the quote, from the list (packages/shared plain/sales.ts
-- SALE_APPROVAL_REASON_CODES); the customer reads its words (or, for `other`, the note).
ALTER TABLE sales ADD COLUMN approval_reason_code text CHECK (
  approval_reason_code IN ('partially_used', 'balance_lower', 'other')
);
-- An amount other than the quote is explained by a reason from the list or (as before) a note.
ALTER TABLE sales DROP CONSTRAINT sales_approval_note;
ALTER TABLE sales ADD CONSTRAINT sales_approval_note CHECK (
  payout_amount_kobo IS NULL OR payout_amount_kobo = value_kobo OR approval_note IS NOT NULL OR approval_reason_code IS NOT NULL
);

-- A request for a second approval: the first reviewer's amount and reason, then one decision by
-- another admin (confirmed: the sale is approved for exactly this amount; declined: it stays in review).
CREATE TABLE sale_approval_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sale_id uuid NOT NULL REFERENCES sales(id) ON DELETE RESTRICT,
  requested_by uuid NOT NULL REFERENCES staff(id) ON DELETE RESTRICT,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0 AND amount_kobo <= 9007199254740991),
  -- The quoted value when it was asked, so the second approver compares what the first one saw.
  value_kobo bigint NOT NULL CHECK (value_kobo > 0 AND value_kobo <= 9007199254740991),
  reason_code text CHECK (reason_code IN ('partially_used', 'balance_lower', 'other')),
  note text CHECK (char_length(note) BETWEEN 1 AND 500 AND note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'),
  created_at timestamptz NOT NULL,
  decided_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  decided_at timestamptz,
  outcome text CHECK (outcome IN ('confirmed', 'declined')),
  decision_note text CHECK (
    char_length(decision_note) BETWEEN 1 AND 500 AND decision_note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
  ),
  CONSTRAINT sale_approval_requests_decision_shape CHECK (
    (outcome IS NULL) = (decided_by IS NULL) AND (outcome IS NULL) = (decided_at IS NULL)
  ),
  CONSTRAINT sale_approval_requests_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CONSTRAINT sale_approval_requests_times CHECK (decided_at IS NULL OR decided_at >= created_at),
  CONSTRAINT sale_approval_requests_reason CHECK (amount_kobo = value_kobo OR reason_code IS NOT NULL),
  CONSTRAINT sale_approval_requests_other_note CHECK (reason_code IS DISTINCT FROM 'other' OR note IS NOT NULL)
);
-- One open request per sale.
CREATE UNIQUE INDEX sale_approval_requests_one_open ON sale_approval_requests (sale_id) WHERE outcome IS NULL;
CREATE INDEX sale_approval_requests_sale_idx ON sale_approval_requests (sale_id, created_at);
-- The queue's "awaiting second approval" view, oldest first.
CREATE INDEX sale_approval_requests_open_idx ON sale_approval_requests (created_at, id) WHERE outcome IS NULL;
-- A reviewer's approvals today (the daily limit) read sales by decider and time.
CREATE INDEX sales_decided_by_idx ON sales (decided_by, decided_at) WHERE decided_at IS NOT NULL;

CREATE FUNCTION sale_approval_request_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decider_role text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.sale_id, NEW.requested_by, NEW.amount_kobo, NEW.value_kobo, NEW.reason_code, NEW.note, NEW.created_at)
       IS DISTINCT FROM
       (OLD.id, OLD.sale_id, OLD.requested_by, OLD.amount_kobo, OLD.value_kobo, OLD.reason_code, OLD.note, OLD.created_at) THEN
      RAISE EXCEPTION 'a request for a second approval keeps its terms'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sale_approval_requests_immutable';
    END IF;
    IF OLD.outcome IS NOT NULL THEN
      RAISE EXCEPTION 'a second approval, once decided, is never rewritten'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sale_approval_requests_immutable';
    END IF;
  END IF;
  IF NEW.decided_by IS NOT NULL THEN
    SELECT role INTO decider_role FROM staff WHERE id = NEW.decided_by AND disabled_at IS NULL;
    IF decider_role IS DISTINCT FROM 'admin' THEN
      RAISE EXCEPTION 'only an admin gives a second approval'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sale_approval_requests_admin';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sale_approval_requests_guard BEFORE INSERT OR UPDATE ON sale_approval_requests
  FOR EACH ROW EXECUTE FUNCTION sale_approval_request_guard();
CREATE TRIGGER sale_approval_requests_no_delete BEFORE DELETE ON sale_approval_requests
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER sale_approval_requests_no_truncate BEFORE TRUNCATE ON sale_approval_requests
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- An approval above the quote names a confirmed second approval of exactly that amount, decided
-- by the staff member the sale records as its decider; the reason, like the rest of a decision,
-- is never rewritten. AFTER triggers: the older guards and CHECKs speak first.
CREATE FUNCTION sale_approval_limit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' AND OLD.status IS DISTINCT FROM 'approved' THEN
    IF NEW.payout_amount_kobo > NEW.value_kobo AND NOT EXISTS (
         SELECT 1 FROM sale_approval_requests r
         WHERE r.sale_id = NEW.id AND r.outcome = 'confirmed' AND r.amount_kobo = NEW.payout_amount_kobo
           AND r.decided_by = NEW.decided_by
       ) THEN
      RAISE EXCEPTION 'sale % is approved above its quoted value only with a confirmed second approval of that amount', NEW.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_four_eyes';
    END IF;
  END IF;
  IF OLD.decided_at IS NOT NULL AND NEW.approval_reason_code IS DISTINCT FROM OLD.approval_reason_code THEN
    RAISE EXCEPTION 'a decision on a sale is never rewritten'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_decision_immutable';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_guard_four_eyes AFTER UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sale_approval_limit_guard();

-- A payout above the sale's quoted value needs the same confirmed second approval (whatever the
-- sale row says: a payout is where money leaves).
CREATE FUNCTION payout_four_eyes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quoted bigint;
BEGIN
  SELECT value_kobo INTO quoted FROM sales WHERE id = NEW.sale_id;
  IF NEW.amount_kobo > quoted AND NOT EXISTS (
       SELECT 1 FROM sale_approval_requests r
       WHERE r.sale_id = NEW.sale_id AND r.outcome = 'confirmed' AND r.amount_kobo = NEW.amount_kobo
     ) THEN
    RAISE EXCEPTION 'a payout above the quoted value needs a confirmed second approval of that amount'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_four_eyes';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER payouts_guard_four_eyes AFTER INSERT ON payouts FOR EACH ROW EXECUTE FUNCTION payout_four_eyes_guard();
