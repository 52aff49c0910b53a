-- Console lists filter and count by market without going through locations (docs/performance.md
-- "Staff console lists"): offers carry their location's market, merchants the markets of their
-- locations, both kept by the triggers below.
ALTER TABLE "merchants" ADD COLUMN "market_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "market_id" text;--> statement-breakpoint
-- The backfill changes no listed field: the offer_index refresh triggers are held off for it.
ALTER TABLE "offers" DISABLE TRIGGER "offers_index_after_update";--> statement-breakpoint
ALTER TABLE "merchants" DISABLE TRIGGER "merchants_index_after_update";--> statement-breakpoint
UPDATE "offers" o SET "market_id" = l."market_id" FROM "locations" l WHERE l."id" = o."location_id";--> statement-breakpoint
UPDATE "merchants" m SET "market_ids" = s.markets
  FROM (SELECT "merchant_id", array_agg(DISTINCT "market_id" ORDER BY "market_id") AS markets FROM "locations" GROUP BY "merchant_id") s
  WHERE s."merchant_id" = m."id";--> statement-breakpoint
ALTER TABLE "offers" ENABLE TRIGGER "offers_index_after_update";--> statement-breakpoint
ALTER TABLE "merchants" ENABLE TRIGGER "merchants_index_after_update";--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_set_market() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.market_id := (SELECT market_id FROM locations WHERE id = NEW.location_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_market_before_write BEFORE INSERT OR UPDATE OF location_id ON offers
  FOR EACH ROW EXECUTE FUNCTION offers_set_market();
--> statement-breakpoint
-- A location's market or merchant changed, or locations came or went: its offers follow its
-- market, and the merchants involved get their markets again (written only when they differ).
CREATE OR REPLACE FUNCTION refresh_merchant_markets(p_merchant_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE merchants m SET market_ids = s.markets
    FROM (
      SELECT mm.id, coalesce(array_agg(DISTINCT l.market_id ORDER BY l.market_id) FILTER (WHERE l.market_id IS NOT NULL), '{}') AS markets
      FROM merchants mm LEFT JOIN locations l ON l.merchant_id = mm.id
      WHERE mm.id = ANY (p_merchant_ids)
      GROUP BY mm.id
    ) s
    WHERE m.id = s.id AND m.market_ids IS DISTINCT FROM s.markets;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_markets_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_merchant_markets(ARRAY(SELECT DISTINCT merchant_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_markets_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_merchant_markets(ARRAY(SELECT DISTINCT merchant_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_markets_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers o SET market_id = n.market_id
    FROM new_rows n JOIN old_rows p ON p.id = n.id
    WHERE o.location_id = n.id AND n.market_id IS DISTINCT FROM p.market_id;
  PERFORM refresh_merchant_markets(ARRAY(
    SELECT n.merchant_id FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE n.market_id IS DISTINCT FROM p.market_id OR n.merchant_id IS DISTINCT FROM p.merchant_id
    UNION
    SELECT p.merchant_id FROM new_rows n JOIN old_rows p ON p.id = n.id WHERE n.merchant_id IS DISTINCT FROM p.merchant_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_markets_insert AFTER INSERT ON locations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_markets_after_insert();
--> statement-breakpoint
CREATE TRIGGER locations_markets_delete AFTER DELETE ON locations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_markets_after_delete();
--> statement-breakpoint
CREATE TRIGGER locations_markets_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION locations_markets_after_update();
--> statement-breakpoint
CREATE INDEX "merchants_market_ids_gin" ON "merchants" USING gin ("market_ids");--> statement-breakpoint
CREATE INDEX "offers_market_status_updated_idx" ON "offers" USING btree ("market_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "offers_market_status_expires_idx" ON "offers" USING btree ("market_id","status","expires_at","starts_at","updated_at","id");
