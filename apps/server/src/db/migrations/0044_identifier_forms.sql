-- One canonical form for every identifier money depends on (docs/identifiers.md):
--   1. a crypto transaction ID is stored only in its network's form — 64 lower-case hex digits
--      (Bitcoin, TRON, EVM chains, no 0x) or a base58 signature of 64 bytes (Solana) — held by a
--      CHECK that mirrors packages/shared plain/transaction-ids.ts; the IDs stored before are brought
--      into that form, or kept as typed beside a NULL ID when no one ID can be read out of them;
--   2. a gift-card code's keyed hash says what it was taken over: version 1 the code as 0017
--      normalised it, version 2 its skeleton (NFKC, confusables, separators and invisibles removed,
--      upper case). Every new hash is version 2; the server's start-up step re-hashes the 1s
--      (domain/sales/card-codes.ts resealCardCodes), since only it holds the key.

-- ---------------------------------------------------------------------------------------------
-- 1. Transaction IDs
-- ---------------------------------------------------------------------------------------------

-- The number of bytes a base58 text decodes to (each leading '1' is a zero byte); NULL for a
-- character outside base58. A Solana signature is 64 bytes: 64 to 88 characters.
CREATE FUNCTION base58_byte_length(encoded text) RETURNS integer LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  alphabet CONSTANT text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  value numeric := 0;
  digit integer;
  bytes integer := 0;
BEGIN
  FOR i IN 1..char_length(encoded) LOOP
    digit := strpos(alphabet, substr(encoded, i, 1)) - 1;
    IF digit < 0 THEN
      RETURN NULL;
    END IF;
    value := value * 58 + digit;
  END LOOP;
  WHILE value > 0 LOOP
    value := div(value, 256);
    bytes := bytes + 1;
  END LOOP;
  RETURN bytes + char_length(substring(encoded FROM '^1*'));
END;
$$;

-- The stored form of a coin's transaction ID, by the networks the coin is sent on (packages/shared
-- plain/wallet-addresses.ts WALLET_NETWORKS): BTC on Bitcoin, BNB on BEP20, USDT on TRC20, ERC20,
-- BEP20 or Solana, SOL on Solana. A change there is a change here (identifiers-guards.test.ts tries
-- every coin with every form).
-- base58_byte_length is named with its schema: pg_restore checks the CHECK with an empty search_path.
CREATE FUNCTION transaction_id_in_stored_form(coin text, id text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE coin
    WHEN 'btc' THEN id ~ '^[0-9a-f]{64}$'
    WHEN 'bnb' THEN id ~ '^[0-9a-f]{64}$'
    WHEN 'usdt' THEN id ~ '^[0-9a-f]{64}$' OR (id ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$' AND public.base58_byte_length(id) = 64)
    WHEN 'sol' THEN id ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$' AND public.base58_byte_length(id) = 64
    ELSE false
  END
$$;

-- What a customer typed, for the sales whose stored ID this migration changed or could not read
-- (NULL for every other sale; only this migration writes it, sale_guard below refuses the rest).
ALTER TABLE sales ADD COLUMN transaction_id_as_typed text CHECK (char_length(transaction_id_as_typed) BETWEEN 1 AND 120);

-- The ID an older sale's text carries, or NULL when it carries none or two: invisible and format
-- characters dropped, compatibility forms folded (NFKC: a full-width digit is a digit), then the
-- one token of the coin's alphabet and length standing alone (not inside a longer run of letters
-- and digits) — so an explorer link, quotes, a trailing full stop or a 0x give their ID; a
-- lookalike letter from another script gives none. More forgiving than the parser's refusals, on
-- purpose: those sales were accepted, and the point is to find the deposit they name. Kept after
-- this migration for the guards test, which tries it on the spellings the review found.
CREATE FUNCTION transaction_id_read_legacy(coin text, typed text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH cleaned AS (
    SELECT normalize(regexp_replace(typed,
      '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]', '', 'g'), NFKC) AS text
  ),
  tokens AS (
    SELECT lower(m[1]) AS token
    FROM cleaned, LATERAL regexp_matches(cleaned.text, '(?:^|[^0-9A-Za-z])(?:0[xX])?([0-9A-Fa-f]{64})(?![0-9A-Za-z])', 'g') AS m
    WHERE coin IN ('btc', 'bnb', 'usdt')
    UNION
    SELECT m[1] AS token
    FROM cleaned, LATERAL regexp_matches(cleaned.text, '(?:^|[^0-9A-Za-z])([1-9A-HJ-NP-Za-km-z]{64,88})(?![0-9A-Za-z])', 'g') AS m
    WHERE coin IN ('usdt', 'sol')
  )
  SELECT CASE WHEN count(DISTINCT token) = 1 THEN min(token) END
  FROM tokens
  WHERE transaction_id_in_stored_form(coin, token)
$$;

-- Sales never change their terms (sale_guard), and the other guards look at every update: this
-- one rewrite, of these columns only, is made with them off, inside this migration's transaction.
ALTER TABLE sales DISABLE TRIGGER USER;
DROP INDEX sales_transaction_id_key;

-- Each ID stored before in its one form; what was typed is kept beside it when that differs, and
-- alone (the ID NULL) when no one ID could be read from it.
UPDATE sales SET transaction_id = transaction_id_read_legacy(coin, transaction_id), transaction_id_as_typed = transaction_id
  WHERE transaction_id IS NOT NULL AND transaction_id_read_legacy(coin, transaction_id) IS DISTINCT FROM transaction_id;

-- Spellings of one deposit that were sold as different ones are now one ID: the later sales are
-- marked as reusing it, as 0017 marked the ones it found (and the review queue flags them all).
UPDATE sales s SET transaction_id_reused = true
  WHERE s.transaction_id IS NOT NULL AND NOT s.transaction_id_reused
    AND EXISTS (
      SELECT 1 FROM sales e
      WHERE e.coin = s.coin AND e.transaction_id = s.transaction_id AND (e.created_at, e.id) < (s.created_at, s.id)
    );

CREATE UNIQUE INDEX sales_transaction_id_key ON sales (coin, transaction_id_normalized)
  WHERE transaction_id_normalized IS NOT NULL AND NOT transaction_id_reused;

ALTER TABLE sales ADD CONSTRAINT sales_transaction_id_stored_form CHECK (
  transaction_id IS NULL OR transaction_id_in_stored_form(coin, transaction_id)
);

-- ---------------------------------------------------------------------------------------------
-- 2. Card-code hash versions
-- ---------------------------------------------------------------------------------------------

ALTER TABLE sales ADD COLUMN card_code_hash_version smallint CHECK (card_code_hash_version IN (1, 2));
UPDATE sales SET card_code_hash_version = 1 WHERE card_code_hash IS NOT NULL;
ALTER TABLE sales ADD CONSTRAINT sales_card_code_hash_version CHECK ((card_code_hash IS NULL) = (card_code_hash_version IS NULL));
CREATE INDEX sales_card_code_rehash_idx ON sales (id) WHERE card_code_hash_version = 1;

ALTER TABLE sales ENABLE TRIGGER USER;

-- ---------------------------------------------------------------------------------------------
-- 3. sale_guard: a new sale's hash is over the skeleton and carries no typed ID; the typed ID is a
--    term like the rest; a version-1 hash may be taken again over the skeleton, nothing else.
-- ---------------------------------------------------------------------------------------------

-- Based on 0019's definition. Changes: on INSERT, a hash of version 1 and a transaction_id_as_typed
-- are refused; on UPDATE, transaction_id_as_typed joins the immutable terms, card_code_hash_version
-- joins the card-code tuple, every way a sealed code may change ends at version 2, and one more way
-- is allowed: the re-hash (the same ciphertext under the same key, version 1 → 2, a new hash).
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
    IF NEW.card_code_hash_version = 1 THEN
      RAISE EXCEPTION 'a new card code is hashed over its skeleton (version 2)'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_card_code_hash_version';
    END IF;
    IF NEW.transaction_id_reused THEN
      RAISE EXCEPTION 'only sales made before transaction IDs were unique are marked as reusing one'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_transaction_id_key';
    END IF;
    IF NEW.transaction_id_as_typed IS NOT NULL THEN
      RAISE EXCEPTION 'a new sale stores its transaction ID in its one form only'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_transaction_id_stored_form';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.gift_card_id, NEW.subcategory_id, NEW.title, NEW.subcategory_label,
      NEW.currency, NEW.currency_amount, NEW.exchange_rate, NEW.value_kobo, NEW.comment,
      NEW.coin, NEW.coin_amount, NEW.quote_id, NEW.price_usd, NEW.usdt_market_rate_ngn, NEW.usdt_adjustment_ngn,
      NEW.usdt_rate_ngn, NEW.coin_adjustment_ngn, NEW.transaction_id, NEW.transaction_id_reused, NEW.transaction_id_as_typed,
      NEW.bank_code, NEW.bank_name, NEW.account_number, NEW.account_name, NEW.idempotency_key, NEW.request_hash,
      NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.kind, OLD.gift_card_id, OLD.subcategory_id, OLD.title, OLD.subcategory_label,
      OLD.currency, OLD.currency_amount, OLD.exchange_rate, OLD.value_kobo, OLD.comment,
      OLD.coin, OLD.coin_amount, OLD.quote_id, OLD.price_usd, OLD.usdt_market_rate_ngn, OLD.usdt_adjustment_ngn,
      OLD.usdt_rate_ngn, OLD.coin_adjustment_ngn, OLD.transaction_id, OLD.transaction_id_reused, OLD.transaction_id_as_typed,
      OLD.bank_code, OLD.bank_name, OLD.account_number, OLD.account_name, OLD.idempotency_key, OLD.request_hash,
      OLD.created_at) THEN
    RAISE EXCEPTION 'a sale''s terms never change after submission'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_terms_immutable';
  END IF;
  IF (NEW.card_code, NEW.card_code_ciphertext, NEW.card_code_key_id, NEW.card_code_hash, NEW.card_code_hash_version)
     IS DISTINCT FROM
     (OLD.card_code, OLD.card_code_ciphertext, OLD.card_code_key_id, OLD.card_code_hash, OLD.card_code_hash_version)
     AND NOT (
       NEW.card_code_hash_version = 2 AND (
         -- a legacy plain-text code sealed (the server's start-up step)
         (OLD.card_code IS NOT NULL AND OLD.card_code_ciphertext IS NULL
          AND NEW.card_code IS NULL AND NEW.card_code_ciphertext IS NOT NULL)
         -- a sealed code re-encrypted under another key (key rotation)
         OR (OLD.card_code IS NULL AND OLD.card_code_ciphertext IS NOT NULL
             AND NEW.card_code IS NULL AND NEW.card_code_ciphertext IS NOT NULL
             AND NEW.card_code_key_id IS DISTINCT FROM OLD.card_code_key_id)
         -- a sealed code's hash taken again over its skeleton (the start-up step after 0044)
         OR (OLD.card_code_hash_version = 1 AND NEW.card_code IS NULL AND OLD.card_code IS NULL
             AND NEW.card_code_ciphertext = OLD.card_code_ciphertext AND NEW.card_code_key_id = OLD.card_code_key_id)
       )
     ) THEN
    RAISE EXCEPTION 'a sale''s card code may never change after submission: it is only encrypted, re-encrypted under another key, or its hash taken over its skeleton'
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
