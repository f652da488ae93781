-- A customer's verification tier (README, "Verification tiers"): 0 once the e-mail is verified,
-- 1 when a BVN or NIN matched the profile, 2 when an ID document and a selfie were approved by
-- staff. Payout limits follow the tier; what raises it lives with the verification records.
ALTER TABLE users ADD COLUMN kyc_tier smallint NOT NULL DEFAULT 0
  CONSTRAINT users_kyc_tier_range CHECK (kyc_tier BETWEEN 0 AND 2);
