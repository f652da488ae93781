-- The back office (docs/decisions.md §5, §8): staff and their sessions, the decisions on sales, the payouts
-- that pay customers, locked customers, the catalogue's rate history and the audit log of every
-- staff action. As elsewhere, the database itself refuses what must never happen: a sale paid
-- twice or without a successful payout, a decision rewritten, an audit line edited. Times come
-- from the application's clock.

-- ---------------------------------------------------------------------------------------------
-- Staff
-- ---------------------------------------------------------------------------------------------

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND char_length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
  role text NOT NULL CHECK (role IN ('reviewer', 'admin')),
  password_hash text NOT NULL,
  -- A password someone else chose (admin:create, an admin adding staff) is changed at first login.
  must_change_password boolean NOT NULL DEFAULT true,
  -- The authenticator secret, encrypted with a key derived from SESSION_SECRET; set at enrolment.
  totp_secret text CHECK (char_length(totp_secret) BETWEEN 20 AND 500),
  totp_enabled_at timestamptz,
  -- The last time step whose code logged in: a login code is never accepted twice.
  totp_last_step bigint CHECK (totp_last_step >= 0),
  failed_logins integer NOT NULL DEFAULT 0 CHECK (failed_logins >= 0),
  locked_until timestamptz,
  disabled_at timestamptz,
  created_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT staff_totp_needs_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL)
);
CREATE UNIQUE INDEX staff_email_key ON staff (email);

-- Staff never reuse the customers' sessions table: a customer's cookie can never name a staff
-- member, nor the reverse. A session starts at `password` (second factor still owed: only the TOTP
-- enrolment and verification routes answer) and becomes `verified`.
CREATE TABLE staff_sessions (
  id_hash text PRIMARY KEY CHECK (id_hash ~ '^[0-9a-f]{64}$'),
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('password', 'verified')),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- Idle timeout: moved forward on use, never past the absolute limit the code enforces.
  expires_at timestamptz NOT NULL,
  CONSTRAINT staff_sessions_times CHECK (last_seen_at >= created_at AND expires_at > created_at)
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expiry_idx ON staff_sessions (expires_at);

-- ---------------------------------------------------------------------------------------------
-- Audit log: every staff action, append-only.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL only for the command line (admin:create).
  staff_id uuid REFERENCES staff(id) ON DELETE RESTRICT,
  -- Who it was at the time (the e-mail), so the line reads the same if the account changes.
  actor text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 254),
  action text NOT NULL CHECK (action ~ '^[a-z][a-z_.]{1,59}$'),
  target_type text NOT NULL CHECK (target_type ~ '^[a-z_]{1,40}$'),
  target_id text CHECK (char_length(target_id) BETWEEN 1 AND 100),
  before jsonb,
  after jsonb,
  note text CHECK (char_length(note) BETWEEN 1 AND 1000),
  ip text CHECK (char_length(ip) <= 100),
  at timestamptz NOT NULL
);
CREATE INDEX staff_audit_log_at_idx ON staff_audit_log (at DESC, id DESC);
CREATE INDEX staff_audit_log_target_idx ON staff_audit_log (target_type, target_id, at DESC, id DESC);
CREATE INDEX staff_audit_log_staff_idx ON staff_audit_log (staff_id, at DESC, id DESC);

CREATE FUNCTION back_office_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'records are kept (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER staff_audit_log_append_only BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- ---------------------------------------------------------------------------------------------
-- Decisions on sales
-- ---------------------------------------------------------------------------------------------

ALTER TABLE sales ADD CONSTRAINT sales_decided_by_fk FOREIGN KEY (decided_by) REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE sale_status_events ADD CONSTRAINT sale_status_events_actor_fk FOREIGN KEY (actor) REFERENCES staff(id) ON DELETE RESTRICT;

-- A claim locks the sale to one reviewer until claimed_until (another may take it afterwards).
ALTER TABLE sales ADD COLUMN claimed_by uuid REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE sales ADD COLUMN claimed_until timestamptz;
-- What staff approved paying: the quote's value unless a note says why not.
ALTER TABLE sales ADD COLUMN payout_amount_kobo bigint CHECK (payout_amount_kobo > 0 AND payout_amount_kobo <= 9007199254740991);
ALTER TABLE sales ADD COLUMN approval_note text CHECK (
  char_length(approval_note) BETWEEN 1 AND 500 AND approval_note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
);
-- A rejection's reason from the list (packages/shared admin/sales.ts); rejection_reason keeps the
-- words the customer reads, rejection_message staff's optional message to them.
ALTER TABLE sales ADD COLUMN rejection_code text CHECK (
  rejection_code IN ('used_card', 'invalid_code', 'wrong_card_type', 'partially_used', 'unclear_images', 'other')
);
ALTER TABLE sales ADD COLUMN rejection_message text CHECK (
  char_length(rejection_message) BETWEEN 1 AND 500 AND rejection_message !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
);
ALTER TABLE sales ADD CONSTRAINT sales_claim_shape CHECK ((claimed_by IS NULL) = (claimed_until IS NULL));
ALTER TABLE sales ADD CONSTRAINT sales_approved_amount CHECK (status NOT IN ('approved', 'paid') OR payout_amount_kobo IS NOT NULL);
ALTER TABLE sales ADD CONSTRAINT sales_approval_note CHECK (
  payout_amount_kobo IS NULL OR payout_amount_kobo = value_kobo OR approval_note IS NOT NULL
);
ALTER TABLE sales ADD CONSTRAINT sales_rejection_code CHECK ((status = 'rejected') = (rejection_code IS NOT NULL));
ALTER TABLE sales ADD CONSTRAINT sales_decided_by_staff CHECK (status NOT IN ('approved', 'paid', 'rejected') OR decided_by IS NOT NULL);

-- The decision, once taken, is never rewritten; a sale is paid only by a successful payout; and a
-- failed payout stays with its sale (staff retry it or record a payment made by hand) instead of
-- sending an approved sale back to review.
CREATE FUNCTION sale_decision_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' AND NEW.status = 'under_review' THEN
    RAISE EXCEPTION 'an approved sale stays approved until it is paid'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_status_transition';
  END IF;
  IF OLD.decided_at IS NOT NULL AND (
       NEW.decided_at, NEW.decided_by, NEW.payout_amount_kobo, NEW.approval_note,
       NEW.rejection_code, NEW.rejection_reason, NEW.rejection_message)
     IS DISTINCT FROM (
       OLD.decided_at, OLD.decided_by, OLD.payout_amount_kobo, OLD.approval_note,
       OLD.rejection_code, OLD.rejection_reason, OLD.rejection_message) THEN
    RAISE EXCEPTION 'a decision on a sale is never rewritten'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_decision_immutable';
  END IF;
  IF OLD.payout_reference IS NOT NULL AND NEW.payout_reference IS DISTINCT FROM OLD.payout_reference THEN
    RAISE EXCEPTION 'a paid sale keeps its payout reference'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_decision_immutable';
  END IF;
  IF NEW.status = 'paid' AND OLD.status <> 'paid' AND NOT EXISTS (
       SELECT 1 FROM payouts p
       WHERE p.sale_id = NEW.id AND p.status = 'success' AND p.amount_kobo = NEW.payout_amount_kobo
     ) THEN
    RAISE EXCEPTION 'sale % is paid only by a successful payout of its approved amount', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_paid_by_payout';
  END IF;
  RETURN NEW;
END;
$$;

-- ---------------------------------------------------------------------------------------------
-- Payouts: each attempt to pay a sale, with its own reference the provider deduplicates on.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sale_id uuid NOT NULL REFERENCES sales(id) ON DELETE RESTRICT,
  attempt smallint NOT NULL CHECK (attempt BETWEEN 1 AND 20),
  -- Our reference, sent with the transfer: a resend (retry, crash, timeout) reuses it, so the
  -- provider never makes a second transfer for one attempt.
  reference text NOT NULL CHECK (reference ~ '^[a-z0-9_-]{16,100}$'),
  -- transfer: through the payout provider; manual: staff paid by other means and recorded it.
  method text NOT NULL CHECK (method IN ('transfer', 'manual')),
  -- queued → sending → pending → success | failed (sending may also settle at once).
  status text NOT NULL CHECK (status IN ('queued', 'sending', 'pending', 'success', 'failed')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0 AND amount_kobo <= 9007199254740991),
  -- The account paid: the sale's snapshot, copied so the row says where the money went.
  bank_code text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  -- The provider's ids (Paystack: recipient code, transfer code); staff's reference for manual.
  recipient_code text CHECK (char_length(recipient_code) BETWEEN 1 AND 100),
  provider_reference text CHECK (char_length(provider_reference) BETWEEN 1 AND 100),
  failure_reason text CHECK (char_length(failure_reason) BETWEEN 1 AND 500),
  note text CHECK (char_length(note) BETWEEN 1 AND 500 AND note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'),
  -- The staff member whose approval, retry or manual record started it.
  created_by uuid NOT NULL REFERENCES staff(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  settled_at timestamptz,
  CONSTRAINT payouts_reference_key UNIQUE (reference),
  CONSTRAINT payouts_attempt_key UNIQUE (sale_id, attempt),
  CONSTRAINT payouts_settled CHECK ((status IN ('success', 'failed')) = (settled_at IS NOT NULL)),
  CONSTRAINT payouts_failed_reason CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
  CONSTRAINT payouts_manual_shape CHECK (
    method <> 'manual' OR (status = 'success' AND provider_reference IS NOT NULL AND note IS NOT NULL)
  )
);
-- At most one attempt per sale that is not a definite failure: a new attempt can only start once
-- the last one has failed, and a sale can never have two successful payouts.
CREATE UNIQUE INDEX payouts_one_live_per_sale ON payouts (sale_id) WHERE status <> 'failed';
CREATE INDEX payouts_created_idx ON payouts (created_at DESC, id DESC);
CREATE INDEX payouts_open_idx ON payouts (created_at, id) WHERE status IN ('queued', 'sending', 'pending');

CREATE FUNCTION payout_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT s.status, s.payout_amount_kobo, s.bank_code, s.account_number, s.account_name INTO sale
      FROM sales s WHERE s.id = NEW.sale_id;
    IF sale.status IS DISTINCT FROM 'approved' THEN
      RAISE EXCEPTION 'only an approved sale is paid out (sale % is %)', NEW.sale_id, sale.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_sale_approved';
    END IF;
    IF NEW.amount_kobo <> sale.payout_amount_kobo
       OR (NEW.bank_code, NEW.account_number, NEW.account_name) IS DISTINCT FROM (sale.bank_code, sale.account_number, sale.account_name) THEN
      RAISE EXCEPTION 'a payout pays the approved amount to the account snapshotted with the sale'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_sale_terms';
    END IF;
    IF NEW.method = 'transfer' AND NEW.status <> 'queued' THEN
      RAISE EXCEPTION 'a transfer starts queued'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.sale_id, NEW.attempt, NEW.reference, NEW.method, NEW.amount_kobo, NEW.bank_code,
      NEW.account_number, NEW.account_name, NEW.note, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.sale_id, OLD.attempt, OLD.reference, OLD.method, OLD.amount_kobo, OLD.bank_code,
      OLD.account_number, OLD.account_name, OLD.note, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'a payout''s terms never change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_terms_immutable';
  END IF;
  IF OLD.status IN ('success', 'failed') THEN
    RAISE EXCEPTION 'payout % is settled (%) and cannot change', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND (OLD.status, NEW.status) NOT IN (
      ('queued', 'sending'), ('queued', 'failed'),
      ('sending', 'pending'), ('sending', 'success'), ('sending', 'failed'),
      ('pending', 'success'), ('pending', 'failed')) THEN
    RAISE EXCEPTION 'a payout cannot go from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payouts_guard BEFORE INSERT OR UPDATE ON payouts FOR EACH ROW EXECUTE FUNCTION payout_guard();
CREATE TRIGGER payouts_no_delete BEFORE DELETE ON payouts FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
CREATE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts FOR EACH STATEMENT EXECUTE FUNCTION back_office_refuse_change();

-- Named to fire after sales_guard (same-event triggers fire in name order): the transitions first.
CREATE TRIGGER sales_guard_decision BEFORE UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sale_decision_guard();

-- Staff's reports: decisions and payouts by day.
CREATE INDEX sales_decided_idx ON sales (decided_at DESC, id DESC) WHERE decided_at IS NOT NULL;
-- The review queue filtered by kind, oldest first.
CREATE INDEX sales_review_queue_kind_idx ON sales (kind, created_at, id) WHERE status IN ('submitted', 'under_review');
-- A customer's earlier sales for the reviewer: the customer's list index (user_id, created_at, id) serves it.

-- ---------------------------------------------------------------------------------------------
-- Customers staff lock; the catalogue's picture and rate history.
-- ---------------------------------------------------------------------------------------------

ALTER TABLE users ADD COLUMN locked_at timestamptz;
ALTER TABLE users ADD COLUMN locked_reason text CHECK (
  char_length(locked_reason) BETWEEN 1 AND 300 AND locked_reason !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
);
ALTER TABLE users ADD CONSTRAINT users_lock_shape CHECK ((locked_at IS NULL) = (locked_reason IS NULL));

-- A picture staff upload for a card (file store key); without one the drawn artwork is shown.
ALTER TABLE gift_cards ADD COLUMN image_key text CHECK (image_key ~ '^catalogue/[A-Za-z0-9/_.-]{1,200}$');

-- Every change of a sub-category's rate, written by the database itself so none goes unrecorded.
-- The staff member is read from the transaction setting wise.staff_id (set_config(…, true)).
CREATE TABLE gift_card_rate_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subcategory_id uuid NOT NULL REFERENCES gift_card_subcategories(id) ON DELETE RESTRICT,
  old_rate numeric(12, 2),
  new_rate numeric(12, 2) NOT NULL,
  changed_by uuid REFERENCES staff(id) ON DELETE RESTRICT,
  changed_at timestamptz NOT NULL
);
CREATE INDEX gift_card_rate_history_subcategory_idx ON gift_card_rate_history (subcategory_id, changed_at DESC, id DESC);

CREATE FUNCTION gift_card_record_rate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.exchange_rate IS DISTINCT FROM OLD.exchange_rate THEN
    INSERT INTO gift_card_rate_history (subcategory_id, old_rate, new_rate, changed_by, changed_at)
      VALUES (
        NEW.id,
        CASE WHEN TG_OP = 'UPDATE' THEN OLD.exchange_rate END,
        NEW.exchange_rate,
        nullif(current_setting('wise.staff_id', true), '')::uuid,
        NEW.rate_updated_at
      );
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER gift_card_subcategories_rate_history AFTER INSERT OR UPDATE OF exchange_rate ON gift_card_subcategories
  FOR EACH ROW EXECUTE FUNCTION gift_card_record_rate();
CREATE TRIGGER gift_card_rate_history_append_only BEFORE UPDATE OR DELETE ON gift_card_rate_history
  FOR EACH ROW EXECUTE FUNCTION back_office_refuse_change();
