-- A closed account checks no identity number and sends no ID document (docs/decisions.md §3.16): it
-- cannot sign in, and the database refuses the rows as it refuses a closed account's sessions and sales.
CREATE TRIGGER identity_checks_not_closed BEFORE INSERT ON identity_checks FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
CREATE TRIGGER identity_document_reviews_not_closed BEFORE INSERT ON identity_document_reviews FOR EACH ROW EXECUTE FUNCTION refuse_closed_account();
