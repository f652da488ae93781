-- Payouts go only to an account in the customer's own name (domain/bank/README.md): the name the
-- bank resolved is compared with the profile name when the details are saved. A clear mismatch is
-- refused by the app; a partial fit (e.g. only the surname agrees) is saved but flagged to staff.
--
-- bank_details.name_match: the verdict when the account was saved. NULL only on rows saved before
-- this check existed; every row written from now on must carry one (the trigger below).
ALTER TABLE bank_details
  ADD COLUMN name_match text CHECK (name_match IN ('match', 'partial'));

CREATE FUNCTION bank_details_name_match_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name_match IS NULL THEN
    RAISE EXCEPTION 'bank_details: a payout account is saved with its name verdict (name_match)'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER bank_details_name_match_guard BEFORE INSERT OR UPDATE ON bank_details
  FOR EACH ROW EXECUTE FUNCTION bank_details_name_match_guard();

-- sales.account_name_match: the verdict of the payout account snapshotted at submission, shown to
-- the reviewer. NULL for sales submitted before this check (or from details saved before it).
-- Like the rest of the snapshot it never changes once the sale exists.
ALTER TABLE sales
  ADD COLUMN account_name_match text CHECK (account_name_match IN ('match', 'partial'));

CREATE FUNCTION sale_account_name_match_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_name_match IS DISTINCT FROM OLD.account_name_match THEN
    RAISE EXCEPTION 'sales: the payout account snapshot (account_name_match) never changes'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER sales_account_name_match_guard BEFORE UPDATE OF account_name_match ON sales
  FOR EACH ROW EXECUTE FUNCTION sale_account_name_match_guard();
