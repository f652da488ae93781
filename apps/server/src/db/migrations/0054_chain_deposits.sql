-- Deposits seen on chain (docs/crypto-settlement.md). The chain watcher records each credit to a
-- customer's own deposit address (or a Solana payment carrying one of their reference keys) once,
-- follows its confirmations, and turns a confirmed one into a sale. The database holds what must
-- never happen, whatever the code does:
-- - a deposit belongs to the owner of the address (or reference) it paid, and no one else;
-- - a transfer (network, transaction, part) is recorded once, so it can be sold once;
-- - a deposit becomes at most one sale, a sale of the same customer, coin and network.
CREATE TABLE chain_deposits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  network text NOT NULL CONSTRAINT chain_deposits_network CHECK (network IN ('bitcoin', 'bsc', 'tron', 'solana')),
  txid text NOT NULL CONSTRAINT chain_deposits_txid_form CHECK (
    (network IN ('bitcoin', 'tron') AND txid ~ '^[0-9a-f]{64}$')
    OR (network = 'bsc' AND txid ~ '^0x[0-9a-f]{64}$')
    OR (network = 'solana' AND txid ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$')
  ),
  -- The output / log / instruction index, -1 for a transaction's own native value (providers/chains/types.ts).
  output_index integer NOT NULL CONSTRAINT chain_deposits_output_index CHECK (output_index >= -1),
  -- The customer's deposit address it paid; on Solana the company's recipient, with `reference`.
  address text NOT NULL,
  reference text REFERENCES solana_payment_references(reference) ON DELETE RESTRICT,
  -- What moved: a coin we buy, or `other` for a token from a contract or mint that is not the configured one.
  asset text NOT NULL CONSTRAINT chain_deposits_asset CHECK (asset IN ('btc', 'bnb', 'usdt', 'sol', 'other')),
  contract text,
  -- In the asset's base unit (satoshi, wei, the token's smallest unit, lamports), and in the coin.
  amount_base numeric(78, 0) NOT NULL CONSTRAINT chain_deposits_amount_base_positive CHECK (amount_base > 0),
  amount numeric NOT NULL CONSTRAINT chain_deposits_amount_positive CHECK (amount > 0),
  sender text,
  block_number bigint,
  block_hash text,
  block_time timestamptz,
  confirmations integer NOT NULL DEFAULT 0 CONSTRAINT chain_deposits_confirmations CHECK (confirmations >= 0),
  required_confirmations integer NOT NULL CONSTRAINT chain_deposits_required CHECK (required_confirmations > 0),
  -- seen: counting confirmations; confirmed: enough, not yet a sale; settled: it became `sale_id`;
  -- review: a person decides (the reason says why); held: below the minimum; dropped: the chain
  -- dropped it before it was confirmed.
  status text NOT NULL DEFAULT 'seen' CONSTRAINT chain_deposits_status CHECK (status IN ('seen', 'confirmed', 'settled', 'review', 'held', 'dropped')),
  review_reason text,
  -- How it was priced: the customer's open quote, or a quote made at the rate when it was first seen.
  quote_id uuid,
  pricing text CONSTRAINT chain_deposits_pricing CHECK (pricing IN ('quote', 'first_seen')),
  value_kobo bigint CONSTRAINT chain_deposits_value CHECK (value_kobo >= 0),
  sale_id uuid UNIQUE REFERENCES sales(id) ON DELETE RESTRICT,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  dropped_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chain_deposits_transfer UNIQUE (network, txid, output_index, address),
  CONSTRAINT chain_deposits_quote_fk FOREIGN KEY (quote_id, user_id) REFERENCES crypto_quotes(id, user_id) ON DELETE RESTRICT,
  CONSTRAINT chain_deposits_reference_on_solana CHECK ((network = 'solana') = (reference IS NOT NULL)),
  CONSTRAINT chain_deposits_settled_has_sale CHECK ((status = 'settled') = (sale_id IS NOT NULL)),
  CONSTRAINT chain_deposits_priced_together CHECK ((pricing IS NULL) = (value_kobo IS NULL))
);
CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, first_seen_at DESC);
CREATE INDEX chain_deposits_open_idx ON chain_deposits (network, status) WHERE status IN ('seen', 'confirmed');

-- Whose a deposit is comes from the address (or reference) it paid, never from the code's say-so.
CREATE FUNCTION chain_deposit_owner_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF NEW.network = 'solana' THEN
    SELECT user_id INTO owner FROM solana_payment_references WHERE reference = NEW.reference AND recipient = NEW.address;
  ELSE
    SELECT user_id INTO owner FROM deposit_addresses WHERE network = NEW.network AND address = NEW.address;
  END IF;
  IF owner IS NULL OR owner <> NEW.user_id THEN
    RAISE EXCEPTION 'a deposit belongs to the owner of the address it paid (% on %)', NEW.txid, NEW.network
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_deposits_owner BEFORE INSERT ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION chain_deposit_owner_check();

-- What the chain said is written once: only the confirmations, block, status and pricing move on.
CREATE FUNCTION chain_deposit_fixed_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.network IS DISTINCT FROM OLD.network
    OR NEW.txid IS DISTINCT FROM OLD.txid OR NEW.output_index IS DISTINCT FROM OLD.output_index
    OR NEW.address IS DISTINCT FROM OLD.address OR NEW.reference IS DISTINCT FROM OLD.reference
    OR NEW.asset IS DISTINCT FROM OLD.asset OR NEW.contract IS DISTINCT FROM OLD.contract
    OR NEW.amount_base IS DISTINCT FROM OLD.amount_base OR NEW.amount IS DISTINCT FROM OLD.amount
    OR NEW.first_seen_at IS DISTINCT FROM OLD.first_seen_at THEN
    RAISE EXCEPTION 'a deposit''s owner, transfer and amount never change (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  -- A sold deposit stays sold, to the sale it became; a dropped one is never revived.
  IF OLD.sale_id IS NOT NULL AND NEW.sale_id IS DISTINCT FROM OLD.sale_id THEN
    RAISE EXCEPTION 'a deposit''s sale never changes (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'dropped' AND NEW.status <> 'dropped' THEN
    RAISE EXCEPTION 'a dropped deposit stays dropped (%)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_deposits_fixed BEFORE UPDATE ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION chain_deposit_fixed_columns();
CREATE TRIGGER chain_deposits_no_delete BEFORE DELETE OR TRUNCATE ON chain_deposits
  FOR EACH STATEMENT EXECUTE FUNCTION deposit_refuse_change();

-- The sale a deposit became is the depositor's, of the deposit's coin and network.
CREATE FUNCTION chain_deposit_sale_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sale_id IS NOT NULL AND NEW.sale_id IS DISTINCT FROM OLD.sale_id AND NOT EXISTS (
    SELECT 1 FROM sales s WHERE s.id = NEW.sale_id AND s.user_id = NEW.user_id AND s.kind = 'crypto'
      AND s.network = NEW.network AND s.coin = NEW.asset
  ) THEN
    RAISE EXCEPTION 'a deposit becomes a crypto sale of its own owner, coin and network (%)', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER chain_deposits_sale BEFORE UPDATE OF sale_id ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION chain_deposit_sale_check();

-- The customer's open sell screen follows its deposit live (domain/events/hub.ts).
CREATE FUNCTION notify_chain_deposit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_customer_event(NEW.user_id, 'deposit', NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER chain_deposits_notify_changed AFTER INSERT OR UPDATE OF status, confirmations, sale_id ON chain_deposits
  FOR EACH ROW EXECUTE FUNCTION notify_chain_deposit_changed();

-- How far each network's watcher has read: the next scan starts a margin before `scanned_to`.
CREATE TABLE chain_scan_cursors (
  network text PRIMARY KEY CONSTRAINT chain_scan_cursors_network CHECK (network IN ('bitcoin', 'bsc', 'tron', 'solana')),
  scanned_to bigint NOT NULL,
  tip_height bigint NOT NULL,
  tip_seen_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
