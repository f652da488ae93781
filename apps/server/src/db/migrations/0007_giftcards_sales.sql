-- Gift-card selling (docs/product.md §2 "/sellgiftcards/giftcardscatalogue", §3 "Gift card", "Sub-category",
-- "Transaction"; docs/decisions.md §4-§5): the catalogue with its rates, and ONE sale record for every kind
-- of sale (gift card now, crypto next) with its images, its status history and the bank details
-- it is paid to. The database itself refuses what must never happen: a sale for nothing, a value
-- that does not follow from its amount and rate, terms edited after submission, a skipped status,
-- a decision without its time, history rewritten. Times come from the application's clock.

-- ---------------------------------------------------------------------------------------------
-- Catalogue
-- ---------------------------------------------------------------------------------------------

CREATE TABLE gift_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The card's address in URLs; never one of the words the routes use themselves.
  slug text NOT NULL UNIQUE CHECK (
    slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 60 AND slug NOT IN ('search', 'art', 'sales')
  ),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60 AND name = btrim(name)),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP', 'EUR', 'CAD', 'AUD')),
  -- The drawn artwork's colour (no third-party logos are stored or served).
  brand_color text NOT NULL CHECK (brand_color ~ '^#[0-9a-f]{6}$'),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gift_cards_name_key ON gift_cards (lower(name));

CREATE TABLE gift_card_subcategories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gift_card_id uuid NOT NULL REFERENCES gift_cards(id) ON DELETE RESTRICT,
  country text NOT NULL CHECK (char_length(country) BETWEEN 2 AND 30),
  kind text NOT NULL CHECK (kind IN ('physical', 'ecode')),
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP', 'EUR', 'CAD', 'AUD')),
  -- The denomination band a card must fall in, in the card currency.
  min_amount numeric(12, 2) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(12, 2) NOT NULL,
  -- Naira paid per 1 unit of the card currency.
  exchange_rate numeric(12, 2) NOT NULL CHECK (exchange_rate > 0),
  enabled boolean NOT NULL DEFAULT true,
  position smallint NOT NULL DEFAULT 0,
  rate_updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gift_card_subcategories_band CHECK (max_amount >= min_amount),
  CONSTRAINT gift_card_subcategories_one_band UNIQUE (gift_card_id, country, kind, currency, min_amount)
);
CREATE INDEX gift_card_subcategories_card_idx ON gift_card_subcategories (gift_card_id, position);

-- ---------------------------------------------------------------------------------------------
-- Sales
-- ---------------------------------------------------------------------------------------------

-- Uploads now also hold sale images. (id, user_id) is unique so that a sale's image can be
-- required, by foreign key, to belong to the sale's own customer.
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('profile_photo', 'sale_image'));
ALTER TABLE uploads ADD CONSTRAINT uploads_id_owner_key UNIQUE (id, user_id);

-- Nothing ever wrote to the 0002 placeholder: the transactions list now reads sales.
DROP TABLE transactions;

CREATE TABLE sales (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A money record outlives nothing it points at: customers with sales are never deleted.
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('giftcard', 'crypto')),
  -- submitted -> under_review -> approved -> paid; submitted | under_review -> rejected;
  -- approved -> under_review when a payout fails and staff must look again (sale_guard).
  status text NOT NULL CHECK (status IN ('submitted', 'under_review', 'approved', 'paid', 'rejected')),
  -- What the customer's list shows and searches by (docs/product.md §4): kept in the row so it is indexed.
  list_status text NOT NULL GENERATED ALWAYS AS (
    CASE status WHEN 'paid' THEN 'successful' WHEN 'rejected' THEN 'rejected' ELSE 'pending' END
  ) STORED,
  status_changed_at timestamptz NOT NULL,

  -- What was sold, snapshotted at submission (the catalogue may change afterwards).
  gift_card_id uuid REFERENCES gift_cards(id) ON DELETE RESTRICT,
  subcategory_id uuid REFERENCES gift_card_subcategories(id) ON DELETE RESTRICT,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 160),
  subcategory_label text CHECK (char_length(subcategory_label) BETWEEN 1 AND 120),
  -- The card (or coin) currency and amount, and the naira per unit the value was computed with.
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
  currency_amount numeric NOT NULL CHECK (currency_amount > 0),
  exchange_rate numeric NOT NULL CHECK (exchange_rate > 0),
  value_kobo bigint NOT NULL CHECK (value_kobo > 0 AND value_kobo <= 9007199254740991),
  -- Everything else the quote used (a coin's USD price and adjustments); {} for gift cards.
  quote jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(quote) = 'object'),
  comment text CHECK (
    char_length(comment) BETWEEN 1 AND 500 AND comment !~ '[\x01-\x08\x0B\x0C\x0E-\x1F\x7F]'
  ),
  -- An e-code card's code: shown to the seller and staff only, never logged.
  card_code text CHECK (char_length(card_code) BETWEEN 1 AND 100 AND card_code !~ '[\x01-\x1F\x7F]'),

  -- Where the payout goes: the customer's bank details as they were at submission.
  bank_code text NOT NULL CHECK (char_length(bank_code) BETWEEN 1 AND 10),
  bank_name text NOT NULL CHECK (char_length(bank_name) BETWEEN 1 AND 100),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL CHECK (char_length(account_name) BETWEEN 1 AND 200),

  -- The customer's Idempotency-Key and a hash of what was sent with it (fields and image bytes):
  -- a retry gets this sale back, the same key with something else is refused.
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{1,100}$'),
  request_hash text NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),

  -- The staff decision (filled by the back office). decided_by gets its foreign key with the staff table.
  decided_by uuid,
  decided_at timestamptz,
  rejection_reason text CHECK (char_length(rejection_reason) BETWEEN 1 AND 500),
  payout_reference text CHECK (char_length(payout_reference) BETWEEN 1 AND 100),
  paid_at timestamptz,
  created_at timestamptz NOT NULL,

  CONSTRAINT sales_idempotency_key UNIQUE (user_id, idempotency_key),
  CONSTRAINT sales_id_owner_key UNIQUE (id, user_id),
  -- A gift-card sale names its card and band, in cents, and its value is exactly
  -- amount × rate in kobo: numeric is exact and round() goes half away from zero (half-up here).
  CONSTRAINT sales_giftcard_shape CHECK (
    kind <> 'giftcard' OR (
      gift_card_id IS NOT NULL AND subcategory_id IS NOT NULL AND subcategory_label IS NOT NULL
      AND currency IN ('USD', 'GBP', 'EUR', 'CAD', 'AUD')
      AND currency_amount = round(currency_amount, 2) AND exchange_rate = round(exchange_rate, 2)
      AND quote = '{}'::jsonb
      AND value_kobo = round(currency_amount * exchange_rate * 100)
    )
  ),
  CONSTRAINT sales_card_fields_only_giftcard CHECK (
    kind = 'giftcard' OR (gift_card_id IS NULL AND subcategory_id IS NULL AND card_code IS NULL)
  ),
  -- A decided sale says when; an undecided one carries no decision.
  CONSTRAINT sales_decided CHECK ((status IN ('approved', 'paid', 'rejected')) = (decided_at IS NOT NULL)),
  CONSTRAINT sales_decided_after_submission CHECK (decided_at >= created_at),
  CONSTRAINT sales_rejection_reason CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL)),
  CONSTRAINT sales_paid CHECK (
    (status = 'paid') = (paid_at IS NOT NULL) AND (status <> 'paid' OR payout_reference IS NOT NULL)
  ),
  CONSTRAINT sales_paid_after_decision CHECK (paid_at >= decided_at),
  CONSTRAINT sales_status_time CHECK (status_changed_at >= created_at)
);
-- The customer's list: newest first with the id as tie-breaker (keyset pagination), all or by status.
CREATE INDEX sales_user_list_idx ON sales (user_id, created_at DESC, id DESC);
CREATE INDEX sales_user_status_list_idx ON sales (user_id, list_status, created_at DESC, id DESC);
-- The back office's review queue, oldest first.
CREATE INDEX sales_review_queue_idx ON sales (created_at, id) WHERE status IN ('submitted', 'under_review');

CREATE TABLE sale_images (
  sale_id uuid NOT NULL,
  user_id uuid NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 9),
  upload_id uuid NOT NULL UNIQUE,
  PRIMARY KEY (sale_id, position),
  -- Both keys carry the customer: an image can only be attached to a sale of its own owner.
  CONSTRAINT sale_images_sale_fk FOREIGN KEY (sale_id, user_id) REFERENCES sales (id, user_id) ON DELETE RESTRICT,
  CONSTRAINT sale_images_upload_fk FOREIGN KEY (upload_id, user_id) REFERENCES uploads (id, user_id) ON DELETE RESTRICT
);

CREATE TABLE sale_status_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sale_id uuid NOT NULL REFERENCES sales(id) ON DELETE RESTRICT,
  status text NOT NULL CHECK (status IN ('submitted', 'under_review', 'approved', 'paid', 'rejected')),
  at timestamptz NOT NULL,
  -- The staff member who moved it; NULL for the customer's submission and automatic steps.
  actor uuid
);
CREATE INDEX sale_status_events_sale_idx ON sale_status_events (sale_id, id);

-- A sale starts as submitted; afterwards only its status and decision fields move, along the
-- allowed transitions, forward in time. Its terms (who, what, how much, paid where) never change.
CREATE FUNCTION sale_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
      NEW.currency, NEW.currency_amount, NEW.exchange_rate, NEW.value_kobo, NEW.quote, NEW.comment, NEW.card_code,
      NEW.bank_code, NEW.bank_name, NEW.account_number, NEW.account_name, NEW.idempotency_key, NEW.request_hash,
      NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.kind, OLD.gift_card_id, OLD.subcategory_id, OLD.title, OLD.subcategory_label,
      OLD.currency, OLD.currency_amount, OLD.exchange_rate, OLD.value_kobo, OLD.quote, OLD.comment, OLD.card_code,
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
CREATE TRIGGER sales_guard BEFORE INSERT OR UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sale_guard();

-- The history is written by the database itself, so no status change can go unrecorded.
CREATE FUNCTION sale_record_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_status_events (sale_id, status, at, actor)
    VALUES (NEW.id, NEW.status, NEW.status_changed_at, CASE WHEN TG_OP = 'UPDATE' THEN NEW.decided_by END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_history_on_insert AFTER INSERT ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_record_status();
CREATE TRIGGER sales_history_on_status AFTER UPDATE OF status ON sales
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION sale_record_status();

-- At commit, a gift-card sale has 1 to 10 images (docs/product.md §5: "multiple images may be attached";
-- the product asks for at least one picture of the card).
CREATE FUNCTION sale_check_images() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  image_count integer;
BEGIN
  IF NEW.kind <> 'giftcard' THEN
    RETURN NULL;
  END IF;
  SELECT count(*) INTO image_count FROM sale_images WHERE sale_id = NEW.id;
  IF image_count NOT BETWEEN 1 AND 10 THEN
    RAISE EXCEPTION 'gift-card sale % has % images (1 to 10 required)', NEW.id, image_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_giftcard_images';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER sales_giftcard_images AFTER INSERT ON sales
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_check_images();

-- Sales, their images and their history are records: never deleted, the history never edited.
CREATE FUNCTION sale_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sale records are kept (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER sales_no_delete BEFORE DELETE ON sales FOR EACH ROW EXECUTE FUNCTION sale_refuse_change();
CREATE TRIGGER sale_images_keep BEFORE UPDATE OR DELETE ON sale_images FOR EACH ROW EXECUTE FUNCTION sale_refuse_change();
CREATE TRIGGER sale_status_events_append_only BEFORE UPDATE OR DELETE ON sale_status_events
  FOR EACH ROW EXECUTE FUNCTION sale_refuse_change();
CREATE TRIGGER sales_no_truncate BEFORE TRUNCATE ON sales FOR EACH STATEMENT EXECUTE FUNCTION sale_refuse_change();
CREATE TRIGGER sale_images_no_truncate BEFORE TRUNCATE ON sale_images FOR EACH STATEMENT EXECUTE FUNCTION sale_refuse_change();
CREATE TRIGGER sale_status_events_no_truncate BEFORE TRUNCATE ON sale_status_events
  FOR EACH STATEMENT EXECUTE FUNCTION sale_refuse_change();

-- ---------------------------------------------------------------------------------------------
-- The demo catalogue (docs/decisions.md §2: seeded on first start). Rates are plausible naira per unit of
-- each card's currency; staff set the real ones in the back office.
-- ---------------------------------------------------------------------------------------------

INSERT INTO gift_cards (slug, name, currency, brand_color) VALUES
  ('amazon', 'Amazon', 'USD', '#ff9900'),
  ('apple-itunes', 'Apple / iTunes', 'USD', '#1f2937'),
  ('steam', 'Steam', 'USD', '#1b2838'),
  ('google-play', 'Google Play', 'USD', '#01875f'),
  ('razer-gold', 'Razer Gold', 'USD', '#2b9a1f'),
  ('sephora', 'Sephora', 'USD', '#262626'),
  ('nordstrom', 'Nordstrom', 'USD', '#44505c'),
  ('ebay', 'eBay', 'USD', '#0064d2'),
  ('walmart', 'Walmart', 'USD', '#0071ce'),
  ('vanilla', 'Vanilla', 'USD', '#6d2a8c'),
  ('american-express', 'American Express', 'USD', '#2e77bb'),
  ('xbox', 'Xbox', 'USD', '#107c10'),
  ('playstation', 'PlayStation', 'USD', '#003791'),
  ('nike', 'Nike', 'USD', '#111111'),
  ('macys', 'Macy''s', 'USD', '#c8102e'),
  ('visa', 'Visa', 'USD', '#1a1f71');

INSERT INTO gift_card_subcategories (gift_card_id, country, kind, currency, min_amount, max_amount, exchange_rate, position)
SELECT c.id, s.country, s.kind, s.currency, s.min_amount, s.max_amount, s.exchange_rate, s.position
FROM (VALUES
  ('amazon', 'USA', 'physical', 'USD', 25, 100, 1180, 1),
  ('amazon', 'USA', 'physical', 'USD', 101, 500, 1250, 2),
  ('amazon', 'USA', 'ecode', 'USD', 25, 500, 1100, 3),
  ('amazon', 'UK', 'physical', 'GBP', 25, 200, 1650, 4),
  ('apple-itunes', 'USA', 'physical', 'USD', 25, 99, 1320, 1),
  ('apple-itunes', 'USA', 'physical', 'USD', 100, 500, 1400, 2),
  ('apple-itunes', 'USA', 'ecode', 'USD', 25, 200, 1250, 3),
  ('apple-itunes', 'UK', 'physical', 'GBP', 25, 100, 1720, 4),
  ('apple-itunes', 'Canada', 'physical', 'CAD', 50, 500, 880, 5),
  ('apple-itunes', 'Australia', 'physical', 'AUD', 50, 500, 820, 6),
  ('steam', 'USA', 'physical', 'USD', 20, 100, 1200, 1),
  ('steam', 'USA', 'ecode', 'USD', 20, 200, 1150, 2),
  ('steam', 'Germany', 'physical', 'EUR', 20, 100, 1380, 3),
  ('google-play', 'USA', 'physical', 'USD', 25, 100, 1050, 1),
  ('google-play', 'USA', 'ecode', 'USD', 25, 200, 980, 2),
  ('google-play', 'UK', 'physical', 'GBP', 25, 100, 1520, 3),
  ('razer-gold', 'USA', 'ecode', 'USD', 10, 100, 1100, 1),
  ('razer-gold', 'USA', 'ecode', 'USD', 101, 500, 1180, 2),
  ('razer-gold', 'Global', 'physical', 'USD', 25, 250, 1130, 3),
  ('sephora', 'USA', 'physical', 'USD', 25, 100, 1000, 1),
  ('sephora', 'USA', 'physical', 'USD', 101, 500, 1060, 2),
  ('sephora', 'Canada', 'physical', 'CAD', 50, 250, 790, 3),
  ('nordstrom', 'USA', 'physical', 'USD', 25, 100, 1020, 1),
  ('nordstrom', 'USA', 'physical', 'USD', 101, 500, 1080, 2),
  ('nordstrom', 'USA', 'ecode', 'USD', 50, 500, 960, 3),
  ('ebay', 'USA', 'physical', 'USD', 25, 200, 1020, 1),
  ('ebay', 'USA', 'ecode', 'USD', 25, 200, 950, 2),
  ('ebay', 'UK', 'physical', 'GBP', 25, 100, 1500, 3),
  ('walmart', 'USA', 'physical', 'USD', 25, 100, 1050, 1),
  ('walmart', 'USA', 'physical', 'USD', 101, 500, 1120, 2),
  ('walmart', 'USA', 'ecode', 'USD', 25, 500, 980, 3),
  ('vanilla', 'USA', 'physical', 'USD', 25, 100, 980, 1),
  ('vanilla', 'USA', 'physical', 'USD', 101, 500, 1030, 2),
  ('american-express', 'USA', 'physical', 'USD', 25, 100, 1040, 1),
  ('american-express', 'USA', 'physical', 'USD', 101, 1000, 1100, 2),
  ('xbox', 'USA', 'physical', 'USD', 10, 100, 1080, 1),
  ('xbox', 'USA', 'ecode', 'USD', 10, 200, 1020, 2),
  ('xbox', 'UK', 'ecode', 'GBP', 10, 100, 1560, 3),
  ('playstation', 'USA', 'physical', 'USD', 10, 100, 1090, 1),
  ('playstation', 'USA', 'ecode', 'USD', 10, 200, 1030, 2),
  ('playstation', 'UK', 'physical', 'GBP', 10, 100, 1580, 3),
  ('nike', 'USA', 'physical', 'USD', 25, 250, 980, 1),
  ('nike', 'USA', 'ecode', 'USD', 25, 250, 930, 2),
  ('macys', 'USA', 'physical', 'USD', 25, 250, 970, 1),
  ('macys', 'USA', 'ecode', 'USD', 25, 250, 920, 2),
  ('visa', 'USA', 'physical', 'USD', 25, 500, 1010, 1),
  ('visa', 'USA', 'physical', 'USD', 501, 1000, 1070, 2)
) AS s (slug, country, kind, currency, min_amount, max_amount, exchange_rate, position)
JOIN gift_cards c ON c.slug = s.slug;
