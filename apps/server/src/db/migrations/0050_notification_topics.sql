-- A notification about no transaction still leads somewhere: it names the screen it is about (a
-- fired rate alert → the rates, a PIN change → the wallet), so its row in the list opens that
-- screen. Rows written before this (and staff broadcasts, which are about no screen) name none.
-- A notification names one place at most: a transaction or a topic.
ALTER TABLE notifications ADD COLUMN topic text;
ALTER TABLE notifications ADD CONSTRAINT notifications_topic_known CHECK (topic IS NULL OR topic IN ('rates', 'pin', 'bank', 'security', 'identity', 'rewards'));
-- (A sale and a bill order together are notifications_one_transaction's, 0021.)
ALTER TABLE notifications ADD CONSTRAINT notifications_one_place CHECK (topic IS NULL OR num_nonnulls(sale_id, bill_order_id) = 0);
