-- One deposit, one code, one photo, one sale (domain/sales/README.md "Duplicates"; docs/RELIABILITY.md
-- "Duplicates and risk flags"):
--   1. a crypto transaction ID is stored normalised as well, and is unique per coin across all sales;
--   2. a gift-card code is stored encrypted (AES-256-GCM, key from configuration) with a keyed hash
--      for matching, never again in plain text (legacy rows are encrypted by the server at start);
--   3. each sale image keeps a 64-bit perceptual hash, indexed for near matches;
--   4. the indexes the review queue's risk flags read.

-- ---------------------------------------------------------------------------------------------
-- 1. Transaction IDs
-- ---------------------------------------------------------------------------------------------

-- The rule (packages/shared plain/sales.ts normaliseTransactionId says the same in TypeScript):
-- spaces (ASCII and the Unicode ones a paste brings along) removed, a leading 0x dropped, and ASCII
-- letters lower-cased for the coins whose IDs are hex (BTC, BNB, and USDT on TRC20). A Solana
-- signature is base58, where case matters: it keeps its case. An ID that is empty afterwards is NULL.
-- A generated column: the database computes it from transaction_id (which never changes), so every
-- existing row is backfilled by this statement and no row can ever hold another value.
ALTER TABLE sales ADD COLUMN transaction_id_normalized text GENERATED ALWAYS AS (
  NULLIF(
    CASE WHEN coin = 'sol'
      THEN regexp_replace(regexp_replace(transaction_id, '[ \u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]', '', 'g'), '^0[xX]', '')
      ELSE translate(
        regexp_replace(regexp_replace(transaction_id, '[ \u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]', '', 'g'), '^0[xX]', ''),
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
    END,
    '')
) STORED;

-- Sales made before this migration may already share an ID (that is the finding it closes). They
-- are kept, marked, and flagged to staff; every later sale is held to the unique index below.
-- Only this migration ever sets the mark (sale_guard refuses it on insert and any change of it).
ALTER TABLE sales ADD COLUMN transaction_id_reused boolean NOT NULL DEFAULT false;
UPDATE sales s SET transaction_id_reused = true
  WHERE s.transaction_id_normalized IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM sales e
      WHERE e.coin = s.coin AND e.transaction_id_normalized = s.transaction_id_normalized
        AND (e.created_at, e.id) < (s.created_at, s.id)
    );

-- One deposit, one sale: per coin, across every sale whatever its status.
CREATE UNIQUE INDEX sales_transaction_id_key ON sales (coin, transaction_id_normalized)
  WHERE transaction_id_normalized IS NOT NULL AND NOT transaction_id_reused;
-- Look-ups (the flag, the back office's search) that include the marked legacy rows.
CREATE INDEX sales_transaction_id_idx ON sales (transaction_id_normalized) WHERE transaction_id_normalized IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- 2. Gift-card codes, encrypted
-- ---------------------------------------------------------------------------------------------

ALTER TABLE sales
  -- v1.<iv>.<ciphertext>.<tag>, base64url: AES-256-GCM under the key named by card_code_key_id.
  ADD COLUMN card_code_ciphertext text CHECK (
    card_code_ciphertext ~ '^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{2,200}\.[A-Za-z0-9_-]{22}$'
  ),
  ADD COLUMN card_code_key_id text CHECK (card_code_key_id ~ '^[A-Za-z0-9_-]{1,32}$'),
  -- HMAC-SHA256 (hex) of the normalised code under a key derived from the same configured key.
  ADD COLUMN card_code_hash text CHECK (card_code_hash ~ '^[0-9a-f]{64}$'),
  ADD CONSTRAINT sales_card_code_sealed CHECK (
    (card_code_ciphertext IS NULL) = (card_code_key_id IS NULL)
    AND (card_code_ciphertext IS NULL) = (card_code_hash IS NULL)
    AND (card_code IS NULL OR card_code_ciphertext IS NULL)
    AND (kind = 'giftcard' OR card_code_ciphertext IS NULL)
  );
CREATE INDEX sales_card_code_hash_idx ON sales (card_code_hash) WHERE card_code_hash IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- 3. Perceptual hashes of sale images
-- ---------------------------------------------------------------------------------------------

-- A 64-bit difference hash (domain/uploads/perceptual-hash.ts) as a signed bigint; NULL for images
-- stored before this migration (not backfilled). Near means a Hamming distance of at most 3: split
-- into four 16-bit bands, two such hashes share at least one band exactly, so each band's index
-- finds every candidate and the distance is then counted on those few.
ALTER TABLE sale_images ADD COLUMN phash bigint;
CREATE INDEX sale_images_phash_band0_idx ON sale_images (((phash >> 48) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX sale_images_phash_band1_idx ON sale_images (((phash >> 32) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX sale_images_phash_band2_idx ON sale_images (((phash >> 16) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX sale_images_phash_band3_idx ON sale_images ((phash & 65535)) WHERE phash IS NOT NULL;

-- ---------------------------------------------------------------------------------------------
-- 4. sale_guard: the new columns are terms too; the card code may move from plain text into its
--    sealed columns once, and a sealed code may be re-encrypted under another key.
-- ---------------------------------------------------------------------------------------------

-- Based on 0010's definition. Changes: on INSERT, a plain-text card_code and a transaction_id_reused
-- mark are refused; on UPDATE, transaction_id_reused joins the immutable terms, and card_code with
-- card_code_ciphertext, card_code_key_id and card_code_hash leave the plain tuple for a check of
-- their own: unchanged, or plain → sealed (card_code to NULL, the three set), or re-keyed (sealed
-- before and after, card_code NULL, the key id changed). The rest is as in 0010.
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
      ('approved', 'paid'), ('approved', 'under_review')
    ) THEN
      RAISE EXCEPTION 'a sale cannot go from % to %', OLD.status, NEW.status
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
-- 5. What the risk flags read (domain/admin/review/risk-flags.ts): a customer's sales by time
--    (sales_user_list_idx, 0007) and the ones above. Nothing else is needed.
-- ---------------------------------------------------------------------------------------------
