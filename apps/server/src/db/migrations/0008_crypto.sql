-- Crypto selling (docs/product.md §3, §9; docs/decisions.md §4): the platform's per-coin price adjustments, the wallet
-- addresses customers send coins to, the market-data cache every instance reads, and the quotes
-- customers are given. Times come from the application's clock, not now(), so tests can move them.

-- The original display_price.php … display_price4.php calls: a signed naira amount per coin. USDT's moves the
-- USDT/NGN market rate; each other coin's moves that rate again for that coin only.
CREATE TABLE crypto_price_adjustments (
  coin text PRIMARY KEY CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  adjustment_ngn numeric(14, 2) NOT NULL CHECK (abs(adjustment_ngn) < 100000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO crypto_price_adjustments (coin, adjustment_ngn) VALUES
  ('usdt', 15),
  ('btc', -20),
  ('bnb', 10),
  ('sol', -10);

-- The original get_wallet_addresses call. The seeded addresses are demo values made deliberately invalid for
-- their chains (characters outside each chain's alphabet), so no wallet accepts them and no one
-- can lose real coins to a demo deployment; staff replace them in the back office.
CREATE TABLE crypto_wallet_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  coin text NOT NULL CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  network text NOT NULL CHECK (char_length(network) BETWEEN 1 AND 40),
  address text NOT NULL CHECK (address ~ '^[A-Za-z0-9]{10,120}$'),
  memo text CHECK (char_length(memo) BETWEEN 1 AND 120),
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (coin, network, address)
);

INSERT INTO crypto_wallet_addresses (coin, network, address, sort_order) VALUES
  ('btc', 'Bitcoin', 'bc1qdemo0wise0address0not0for0real0funds', 1),
  ('usdt', 'TRC20', 'TWiseDemoAddressNotForRealFunds000', 2),
  ('bnb', 'BEP20', '0xDEMO00000000000000000000000000000000WISE', 3),
  ('sol', 'Solana', 'WiseDemoSo1anaAddressNotForRealFunds0000', 4);

-- The market-data cache: one row per data set, shared by every instance. A refresh first claims
-- the row by moving next_attempt_at forward (an UPDATE … WHERE next_attempt_at <= now), so however
-- many instances tick, one of them calls the provider per interval; the rest read the payload.
-- fetched_at is when the payload was fetched: its age decides `stale` and whether quotes are given.
CREATE TABLE market_data_cache (
  dataset text PRIMARY KEY CHECK (dataset IN ('markets', 'trending')),
  payload jsonb,
  fetched_at timestamptz,
  next_attempt_at timestamptz NOT NULL,
  last_attempt_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 500),
  CONSTRAINT market_data_cache_payload_shape CHECK ((payload IS NULL) = (fetched_at IS NULL))
);

INSERT INTO market_data_cache (dataset, next_attempt_at) VALUES
  ('markets', '1970-01-01T00:00:00Z'),
  ('trending', '1970-01-01T00:00:00Z');

-- A quote is a price promise kept until expires_at: the prices and adjustments it used are stored
-- with it, and the database checks that its figures follow from them (docs/decisions.md §4), so a row can
-- never say one value and mean another.
CREATE TABLE crypto_quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coin text NOT NULL CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  amount numeric NOT NULL CHECK (amount > 0),
  price_usd numeric NOT NULL CHECK (price_usd > 0),
  usdt_market_rate_ngn numeric NOT NULL CHECK (usdt_market_rate_ngn > 0),
  usdt_adjustment_ngn numeric(14, 2) NOT NULL,
  usdt_rate_ngn numeric NOT NULL,
  coin_adjustment_ngn numeric(14, 2) NOT NULL,
  rate_ngn_per_usd numeric NOT NULL CHECK (rate_ngn_per_usd > 0),
  value_kobo bigint NOT NULL CHECK (value_kobo > 0),
  prices_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT crypto_quotes_expiry CHECK (expires_at > created_at AND prices_at <= created_at),
  CONSTRAINT crypto_quotes_usdt_has_no_coin_adjustment CHECK (coin <> 'usdt' OR coin_adjustment_ngn = 0),
  CONSTRAINT crypto_quotes_usdt_rate CHECK (usdt_rate_ngn = usdt_market_rate_ngn + usdt_adjustment_ngn),
  CONSTRAINT crypto_quotes_rate CHECK (rate_ngn_per_usd = usdt_rate_ngn + coin_adjustment_ngn),
  -- numeric multiplication is exact and round() goes half away from zero: half-up for these positives.
  CONSTRAINT crypto_quotes_value CHECK (value_kobo = round(amount * price_usd * rate_ngn_per_usd * 100))
);
CREATE INDEX crypto_quotes_user_created_idx ON crypto_quotes (user_id, created_at);
CREATE INDEX crypto_quotes_expires_idx ON crypto_quotes (expires_at);
