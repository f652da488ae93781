-- The gem statement and notifications that lead to their transaction.

-- The gem statement lists a customer's entries newest first with the balance after each, so it
-- needs the order in which entries were written: created_at comes from the application's clock
-- and two entries of one request can share it (a hold and its capture). An identity column is
-- that order. Existing rows are numbered as the table holds them, which for this append-only table
-- (no UPDATE, no DELETE: 0003, 0005) is the order they were inserted in. Writers lock the
-- customer's account before inserting an entry that moves it, so per customer the numbers follow
-- the balance's own history.
ALTER TABLE gem_entries ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
-- The statement's keyset: one index range per page, however deep (test/list-plans.test.ts).
CREATE UNIQUE INDEX gem_entries_user_seq_idx ON gem_entries (user_id, seq DESC);
-- Covered by the new index for every reader of a customer's entries (the audit's scope).
DROP INDEX gem_entries_user_idx;

-- A notification about a sale or a bill order names it, so the list and the push open its
-- detail. At most one; a row that names nothing is a plain notice.
ALTER TABLE notifications ADD COLUMN sale_id uuid REFERENCES sales(id) ON DELETE SET NULL;
ALTER TABLE notifications ADD COLUMN bill_order_id uuid REFERENCES bill_orders(id) ON DELETE SET NULL;
ALTER TABLE notifications ADD CONSTRAINT notifications_one_transaction CHECK (num_nonnulls(sale_id, bill_order_id) <= 1);
