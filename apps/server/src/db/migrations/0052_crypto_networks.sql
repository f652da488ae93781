-- The network a coin travels on (docs/features.md, "Crypto speaks naira"): USDT is taken on two,
-- TRC20 (TRON) and BEP20 (BNB Smart Chain), so our wallet addresses and every crypto sale name
-- theirs. Network ids are the chain's (packages/shared plain/crypto-networks.ts; the per-customer
-- deposit addresses use the same ids): 'bitcoin', 'tron', 'bsc', 'solana'. Customers read the
-- labels ("TRC20", "BEP20"); the ids never change with them.

-- Which coin is taken on which network: what the wallet addresses and the sales are held to.
CREATE TABLE crypto_coin_networks (
  coin text NOT NULL CHECK (coin IN ('btc', 'usdt', 'bnb', 'sol')),
  network text NOT NULL CHECK (network IN ('bitcoin', 'tron', 'bsc', 'solana')),
  PRIMARY KEY (coin, network)
);
INSERT INTO crypto_coin_networks (coin, network) VALUES
  ('btc', 'bitcoin'),
  ('usdt', 'tron'),
  ('usdt', 'bsc'),
  ('bnb', 'bsc'),
  ('sol', 'solana');

-- Our wallet addresses named their network as staff typed or picked it ("Bitcoin", "TRC20",
-- "BEP20", "Solana"). Each becomes its id; an address on a network we do not take the coin on
-- (USDT on ERC20 or Solana) is removed, so no customer is ever shown one.
UPDATE crypto_wallet_addresses SET network = CASE
    WHEN lower(network) IN ('bitcoin', 'btc') THEN 'bitcoin'
    WHEN lower(network) IN ('trc20', 'tron', 'trx') THEN 'tron'
    WHEN lower(network) IN ('bep20', 'bsc', 'bnb smart chain') THEN 'bsc'
    WHEN lower(network) IN ('solana', 'sol', 'spl') THEN 'solana'
    ELSE network
  END;
DELETE FROM crypto_wallet_addresses w
  WHERE NOT EXISTS (SELECT 1 FROM crypto_coin_networks n WHERE n.coin = w.coin AND n.network = w.network);
ALTER TABLE crypto_wallet_addresses
  DROP CONSTRAINT crypto_wallet_addresses_network_check,
  ADD CONSTRAINT crypto_wallet_addresses_network_fk FOREIGN KEY (coin, network) REFERENCES crypto_coin_networks (coin, network);

-- The network a crypto sale was sent on. Sales before this one had no choice to make: BTC, BNB and
-- SOL travel on one network each and are filled in; a USDT sale's network was never asked, so it
-- stays NULL (unknown). Every new crypto sale names one (sale_network_guard), the coin must be
-- taken on it (the foreign key), and a gift-card sale has none.
ALTER TABLE sales ADD COLUMN network text;
UPDATE sales SET network = CASE coin WHEN 'btc' THEN 'bitcoin' WHEN 'bnb' THEN 'bsc' WHEN 'sol' THEN 'solana' END
  WHERE kind = 'crypto' AND coin <> 'usdt';
ALTER TABLE sales
  ADD CONSTRAINT sales_network_only_crypto CHECK (kind = 'crypto' OR network IS NULL),
  ADD CONSTRAINT sales_network_fk FOREIGN KEY (coin, network) REFERENCES crypto_coin_networks (coin, network);

-- A transaction ID in the form its network writes (0044 holds it to the coin's networks; this to
-- the one network chosen): 64 hex digits on Bitcoin, TRON and BNB Smart Chain, a base58 signature
-- of 64 bytes on Solana. A USDT ID on TRC20 can no longer be a Solana signature. An ID in no form
-- of its coin is sales_transaction_id_stored_form's to refuse (0044), so this one names only the
-- network's part.
CREATE FUNCTION transaction_id_on_network(network text, id text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE network
    WHEN 'solana' THEN id ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$' AND public.base58_byte_length(id) = 64
    ELSE id ~ '^[0-9a-f]{64}$'
  END
$$;
ALTER TABLE sales ADD CONSTRAINT sales_transaction_id_network_form
  CHECK (transaction_id IS NULL OR network IS NULL OR NOT public.transaction_id_in_stored_form(coin, transaction_id)
    OR public.transaction_id_on_network(network, transaction_id));

-- Beside sale_guard (which keeps the other terms): a new crypto sale has its network — a coin
-- taken on one network has that one, USDT must say which —, and no sale's network changes
-- afterwards: the coins went where they went.
CREATE FUNCTION sale_network_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.kind = 'crypto' AND NEW.network IS NULL THEN
      SELECT min(n.network) INTO NEW.network FROM public.crypto_coin_networks n WHERE n.coin = NEW.coin HAVING count(*) = 1;
    END IF;
    IF NEW.kind = 'crypto' AND NEW.network IS NULL THEN
      RAISE EXCEPTION 'a crypto sale names the network its coins were sent on'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_network_required';
    END IF;
  ELSIF NEW.network IS DISTINCT FROM OLD.network THEN
    RAISE EXCEPTION 'a sale''s network never changes after submission'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'sales_terms_immutable';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER sales_network_guard BEFORE INSERT OR UPDATE OF network ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_network_guard();
