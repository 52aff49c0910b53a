-- Keeps offer_index (the denormalised offer-at-location rows that listing and search read) in
-- step with offers, locations, merchants and categories. Statement-level triggers with
-- transition tables, so a bulk insert of 1,000 offers refreshes the index in one pass.
CREATE OR REPLACE FUNCTION refresh_offer_index(p_offer_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM offer_index WHERE offer_id = ANY (p_offer_ids);
  INSERT INTO offer_index (
    offer_id, location_id, merchant_id, market_id, category_ids, category_slugs, name, picture_path,
    merchant_name, merchant_slug, merchant_logo, address, city, state, zip, lat, lng, earth,
    expires_at, is_active, is_featured, is_certified, secondary_type, created_at, random_key, tsv)
  SELECT o.id, o.location_id, o.merchant_id, l.market_id, cats.ids, cats.slugs, o.name, o.picture_path,
    m.name, m.slug, m.logo_path, l.address, l.city, l.state, l.zip, l.lat, l.lng, ll_to_earth(l.lat, l.lng),
    o.expires_at, o.is_active, o.is_featured, m.is_certified, o.secondary_type, o.created_at,
    (hashtext('offer:' || o.id::text) & 2147483647),
    setweight(to_tsvector('english', m.name), 'A')
      || setweight(to_tsvector('english', o.name), 'A')
      || setweight(to_tsvector('english', cats.names), 'B')
      || setweight(to_tsvector('english', left(regexp_replace(o.description, '<[^>]*>', ' ', 'g'), 2000)), 'C')
  FROM offers o
  JOIN locations l ON l.id = o.location_id
  JOIN merchants m ON m.id = o.merchant_id
  CROSS JOIN LATERAL (
    SELECT array_agg(DISTINCT c.id ORDER BY c.id) AS ids,
           array_agg(DISTINCT c.slug ORDER BY c.slug) AS slugs,
           coalesce(string_agg(DISTINCT c.name, ' '), '') AS names
    FROM categories c
    WHERE c.id = o.category_id
       OR c.id = ANY (o.subcategory_ids)
       OR c.id IN (SELECT s.parent_id FROM categories s WHERE s.id = ANY (o.subcategory_ids))
  ) cats
  WHERE o.id = ANY (p_offer_ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_index_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_offer_index(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_index_after_insert AFTER INSERT ON offers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_index_sync();
--> statement-breakpoint
CREATE TRIGGER offers_index_after_update AFTER UPDATE ON offers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION offers_index_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_index_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_offer_index(ARRAY(SELECT o.id FROM offers o WHERE o.location_id IN (SELECT id FROM changed_rows)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_index_after_update AFTER UPDATE ON locations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_index_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchants_index_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_offer_index(ARRAY(SELECT o.id FROM offers o WHERE o.merchant_id IN (SELECT id FROM changed_rows)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_index_after_update AFTER UPDATE ON merchants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION merchants_index_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_index_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_offer_index(ARRAY(
    SELECT oi.offer_id FROM offer_index oi WHERE oi.category_ids && ARRAY(SELECT id FROM changed_rows)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_index_after_update AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION categories_index_sync();
