-- Tier 2 identity verification (README, "Identity verification"): an ID document (front and back)
-- and a selfie, checked by the identity provider in the background and decided by staff.
--
-- identity_document_reviews: one row per request. The images live in the file store under the
-- three keys; `images_deleted_at` is set when the retention job has removed them (the keys go with
-- them), the row and the provider's verdict stay. `verdict` is the provider's opinion only
-- (match / no_match / unavailable, with its 0-100 score); staff decide.
CREATE TABLE identity_document_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  front_key text,
  back_key text,
  selfie_key text,
  images_deleted_at timestamptz,
  verdict text CHECK (verdict IN ('match', 'no_match', 'unavailable')),
  verdict_score integer CHECK (verdict_score BETWEEN 0 AND 100),
  verdict_summary text,
  verdict_provider text,
  verdict_at timestamptz,
  reviewed_by uuid REFERENCES staff (id) ON DELETE RESTRICT,
  reviewed_at timestamptz,
  reject_reason text CHECK (char_length(reject_reason) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT identity_document_reviews_images_shape CHECK (
    (images_deleted_at IS NULL) = (front_key IS NOT NULL AND back_key IS NOT NULL AND selfie_key IS NOT NULL)
    AND (front_key IS NULL) = (back_key IS NULL) AND (back_key IS NULL) = (selfie_key IS NULL)
  ),
  -- Images are removed only after the decision (the retention job), never while staff must see them.
  CONSTRAINT identity_document_reviews_images_kept_while_pending CHECK (status <> 'pending' OR images_deleted_at IS NULL),
  CONSTRAINT identity_document_reviews_decision_shape CHECK (
    (status = 'pending') = (reviewed_by IS NULL AND reviewed_at IS NULL)
    AND (status = 'rejected') = (reject_reason IS NOT NULL)
  ),
  CONSTRAINT identity_document_reviews_verdict_shape CHECK (
    (verdict IS NULL) = (verdict_at IS NULL)
    AND (verdict IS NULL OR verdict = 'unavailable' OR verdict_score IS NOT NULL)
  )
);

-- One open request per customer.
CREATE UNIQUE INDEX identity_document_reviews_open_key ON identity_document_reviews (user_id) WHERE status = 'pending';
-- The customer's latest request.
CREATE INDEX identity_document_reviews_user_idx ON identity_document_reviews (user_id, created_at DESC);
-- The staff queue (oldest first) and the retention sweep.
CREATE INDEX identity_document_reviews_pending_idx ON identity_document_reviews (created_at) WHERE status = 'pending';
CREATE INDEX identity_document_reviews_retention_idx ON identity_document_reviews (reviewed_at) WHERE images_deleted_at IS NULL AND status <> 'pending';

-- A decision is final: a decided request never goes back to pending nor changes its decision, and
-- a request never moves to another customer. Images once deleted never come back.
CREATE FUNCTION identity_document_reviews_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id <> OLD.user_id OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'identity_document_reviews: a request never changes customer or date'
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'pending' AND (
    NEW.status <> OLD.status OR NEW.reviewed_by IS DISTINCT FROM OLD.reviewed_by
    OR NEW.reviewed_at IS DISTINCT FROM OLD.reviewed_at OR NEW.reject_reason IS DISTINCT FROM OLD.reject_reason
  ) THEN
    RAISE EXCEPTION 'identity_document_reviews: a decided request is never changed'
      USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.images_deleted_at IS NOT NULL AND NEW.images_deleted_at IS DISTINCT FROM OLD.images_deleted_at THEN
    RAISE EXCEPTION 'identity_document_reviews: deleted images never come back'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER identity_document_reviews_guard BEFORE UPDATE ON identity_document_reviews
  FOR EACH ROW EXECUTE FUNCTION identity_document_reviews_guard();

-- 0029's rule with Tier 2 allowed: it needs the Tier 1 record and an approved document review of
-- the customer.
CREATE OR REPLACE FUNCTION users_kyc_tier_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.kyc_tier <> 0 THEN
      RAISE EXCEPTION 'users: a new account starts at verification tier 0'
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.kyc_tier <= OLD.kyc_tier THEN
    RETURN NEW;
  END IF;
  IF NEW.kyc_tier >= 1 AND NOT EXISTS (
    SELECT 1 FROM identity_checks WHERE user_id = NEW.id AND outcome = 'verified'
  ) THEN
    RAISE EXCEPTION 'users: verification tier 1 needs a verified BVN or NIN (identity_checks)'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kyc_tier >= 2 AND NOT EXISTS (
    SELECT 1 FROM identity_document_reviews WHERE user_id = NEW.id AND status = 'approved'
  ) THEN
    RAISE EXCEPTION 'users: verification tier 2 needs an approved ID document review'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
