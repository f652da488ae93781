-- The back office's customer search (domain/admin/customers.ts searchCustomers) finds `q` anywhere
-- in a customer's full name, e-mail or username (ILIKE '%q%') or phone (LIKE '%digits%'). No
-- B-tree can answer a match in the middle of a value, so until now every search read the whole
-- users table. A GIN index of each column's trigrams (pg_trgm, case-folded, so ILIKE is served
-- too) turns each predicate into an index look-up of the rows holding all of q's trigrams, which
-- the planner ORs into one bitmap and then sorts by created_at: a search costs what it matches, not
-- what the table holds (docs/decisions.md §2.14, measured in docs/PERFORMANCE.md, "How cost
-- grows with the data"). One index per column, so the query keeps its four predicates as they are.
--
-- fastupdate off: by default GIN queues new entries in a pending list (up to 4 MB) that every search
-- reads in full until VACUUM merges it; measured on 100 k customers just seeded, that made a search
-- 30–80 ms and the planner go back to reading the table. Customers are written rarely (sign-up, a
-- profile change), so each write pays its index entries at once instead.
--
-- pg_trgm is a trusted extension (PostgreSQL 13 and later): a role with CREATE on the database,
-- its owner for instance, creates it without superuser. The embedded database loads it because
-- every process that opens its data directory is given the extension (db/pglite-protocol.ts).
-- Fewer than three characters make no trigram: the planner then reads the list newest first until
-- a page is full, which for a fragment few customers hold means all of them (docs/decisions.md §2.14).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX users_full_name_trgm_idx ON users USING gin (full_name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops) WITH (fastupdate = off);
