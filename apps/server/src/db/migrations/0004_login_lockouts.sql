-- Login lockouts (docs/decisions.md §3): 5 wrong passwords in 15 minutes lock the ACCOUNT's login until
-- those 15 minutes are over, whichever identifier (e-mail or phone) was typed. They live here,
-- counted under this row's lock, so no restart, second instance or flood of made-up keys in a
-- rate limiter can erase them; a correct password or a password reset clears the row.
CREATE TABLE login_lockouts (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  -- The first failure of the current 15-minute window; NULL when nothing is counted.
  window_started_at timestamptz
);
