-- The offline payout sandbox's own book of transfers (used only when PAYOUT_SECRET_KEY is unset).
-- It used to live in the process's memory, so with two instances behind a balancer the instance
-- that asked about a transfer was often not the one that made it ("not found" → the payout waited
-- for the recovery sweep), and a restart forgot every transfer. Kept here, every instance sees one
-- book, as they would see Paystack's. Nothing in the app reads this table; it stands in for the
-- provider's side, so it keeps what Paystack keeps: one transfer per reference.

CREATE TABLE payout_sandbox_transfers (
  reference text PRIMARY KEY CHECK (reference ~ '^[a-z0-9_-]{16,50}$'),
  transfer_code text NOT NULL UNIQUE CHECK (char_length(transfer_code) BETWEEN 1 AND 100),
  bank_code text NOT NULL CHECK (char_length(bank_code) BETWEEN 1 AND 20),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  created_at timestamptz NOT NULL
);
