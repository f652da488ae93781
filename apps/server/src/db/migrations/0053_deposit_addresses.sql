-- Deposit addresses (docs/crypto-settlement.md). Each customer gets one address of their own per
-- network, derived watch-only from the treasury's account extended public key at an index handed
-- out once: the same customer always gets the same address, two customers never share one, and an
-- address, once given, is never moved to someone else (a payment to it would credit the wrong
-- person). Indexes are handed out without gaps (domain/crypto-deposits/allocate.ts): a wallet that
-- sweeps them scans with a gap limit.
CREATE TABLE deposit_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  network text NOT NULL CONSTRAINT deposit_addresses_network CHECK (network IN ('bitcoin', 'bsc', 'tron')),
  derivation_index integer NOT NULL CONSTRAINT deposit_addresses_index_range CHECK (derivation_index BETWEEN 0 AND 2147483647),
  -- Which account key derived it (its BIP32 fingerprint): a changed key leaves earlier addresses as they were.
  key_fingerprint text NOT NULL CONSTRAINT deposit_addresses_fingerprint CHECK (key_fingerprint ~ '^[0-9a-f]{8}$'),
  address text NOT NULL CONSTRAINT deposit_addresses_address_form CHECK (
    (network = 'bitcoin' AND address ~ '^(bc1q|tb1q|bcrt1q)[02-9ac-hj-np-z]{38}$')
    OR (network = 'bsc' AND address ~ '^0x[0-9a-fA-F]{40}$')
    OR (network = 'tron' AND address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$')
  ),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_addresses_network_index UNIQUE (network, derivation_index),
  CONSTRAINT deposit_addresses_network_address UNIQUE (network, address),
  CONSTRAINT deposit_addresses_user_network UNIQUE (user_id, network)
);

-- Solana has no public derivation: customers pay the company's address with a Solana Pay
-- transfer request carrying a `reference` key of its own, which is how the payment is found. A
-- reference is handed out once, ever.
CREATE TABLE solana_payment_references (
  reference text PRIMARY KEY CONSTRAINT solana_payment_references_form CHECK (reference ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  recipient text NOT NULL CONSTRAINT solana_payment_references_recipient_form CHECK (recipient ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX solana_payment_references_user_idx ON solana_payment_references (user_id, created_at);

-- Written once: no column changes, no row goes (a closed account keeps its addresses, which the
-- treasury still sweeps and the ledger still names).
CREATE FUNCTION deposit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a deposit address or payment reference is never changed or removed (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER deposit_addresses_written_once BEFORE UPDATE OR DELETE ON deposit_addresses
  FOR EACH ROW EXECUTE FUNCTION deposit_refuse_change();
CREATE TRIGGER deposit_addresses_no_truncate BEFORE TRUNCATE ON deposit_addresses
  FOR EACH STATEMENT EXECUTE FUNCTION deposit_refuse_change();
CREATE TRIGGER solana_payment_references_written_once BEFORE UPDATE OR DELETE ON solana_payment_references
  FOR EACH ROW EXECUTE FUNCTION deposit_refuse_change();
CREATE TRIGGER solana_payment_references_no_truncate BEFORE TRUNCATE ON solana_payment_references
  FOR EACH STATEMENT EXECUTE FUNCTION deposit_refuse_change();
