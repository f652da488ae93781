-- Speed (docs/PERFORMANCE.md): what every customer is shown alike (the gift-card catalogue, the bill plans, the coin
-- prices) is kept serialized in each server process (db/catalogue-cache.ts) for as long as its
-- catalogue's version here stays the same. The database bumps the version on every write to the
-- tables behind it, in the writing transaction, so a change made by staff, a job, another
-- instance or an operator's SQL is seen by every instance at its next request; no code path has to
-- remember to invalidate anything.
CREATE TABLE catalogue_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_versions (name) VALUES ('giftcards'), ('bill_plans'), ('crypto_prices');

CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;

-- Once per statement, not per row: a re-imported plan list is one bump.
CREATE TRIGGER gift_cards_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gift_cards
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump('giftcards');
CREATE TRIGGER gift_card_subcategories_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gift_card_subcategories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump('giftcards');
CREATE TRIGGER bill_plans_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bill_plans
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump('bill_plans');
-- Only what the prices are made of: a refresh's claim (next_attempt_at) changes no answer.
CREATE TRIGGER market_data_cache_catalogue_version AFTER INSERT OR UPDATE OF payload, fetched_at OR DELETE OR TRUNCATE ON market_data_cache
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump('crypto_prices');
CREATE TRIGGER crypto_price_adjustments_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crypto_price_adjustments
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump('crypto_prices');
