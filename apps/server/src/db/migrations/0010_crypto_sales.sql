-- Crypto selling, the sale (docs/product.md §5 "Crypto sale", §7 sell_cryptocurrency.php; docs/decisions.md §4-§5): a
-- crypto sale is a row of the one sales table (0007), kind 'crypto', sold at a stored quote (0008).
-- It keeps the prices and adjustments its value was computed with in typed columns, so the
-- database can check the arithmetic, that the figures are the quote's own, that the quote was
-- still honoured when the sale was made, and that one quote sells once.
--
-- For a coin, the shared columns read as they do on the detail screen: currency 'USD',
-- currency_amount = the coins' worth in US dollars (coin_amount × price_usd), exchange_rate = naira
-- per US dollar (docs/decisions.md §4). So value_kobo = round(currency_amount × exchange_rate × 100) holds for
-- every kind of sale.

-- A sale names its quote together with its customer: it can only use its own customer's quote.
ALTER TABLE crypto_quotes ADD CONSTRAINT crypto_quotes_id_owner_key UNIQUE (id, user_id);

-- 0007 left a jsonb column for "everything else the quote used"; typed, checked columns replace it.
-- Dropping it drops sales_giftcard_shape, which mentioned it: it is added again below, unchanged otherwise.
ALTER TABLE sales DROP COLUMN quote;

ALTER TABLE sales
  ADD COLUMN coin text CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  ADD COLUMN coin_amount numeric CHECK (coin_amount > 0),
  ADD COLUMN quote_id uuid,
  -- The quote's figures, copied at submission (a quote row may be purged, a sale is kept).
  ADD COLUMN price_usd numeric CHECK (price_usd > 0),
  ADD COLUMN usdt_market_rate_ngn numeric CHECK (usdt_market_rate_ngn > 0),
  ADD COLUMN usdt_adjustment_ngn numeric(14, 2),
  ADD COLUMN usdt_rate_ngn numeric CHECK (usdt_rate_ngn > 0),
  ADD COLUMN coin_adjustment_ngn numeric(14, 2),
  -- The blockchain transaction ID the customer gave (docs/product.md §5: optional); shown to them and staff.
  ADD COLUMN transaction_id text CHECK (
    char_length(transaction_id) BETWEEN 1 AND 120 AND transaction_id !~ '[\x01-\x1F\x7F-\x9F]'
  ),
  -- One quote sells once. The foreign key keeps a used quote from the purge of old unused ones.
  ADD CONSTRAINT sales_quote_id_key UNIQUE (quote_id),
  ADD CONSTRAINT sales_quote_fk FOREIGN KEY (quote_id, user_id) REFERENCES crypto_quotes (id, user_id) ON DELETE RESTRICT;

ALTER TABLE sales ADD CONSTRAINT sales_giftcard_shape CHECK (
  kind <> 'giftcard' OR (
    gift_card_id IS NOT NULL AND subcategory_id IS NOT NULL AND subcategory_label IS NOT NULL
    AND currency IN ('USD', 'GBP', 'EUR', 'CAD', 'AUD')
    AND currency_amount = round(currency_amount, 2) AND exchange_rate = round(exchange_rate, 2)
    AND value_kobo = round(currency_amount * exchange_rate * 100)
  )
);

-- A crypto sale names its coin, amount and quote, and its figures follow from the quote's prices
-- exactly as docs/decisions.md §4 computes them (numeric is exact; round() is half away from zero, half-up
-- for these positives). An amount is never finer than its coin (BTC 8 decimals, USDT 6, BNB 8, SOL 9).
ALTER TABLE sales ADD CONSTRAINT sales_crypto_shape CHECK (
  kind <> 'crypto' OR (
    coin IS NOT NULL AND coin_amount IS NOT NULL AND quote_id IS NOT NULL AND price_usd IS NOT NULL
    AND usdt_market_rate_ngn IS NOT NULL AND usdt_adjustment_ngn IS NOT NULL AND usdt_rate_ngn IS NOT NULL
    AND coin_adjustment_ngn IS NOT NULL
    AND subcategory_label IS NULL
    AND coin_amount = round(coin_amount, CASE coin WHEN 'usdt' THEN 6 WHEN 'sol' THEN 9 ELSE 8 END)
    AND usdt_rate_ngn = usdt_market_rate_ngn + usdt_adjustment_ngn
    AND (coin <> 'usdt' OR coin_adjustment_ngn = 0)
    AND exchange_rate = usdt_rate_ngn + coin_adjustment_ngn
    AND currency = 'USD'
    AND currency_amount = coin_amount * price_usd
    AND value_kobo = round(coin_amount * price_usd * exchange_rate * 100)
  )
);
ALTER TABLE sales ADD CONSTRAINT sales_crypto_fields_only_crypto CHECK (
  kind = 'crypto' OR (
    coin IS NULL AND coin_amount IS NULL AND quote_id IS NULL AND price_usd IS NULL AND usdt_market_rate_ngn IS NULL
    AND usdt_adjustment_ngn IS NULL AND usdt_rate_ngn IS NULL AND coin_adjustment_ngn IS NULL AND transaction_id IS NULL
  )
);

-- The figures are the quote's own, and the quote was honoured when the sale was made: from its
-- creation until (not at) its expiry. A quote that does not exist or is another customer's is left
-- to sales_quote_fk; a row without a quote to sales_crypto_shape.
CREATE FUNCTION sale_check_crypto_quote() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q crypto_quotes%ROWTYPE;
BEGIN
  IF NEW.kind <> 'crypto' OR NEW.quote_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO q FROM crypto_quotes WHERE id = NEW.quote_id AND user_id = NEW.user_id;
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
  IF NEW.created_at < q.created_at OR NEW.created_at >= q.expires_at THEN
    RAISE EXCEPTION 'a crypto sale is made while its quote is honoured'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_quote_expired';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_crypto_quote BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION sale_check_crypto_quote();

-- sale_guard as in 0007, its list of terms that never change now with the crypto columns (and
-- without the dropped jsonb).
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
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.gift_card_id, NEW.subcategory_id, NEW.title, NEW.subcategory_label,
      NEW.currency, NEW.currency_amount, NEW.exchange_rate, NEW.value_kobo, NEW.comment, NEW.card_code,
      NEW.coin, NEW.coin_amount, NEW.quote_id, NEW.price_usd, NEW.usdt_market_rate_ngn, NEW.usdt_adjustment_ngn,
      NEW.usdt_rate_ngn, NEW.coin_adjustment_ngn, NEW.transaction_id,
      NEW.bank_code, NEW.bank_name, NEW.account_number, NEW.account_name, NEW.idempotency_key, NEW.request_hash,
      NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.kind, OLD.gift_card_id, OLD.subcategory_id, OLD.title, OLD.subcategory_label,
      OLD.currency, OLD.currency_amount, OLD.exchange_rate, OLD.value_kobo, OLD.comment, OLD.card_code,
      OLD.coin, OLD.coin_amount, OLD.quote_id, OLD.price_usd, OLD.usdt_market_rate_ngn, OLD.usdt_adjustment_ngn,
      OLD.usdt_rate_ngn, OLD.coin_adjustment_ngn, OLD.transaction_id,
      OLD.bank_code, OLD.bank_name, OLD.account_number, OLD.account_name, OLD.idempotency_key, OLD.request_hash,
      OLD.created_at) THEN
    RAISE EXCEPTION 'a sale''s terms never change after submission'
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

-- At commit, a gift-card sale has 1 to 10 images (as in 0007) and a crypto sale exactly one: the
-- screenshot of the transfer (docs/product.md §5). The constraint trigger keeps its 0007 name.
CREATE OR REPLACE FUNCTION sale_check_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  image_count integer;
BEGIN
  SELECT count(*) INTO image_count FROM sale_images WHERE sale_id = NEW.id;
  IF NEW.kind = 'giftcard' AND image_count NOT BETWEEN 1 AND 10 THEN
    RAISE EXCEPTION 'gift-card sale % has % images (1 to 10 required)', NEW.id, image_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_giftcard_images';
  END IF;
  IF NEW.kind = 'crypto' AND image_count <> 1 THEN
    RAISE EXCEPTION 'crypto sale % has % images (exactly 1 required)', NEW.id, image_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_image';
  END IF;
  RETURN NULL;
END;
$$;

-- Nor can a second image be attached to a crypto sale afterwards: its one image is at position 0,
-- and (sale_id, position) is the key of sale_images.
CREATE FUNCTION sale_image_check_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.position <> 0 AND EXISTS (SELECT 1 FROM sales WHERE id = NEW.sale_id AND kind = 'crypto') THEN
    RAISE EXCEPTION 'a crypto sale has one image, at position 0'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_crypto_image';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sale_images_crypto_one BEFORE INSERT ON sale_images FOR EACH ROW EXECUTE FUNCTION sale_image_check_kind();
