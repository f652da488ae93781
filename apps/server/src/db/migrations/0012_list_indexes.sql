-- Speed at any size (docs/decisions.md §7b.4): every list that can grow is keyset-paged, and each one's index holds its exact order,
-- tie-breaker included, so a page is an index range read — no Sort or Incremental Sort node, the
-- same cost at 10 k or 1 M rows. test/list-plans.test.ts EXPLAINs the queries against these.

-- The customer's notifications, newest first, paged on (created_at, id).
CREATE INDEX notifications_user_list_idx ON notifications (user_id, created_at DESC, id DESC);
DROP INDEX notifications_user_created_idx;

-- Rewards history (claims), newest first, paged on (created_at, id).
CREATE INDEX gem_reward_claims_user_list_idx ON gem_reward_claims (user_id, created_at DESC, id DESC);
DROP INDEX gem_reward_claims_user_idx;

-- The customer's transactions filtered by status also read bill orders by status: without the
-- status in the index a "pending" page walks every settled order of the customer.
CREATE INDEX bill_orders_user_status_list_idx ON bill_orders (user_id, status, created_at DESC, id DESC);

-- The back office's bill orders, newest first, unfiltered or by status or kind.
CREATE INDEX bill_orders_list_idx ON bill_orders (created_at DESC, id DESC);
CREATE INDEX bill_orders_status_list_idx ON bill_orders (status, created_at DESC, id DESC);
CREATE INDEX bill_orders_kind_list_idx ON bill_orders (kind, created_at DESC, id DESC);

-- The review queue's decided views (approved, payout failed, paid, rejected) each filter one
-- status; sales_decided_idx alone would walk every other status's decisions to fill a page.
-- Not partial on decided_at IS NOT NULL: the queries say status = 'paid', from which the planner
-- cannot prove that predicate, so a partial index would never be chosen (a Sort would be).
CREATE INDEX sales_decided_status_idx ON sales (status, decided_at DESC, id DESC);
-- The queue filtered by card or coin, waiting and decided.
CREATE INDEX sales_review_queue_card_idx ON sales (gift_card_id, created_at, id)
  WHERE status IN ('submitted', 'under_review') AND gift_card_id IS NOT NULL;
CREATE INDEX sales_review_queue_coin_idx ON sales (coin, created_at, id)
  WHERE status IN ('submitted', 'under_review') AND coin IS NOT NULL;
CREATE INDEX sales_decided_card_idx ON sales (gift_card_id, status, decided_at DESC, id DESC) WHERE gift_card_id IS NOT NULL;
CREATE INDEX sales_decided_coin_idx ON sales (coin, status, decided_at DESC, id DESC) WHERE coin IS NOT NULL;

-- The back office's customers, newest accounts first, paged on (created_at, id).
CREATE INDEX users_created_list_idx ON users (created_at DESC, id DESC);
