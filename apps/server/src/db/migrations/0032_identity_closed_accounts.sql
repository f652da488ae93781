-- A closed account checks no identity number (docs/decisions.md §3.16): it cannot sign in, and the
-- database refuses the row as it refuses a closed account's sessions and sales.
CREATE TRIGGER identity_checks_not_closed BEFORE INSERT ON identity_checks FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
