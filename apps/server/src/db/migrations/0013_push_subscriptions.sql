-- Web Push (docs/decisions.md §9.37): the browsers a customer allowed to show notifications about their sales
-- and bill orders. A subscription is a push-service URL and the browser's keys (RFC 8291): the
-- P-256 public key (65 bytes) and the 16-byte auth secret, both base64url without padding. The
-- database refuses anything else, so a bad row can never reach the sender.

CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Push services are always https (the browser hands us their URL); the URL is the identity.
  endpoint text NOT NULL CHECK (char_length(endpoint) BETWEEN 12 AND 1000 AND endpoint LIKE 'https://%' AND endpoint !~ '\s'),
  p256dh text NOT NULL CHECK (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz NOT NULL,
  -- The last time the push service accepted a message for it (NULL: never yet).
  last_success_at timestamptz,
  CONSTRAINT push_subscriptions_success_after_creation CHECK (last_success_at IS NULL OR last_success_at >= created_at)
);
CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON push_subscriptions (endpoint);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);
