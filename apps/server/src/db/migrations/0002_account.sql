-- Account area: profile columns, transaction PIN, banks and bank details, notifications,
-- uploads, the transactions list and password re-confirmation for the phone change.

ALTER TABLE users ADD COLUMN gender text CHECK (gender IN ('male', 'female'));
ALTER TABLE users ADD COLUMN address text CHECK (char_length(address) <= 200);
ALTER TABLE users ADD COLUMN date_of_birth date;
ALTER TABLE users ADD COLUMN photo text NOT NULL DEFAULT '';

CREATE TABLE transaction_pins (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  pin_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE banks (
  code text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE bank_details (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  bank_code text NOT NULL REFERENCES banks(code),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('profile_photo')),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id);

CREATE TABLE transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  transaction_type text NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'successful', 'rejected')),
  image_url text,
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transactions_user_created_idx ON transactions (user_id, created_at);

CREATE TABLE reauthentications (
  session_hash text PRIMARY KEY REFERENCES sessions(id_hash) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- Nigeria's banks with their CBN codes (NIBSS/NIP codes for the newer and mobile-money banks):
-- the codes the bank-account lookup provider expects.
INSERT INTO banks (code, name) VALUES
  ('044', 'Access Bank'),
  ('063', 'Access Bank (Diamond)'),
  ('023', 'Citibank Nigeria'),
  ('050', 'Ecobank Nigeria'),
  ('070', 'Fidelity Bank'),
  ('011', 'First Bank of Nigeria'),
  ('214', 'First City Monument Bank'),
  ('00103', 'Globus Bank'),
  ('058', 'Guaranty Trust Bank'),
  ('030', 'Heritage Bank'),
  ('301', 'Jaiz Bank'),
  ('082', 'Keystone Bank'),
  ('50211', 'Kuda Bank'),
  ('303', 'Lotus Bank'),
  ('50515', 'Moniepoint MFB'),
  ('999992', 'OPay'),
  ('107', 'Optimus Bank'),
  ('999991', 'PalmPay'),
  ('526', 'Parallex Bank'),
  ('076', 'Polaris Bank'),
  ('105', 'PremiumTrust Bank'),
  ('101', 'Providus Bank'),
  ('106', 'Signature Bank'),
  ('221', 'Stanbic IBTC Bank'),
  ('068', 'Standard Chartered Bank'),
  ('232', 'Sterling Bank'),
  ('100', 'SunTrust Bank'),
  ('302', 'TAJ Bank'),
  ('102', 'Titan Trust Bank'),
  ('032', 'Union Bank of Nigeria'),
  ('033', 'United Bank For Africa'),
  ('215', 'Unity Bank'),
  ('035', 'Wema Bank'),
  ('057', 'Zenith Bank');
