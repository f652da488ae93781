-- The sandbox chain (providers/chains/sandbox.ts; docs/crypto-settlement.md, "The sandbox chain"):
-- what `npm start` and the tests watch instead of Bitcoin, BSC, TRON and Solana when no chain is
-- configured (never in production: config.ts refuses it). Kept in the database so that every
-- instance behind a balancer watches the same chain, and a restart forgets nothing. Nothing in
-- the app reads these tables except the sandbox watcher and the dev routes that "send".

-- One row per network: its tip. Blocks are mined lazily as time passes (SANDBOX_CHAIN_BLOCK_MS
-- per block): whoever reads the tip first moves it on by the blocks due since `mined_at`.
CREATE TABLE sandbox_chain_tips (
  network text PRIMARY KEY CONSTRAINT sandbox_chain_tips_network CHECK (network IN ('bitcoin', 'bsc', 'tron', 'solana')),
  height bigint NOT NULL CONSTRAINT sandbox_chain_tips_height CHECK (height >= 0),
  -- When block `height` was mined.
  mined_at timestamptz NOT NULL,
  -- Block hashes are derived from it, so that two sandbox databases never share one.
  salt text NOT NULL CONSTRAINT sandbox_chain_tips_salt CHECK (salt ~ '^[0-9a-f]{32}$'),
  -- A provider failure played on purpose (POST /api/dev/chain/outage): every call fails with this kind.
  outage text CONSTRAINT sandbox_chain_tips_outage CHECK (outage IN ('timeout', 'unavailable', 'provider_error', 'bad_response'))
);

-- One credit per row: a transaction paying one address (or, on Solana, the recipient with a
-- reference key), in the shapes the real chains give (0054's txid forms).
CREATE TABLE sandbox_chain_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  network text NOT NULL CONSTRAINT sandbox_chain_transfers_network CHECK (network IN ('bitcoin', 'bsc', 'tron', 'solana')),
  txid text NOT NULL CONSTRAINT sandbox_chain_transfers_txid_form CHECK (
    (network IN ('bitcoin', 'tron') AND txid ~ '^[0-9a-f]{64}$')
    OR (network = 'bsc' AND txid ~ '^0x[0-9a-f]{64}$')
    OR (network = 'solana' AND txid ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$')
  ),
  -- The output / log / instruction index, -1 for BNB sent as a transaction's value (providers/chains/types.ts).
  output_index integer NOT NULL CONSTRAINT sandbox_chain_transfers_output_index CHECK (output_index >= -1),
  to_address text NOT NULL CONSTRAINT sandbox_chain_transfers_to CHECK (length(to_address) BETWEEN 20 AND 100),
  reference text CONSTRAINT sandbox_chain_transfers_reference CHECK (reference IS NULL OR (network = 'solana' AND reference ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$')),
  from_address text NOT NULL,
  asset text NOT NULL CONSTRAINT sandbox_chain_transfers_asset CHECK (
    (network = 'bitcoin' AND asset = 'btc')
    OR (network = 'bsc' AND asset IN ('bnb', 'usdt', 'other'))
    OR (network = 'tron' AND asset IN ('usdt', 'other'))
    OR (network = 'solana' AND asset IN ('sol', 'usdt', 'other'))
  ),
  -- The token's contract or mint; none for a chain's own coin.
  contract text,
  amount_base numeric(78, 0) NOT NULL CONSTRAINT sandbox_chain_transfers_amount CHECK (amount_base > 0),
  -- The block it is mined in: the one after the tip when it was sent.
  block_number bigint NOT NULL CONSTRAINT sandbox_chain_transfers_block CHECK (block_number > 0),
  sent_at timestamptz NOT NULL,
  -- A reorganisation took it out of the chain (POST /api/dev/chain/drop): the chain no longer knows it.
  dropped_at timestamptz,
  CONSTRAINT sandbox_chain_transfers_contract CHECK ((contract IS NULL) = (asset IN ('btc', 'bnb', 'sol'))),
  CONSTRAINT sandbox_chain_transfers_once UNIQUE (network, txid, output_index)
);
CREATE INDEX sandbox_chain_transfers_to_idx ON sandbox_chain_transfers (network, to_address, block_number);
CREATE INDEX sandbox_chain_transfers_reference_idx ON sandbox_chain_transfers (reference) WHERE reference IS NOT NULL;
CREATE INDEX sandbox_chain_transfers_txid_idx ON sandbox_chain_transfers (txid);

-- A new alert kind: a chain watcher that stopped advancing or whose last scan failed
-- (domain/operations/alerts.ts). The constraint is rebuilt from the kinds it allows now, as 0049
-- does, so that kinds other migrations added are kept whatever their order.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_0-9]+)''', 'g') AS m
   WHERE c.conname = 'alert_incidents_kind_check' AND c.conrelid = 'alert_incidents'::regclass;
  kinds := kinds || ARRAY['chain_watch_stalled'];
  ALTER TABLE alert_incidents DROP CONSTRAINT alert_incidents_kind_check;
  EXECUTE format('ALTER TABLE alert_incidents ADD CONSTRAINT alert_incidents_kind_check CHECK (kind IN (%s))',
    (SELECT string_agg(DISTINCT quote_literal(k), ', ') FROM unnest(kinds) AS k));
END;
$$;
