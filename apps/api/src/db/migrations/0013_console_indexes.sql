ALTER TABLE "offer_index" ADD COLUMN "starts_at" date;--> statement-breakpoint
CREATE INDEX "locations_market_merchant_idx" ON "locations" USING btree ("market_id","merchant_id");--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "offers_name_idx" ON "offers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "offers_expires_idx" ON "offers" USING btree ("expires_at","id");--> statement-breakpoint
CREATE INDEX "offers_starts_idx" ON "offers" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "offers_live_starts_idx" ON "offers" USING btree ("starts_at") WHERE "offers"."status" = 'live';--> statement-breakpoint
CREATE INDEX "offers_featured_updated_idx" ON "offers" USING btree ("updated_at") WHERE "offers"."is_featured";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_updated_idx" ON "leads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("assigned_to","created_at") WHERE "leads"."assigned_to" IS NOT NULL;--> statement-breakpoint
-- Scheduled offers: offer_index carries the first valid day, so saver lists show a published
-- offer from its start date (catalogue/lib/offer-sql.ts activeOffer).
CREATE OR REPLACE FUNCTION refresh_offer_index(p_offer_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM offer_index WHERE offer_id = ANY (p_offer_ids);
  INSERT INTO offer_index (
    offer_id, location_id, merchant_id, market_id, category_ids, category_slugs, name, picture_path,
    merchant_name, merchant_slug, merchant_logo, address, city, state, zip, lat, lng, earth,
    expires_at, starts_at, is_active, is_featured, is_certified, secondary_type, created_at, random_key, tsv)
  SELECT o.id, o.location_id, o.merchant_id, l.market_id, cats.ids, cats.slugs, o.name, o.picture_path,
    m.name, m.slug, m.logo_path, l.address, l.city, l.state, l.zip, l.lat, l.lng, ll_to_earth(l.lat, l.lng),
    o.expires_at, o.starts_at, o.is_active, o.is_featured, m.is_certified, o.secondary_type, o.created_at,
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
UPDATE offer_index oi SET starts_at = o.starts_at FROM offers o WHERE o.id = oi.offer_id AND o.starts_at IS NOT NULL;
