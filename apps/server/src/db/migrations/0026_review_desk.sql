-- The review desk (domain/admin/review/README.md, "The desk"): sales an admin assigns to a
-- reviewer, the look-ups of the desk's search, and the indexes of its CSV exports and its
-- time-to-decision chart.

-- ---------------------------------------------------------------------------------------------
-- Assignment: who should review a sale (a hint for the queue's "mine", not a lock: the claim
-- stays the lock). Who assigned it and when travel with it, all three or none.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE sales ADD COLUMN assigned_to uuid REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE sales ADD COLUMN assigned_by uuid REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE sales ADD COLUMN assigned_at timestamptz;
ALTER TABLE sales ADD CONSTRAINT sales_assignment_shape CHECK (
  (assigned_to IS NULL AND assigned_by IS NULL AND assigned_at IS NULL)
  OR (assigned_to IS NOT NULL AND assigned_by IS NOT NULL AND assigned_at IS NOT NULL)
);

-- A sale is given only to someone who can review it now (a staff member with a reviewing role,
-- not disabled), and only while it waits for a decision. A staff member disabled later keeps the
-- assignments they had (the history says who), and the queue shows them as such.
CREATE FUNCTION sale_assignment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assignee record;
BEGIN
  IF NEW.assigned_to IS NULL OR (TG_OP = 'UPDATE' AND NEW.assigned_to IS NOT DISTINCT FROM OLD.assigned_to) THEN
    RETURN NEW;
  END IF;
  IF NEW.status NOT IN ('submitted', 'under_review') THEN
    RAISE EXCEPTION 'only a sale waiting for review is assigned'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_assignment_open';
  END IF;
  SELECT role, disabled_at INTO assignee FROM staff WHERE id = NEW.assigned_to;
  IF NOT FOUND OR assignee.disabled_at IS NOT NULL OR assignee.role NOT IN ('reviewer', 'admin') THEN
    RAISE EXCEPTION 'a sale is assigned only to an active reviewer'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_assignee_active';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER sales_assignment_guard BEFORE INSERT OR UPDATE OF assigned_to ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_assignment_guard();

-- "Mine": a reviewer's waiting sales, oldest first.
CREATE INDEX sales_assigned_queue_idx ON sales (assigned_to, created_at, id)
  WHERE status IN ('submitted', 'under_review') AND assigned_to IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- Search. pg_trgm would find a word anywhere in a name, but the embedded database loads an
-- extension only when every process opening its data directory (server, backup, restore) is
-- given the extension's bundle (docs/decisions.md §8, "The review desk"); a reviewer types a
-- name, an e-mail or a phone from its start, which these prefix indexes answer on both engines.
-- Exact look-ups already have theirs: sale id (primary key), transaction ID
-- (sales_transaction_id_idx), card code (sales_card_code_hash_idx), payout reference
-- (payouts_reference_key).
-- ---------------------------------------------------------------------------------------------

CREATE INDEX users_full_name_prefix_idx ON users (lower(full_name) text_pattern_ops);
CREATE INDEX users_email_prefix_idx ON users (lower(email) text_pattern_ops);
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);
CREATE INDEX users_phone_prefix_idx ON users (phone text_pattern_ops);
CREATE INDEX sales_payout_reference_idx ON sales (payout_reference) WHERE payout_reference IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- The time-to-paid chart (by paid_at). Sales exports have no index of their own: any index
-- leading on created_at also serves a customer's own list, newest first, which must read
-- sales_user_list_idx (test/list-plans.test.ts); an export is a rare staff read.
-- ---------------------------------------------------------------------------------------------

CREATE INDEX sales_paid_at_idx ON sales (paid_at) WHERE paid_at IS NOT NULL;
