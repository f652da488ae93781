-- Failed and reversed payouts (domain/payouts/README.md, docs/RELIABILITY.md "Failed and reversed
-- payouts"):
--   * a success whose amount or currency differs from the attempt is held (`needs_review`) for
--     staff, never settled; staff resolve it (paid / not paid), recorded on the row;
--   * a success later reversed by the bank (`reversed`) reopens its sale: paid → approved, the
--     sale's payout reference cleared, a new attempt allowed;
--   * after a failed or reversed payout the customer may change their bank details: the next
--     attempt pays the customer's NEW account (their current bank details at insertion), started
--     by the customer (no staff member), so payouts.created_by becomes optional;
--   * a reversed sale's reward that was not claimed yet is taken back by a balanced ledger entry
--     (`reward_clawback`), stamped on the reward so it is never claimable again.

-- ---------------------------------------------------------------------------------------------
-- Payouts: the new states and what they carry
-- ---------------------------------------------------------------------------------------------

ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check
  CHECK (status IN ('queued', 'sending', 'pending', 'needs_review', 'success', 'failed', 'reversed'));

-- Who started the attempt: staff (approval, retry, manual record) or the customer (a bank change
-- after a failed payout retries it to the new account).
ALTER TABLE payouts ADD COLUMN started_by text NOT NULL DEFAULT 'staff' CHECK (started_by IN ('staff', 'customer'));
ALTER TABLE payouts ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE payouts ADD CONSTRAINT payouts_started_by CHECK (
  (started_by = 'staff') = (created_by IS NOT NULL) AND (started_by = 'staff' OR method = 'transfer')
);

-- A held success: what the provider reported (its figures) and why it was held.
ALTER TABLE payouts ADD COLUMN reported_amount_kobo bigint CHECK (reported_amount_kobo >= 0 AND reported_amount_kobo <= 9007199254740991);
ALTER TABLE payouts ADD COLUMN reported_currency text CHECK (reported_currency ~ '^[A-Za-z]{1,10}$');
ALTER TABLE payouts ADD COLUMN review_reason text CHECK (char_length(review_reason) BETWEEN 1 AND 500);
-- Staff's resolution of a held success (paid after all, or not paid), audited as well.
ALTER TABLE payouts ADD COLUMN resolved_by uuid REFERENCES staff(id) ON DELETE RESTRICT;
ALTER TABLE payouts ADD COLUMN resolution_note text CHECK (
  char_length(resolution_note) BETWEEN 1 AND 500 AND resolution_note !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
);
-- When the bank reversed a successful transfer (the reason is in failure_reason).
ALTER TABLE payouts ADD COLUMN reversed_at timestamptz;

ALTER TABLE payouts DROP CONSTRAINT payouts_settled;
ALTER TABLE payouts ADD CONSTRAINT payouts_settled CHECK ((status IN ('success', 'failed', 'reversed')) = (settled_at IS NOT NULL));
ALTER TABLE payouts DROP CONSTRAINT payouts_failed_reason;
ALTER TABLE payouts ADD CONSTRAINT payouts_failed_reason CHECK ((status IN ('failed', 'reversed')) = (failure_reason IS NOT NULL));
ALTER TABLE payouts ADD CONSTRAINT payouts_reversed CHECK ((status = 'reversed') = (reversed_at IS NOT NULL) AND reversed_at >= settled_at);
ALTER TABLE payouts ADD CONSTRAINT payouts_held CHECK (status <> 'needs_review' OR review_reason IS NOT NULL);
ALTER TABLE payouts ADD CONSTRAINT payouts_resolution CHECK (
  (resolved_by IS NULL) = (resolution_note IS NULL) AND (resolved_by IS NULL OR review_reason IS NOT NULL)
);

-- A reversed attempt is as dead as a failed one: a new attempt may start. A held one is live.
DROP INDEX payouts_one_live_per_sale;
CREATE UNIQUE INDEX payouts_one_live_per_sale ON payouts (sale_id) WHERE status NOT IN ('failed', 'reversed');
CREATE INDEX payouts_held_idx ON payouts (created_at, id) WHERE status = 'needs_review';

-- payout_guard as in 0011, with:
--   INSERT: the account is the sale's snapshot OR the customer's current bank details (a retry
--     after a bank change); a customer-started attempt is a queued transfer like any other;
--   UPDATE: the terms now include started_by; the provider's figures and the hold's reason are
--     written only on entering needs_review; the resolution only on leaving it, to success or
--     failed; a success may still become reversed (status, failure_reason and reversed_at only);
--     failed and reversed never change; new moves sending/pending → needs_review →
--     success/failed (resolved by staff) and success → reversed.
CREATE OR REPLACE FUNCTION payout_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT s.status, s.user_id, s.payout_amount_kobo, s.bank_code, s.account_number, s.account_name INTO sale
      FROM sales s WHERE s.id = NEW.sale_id;
    IF sale.status IS DISTINCT FROM 'approved' THEN
      RAISE EXCEPTION 'only an approved sale is paid out (sale % is %)', NEW.sale_id, sale.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_sale_approved';
    END IF;
    IF NEW.amount_kobo <> sale.payout_amount_kobo
       OR ((NEW.bank_code, NEW.account_number, NEW.account_name) IS DISTINCT FROM (sale.bank_code, sale.account_number, sale.account_name)
           AND NOT EXISTS (
             SELECT 1 FROM bank_details b
             WHERE b.user_id = sale.user_id
               AND (b.bank_code, b.account_number, b.account_name) = (NEW.bank_code, NEW.account_number, NEW.account_name))) THEN
      RAISE EXCEPTION 'a payout pays the approved amount to the account snapshotted with the sale or to the customer''s current bank details'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_sale_terms';
    END IF;
    IF NEW.method = 'transfer' AND NEW.status <> 'queued' THEN
      RAISE EXCEPTION 'a transfer starts queued'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
    END IF;
    IF NEW.reported_amount_kobo IS NOT NULL OR NEW.reported_currency IS NOT NULL OR NEW.review_reason IS NOT NULL
       OR NEW.resolved_by IS NOT NULL OR NEW.reversed_at IS NOT NULL THEN
      RAISE EXCEPTION 'a new payout has no provider figures, resolution or reversal'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.sale_id, NEW.attempt, NEW.reference, NEW.method, NEW.amount_kobo, NEW.bank_code,
      NEW.account_number, NEW.account_name, NEW.note, NEW.created_by, NEW.created_at, NEW.started_by)
     IS DISTINCT FROM
     (OLD.id, OLD.sale_id, OLD.attempt, OLD.reference, OLD.method, OLD.amount_kobo, OLD.bank_code,
      OLD.account_number, OLD.account_name, OLD.note, OLD.created_by, OLD.created_at, OLD.started_by) THEN
    RAISE EXCEPTION 'a payout''s terms never change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_terms_immutable';
  END IF;
  IF OLD.status IN ('failed', 'reversed') THEN
    RAISE EXCEPTION 'payout % is settled (%) and cannot change', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF OLD.status = 'success' AND (
       NEW.status <> 'reversed'
       OR (NEW.recipient_code, NEW.provider_reference, NEW.sent_at, NEW.settled_at, NEW.reported_amount_kobo,
           NEW.reported_currency, NEW.review_reason, NEW.resolved_by, NEW.resolution_note)
          IS DISTINCT FROM
          (OLD.recipient_code, OLD.provider_reference, OLD.sent_at, OLD.settled_at, OLD.reported_amount_kobo,
           OLD.reported_currency, OLD.review_reason, OLD.resolved_by, OLD.resolution_note)) THEN
    RAISE EXCEPTION 'payout % is paid: it can only be reversed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF (NEW.reported_amount_kobo, NEW.reported_currency, NEW.review_reason)
     IS DISTINCT FROM (OLD.reported_amount_kobo, OLD.reported_currency, OLD.review_reason)
     AND NOT (NEW.status = 'needs_review' AND OLD.status IN ('sending', 'pending')) THEN
    RAISE EXCEPTION 'the provider''s figures are written only when a payout is held'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF (NEW.resolved_by, NEW.resolution_note) IS DISTINCT FROM (OLD.resolved_by, OLD.resolution_note)
     AND NOT (OLD.status = 'needs_review' AND NEW.status IN ('success', 'failed')) THEN
    RAISE EXCEPTION 'a resolution is written only when staff settle a held payout'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF OLD.status = 'needs_review' AND NEW.status IN ('success', 'failed') AND NEW.resolved_by IS NULL THEN
    RAISE EXCEPTION 'a held payout is settled only by staff''s resolution'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND (OLD.status, NEW.status) NOT IN (
      ('queued', 'sending'), ('queued', 'failed'),
      ('sending', 'pending'), ('sending', 'success'), ('sending', 'failed'), ('sending', 'needs_review'),
      ('pending', 'success'), ('pending', 'failed'), ('pending', 'needs_review'),
      ('needs_review', 'success'), ('needs_review', 'failed'),
      ('success', 'reversed')) THEN
    RAISE EXCEPTION 'a payout cannot go from % to %', OLD.status, NEW.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_status_transition';
  END IF;
  RETURN NEW;
END;
$$;

-- ---------------------------------------------------------------------------------------------
-- Sales: a paid sale whose payout was reversed goes back to approved
-- ---------------------------------------------------------------------------------------------

-- sale_decision_guard as in 0011, with one change: a paid sale keeps its payout reference EXCEPT
-- when it is reopened (paid → approved), which clears it (paid_at goes with it, by sales_paid).
CREATE OR REPLACE FUNCTION sale_decision_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF OLD.payout_reference IS NOT NULL AND NEW.payout_reference IS DISTINCT FROM OLD.payout_reference
     AND NOT (OLD.status = 'paid' AND NEW.status = 'approved' AND NEW.payout_reference IS NULL) THEN
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

-- sale_guard as in 0017 (card codes sealed, transaction IDs marked), with one more transition:
-- ('paid', 'approved'), allowed only when the sale's latest payout attempt is `reversed` (the bank
-- took the money back). A later change to this function starts from this definition.
CREATE OR REPLACE FUNCTION sale_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'submitted' THEN
      RAISE EXCEPTION 'a sale starts as submitted, not %', NEW.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_starts_submitted';
    END IF;
    IF NEW.status_changed_at <> NEW.created_at THEN
      RAISE EXCEPTION 'a new sale''s status time is its submission time'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_starts_submitted';
    END IF;
    IF NEW.card_code IS NOT NULL THEN
      RAISE EXCEPTION 'a card code is stored encrypted, never in plain text'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_card_code_sealed';
    END IF;
    IF NEW.transaction_id_reused THEN
      RAISE EXCEPTION 'only sales made before transaction IDs were unique are marked as reusing one'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_transaction_id_key';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.gift_card_id, NEW.subcategory_id, NEW.title, NEW.subcategory_label,
      NEW.currency, NEW.currency_amount, NEW.exchange_rate, NEW.value_kobo, NEW.comment,
      NEW.coin, NEW.coin_amount, NEW.quote_id, NEW.price_usd, NEW.usdt_market_rate_ngn, NEW.usdt_adjustment_ngn,
      NEW.usdt_rate_ngn, NEW.coin_adjustment_ngn, NEW.transaction_id, NEW.transaction_id_reused,
      NEW.bank_code, NEW.bank_name, NEW.account_number, NEW.account_name, NEW.idempotency_key, NEW.request_hash,
      NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.kind, OLD.gift_card_id, OLD.subcategory_id, OLD.title, OLD.subcategory_label,
      OLD.currency, OLD.currency_amount, OLD.exchange_rate, OLD.value_kobo, OLD.comment,
      OLD.coin, OLD.coin_amount, OLD.quote_id, OLD.price_usd, OLD.usdt_market_rate_ngn, OLD.usdt_adjustment_ngn,
      OLD.usdt_rate_ngn, OLD.coin_adjustment_ngn, OLD.transaction_id, OLD.transaction_id_reused,
      OLD.bank_code, OLD.bank_name, OLD.account_number, OLD.account_name, OLD.idempotency_key, OLD.request_hash,
      OLD.created_at) THEN
    RAISE EXCEPTION 'a sale''s terms never change after submission'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_terms_immutable';
  END IF;
  IF (NEW.card_code, NEW.card_code_ciphertext, NEW.card_code_key_id, NEW.card_code_hash)
     IS DISTINCT FROM
     (OLD.card_code, OLD.card_code_ciphertext, OLD.card_code_key_id, OLD.card_code_hash)
     AND NOT (
       -- a legacy plain-text code sealed (the server's start-up step)
       (OLD.card_code IS NOT NULL AND OLD.card_code_ciphertext IS NULL
        AND NEW.card_code IS NULL AND NEW.card_code_ciphertext IS NOT NULL)
       -- a sealed code re-encrypted under another key (key rotation)
       OR (OLD.card_code IS NULL AND OLD.card_code_ciphertext IS NOT NULL
           AND NEW.card_code IS NULL AND NEW.card_code_ciphertext IS NOT NULL
           AND NEW.card_code_key_id IS DISTINCT FROM OLD.card_code_key_id)
     ) THEN
    RAISE EXCEPTION 'a sale''s card code may never change after submission: it is only encrypted, or re-encrypted under another key'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_terms_immutable';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF (OLD.status, NEW.status) NOT IN (
      ('submitted', 'under_review'), ('submitted', 'rejected'),
      ('under_review', 'approved'), ('under_review', 'rejected'),
      ('approved', 'paid'), ('approved', 'under_review'), ('paid', 'approved')
    ) THEN
      RAISE EXCEPTION 'a sale cannot go from % to %', OLD.status, NEW.status
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_status_transition';
    END IF;
    IF OLD.status = 'paid' AND NEW.status = 'approved' AND (
         SELECT p.status FROM payouts p WHERE p.sale_id = NEW.id ORDER BY p.attempt DESC LIMIT 1
       ) IS DISTINCT FROM 'reversed' THEN
      RAISE EXCEPTION 'a paid sale is reopened only when its payout was reversed'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_status_transition';
    END IF;
    IF NEW.status_changed_at < OLD.status_changed_at THEN
      RAISE EXCEPTION 'a sale''s status cannot move back in time'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_status_transition';
    END IF;
  ELSIF NEW.status_changed_at IS DISTINCT FROM OLD.status_changed_at THEN
    RAISE EXCEPTION 'the status time moves only with the status'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_status_transition';
  END IF;
  RETURN NEW;
END;
$$;

-- ---------------------------------------------------------------------------------------------
-- Gems: a reversed sale's unclaimed reward is taken back
-- ---------------------------------------------------------------------------------------------

ALTER TABLE gem_entries DROP CONSTRAINT gem_entries_reason_check;
ALTER TABLE gem_entries ADD CONSTRAINT gem_entries_reason_check CHECK (reason IN (
  'daily_collection', 'reward_accrual', 'reward_claim', 'hold', 'hold_capture', 'hold_release', 'reward_clawback'
));

-- The entry that took an unclaimed reward back (rewards -n, rewards_program +n), and why.
ALTER TABLE gem_rewards ADD COLUMN clawback_entry_id uuid UNIQUE REFERENCES gem_entries(id);
ALTER TABLE gem_rewards ADD COLUMN clawback_reason text CHECK (char_length(clawback_reason) BETWEEN 1 AND 200);
ALTER TABLE gem_rewards ADD CONSTRAINT gem_rewards_clawback_shape CHECK (
  (clawback_entry_id IS NULL) = (clawback_reason IS NULL) AND (clawback_entry_id IS NULL OR claim_id IS NULL)
);

-- gem_guard_reward_update as in 0005, with a second allowed change: an unclaimed reward is taken
-- back once (clawback_entry_id and clawback_reason from NULL, claim_id staying NULL). A claimed
-- reward can never be taken back, nor a taken-back one claimed.
CREATE OR REPLACE FUNCTION gem_guard_reward_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.user_id, NEW.source, NEW.amount, NEW.description, NEW.accrual_entry_id, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.source, OLD.amount, OLD.description, OLD.accrual_entry_id, OLD.created_at)
     OR OLD.claim_id IS NOT NULL
     OR OLD.clawback_entry_id IS NOT NULL
     OR NOT (
       (NEW.claim_id IS NOT NULL AND NEW.clawback_entry_id IS NULL)
       OR (NEW.claim_id IS NULL AND NEW.clawback_entry_id IS NOT NULL)
     ) THEN
    RAISE EXCEPTION 'gem reward % can only be claimed once, or taken back once', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
