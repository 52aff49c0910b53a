CREATE TABLE "merchant_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"location_id" integer,
	"path" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "value" jsonb;--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "saving_cents" integer;--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "saving_percent" smallint;--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "open_week" "int4multirange";--> statement-breakpoint
ALTER TABLE "offer_index" ADD COLUMN "valid_week" "int4multirange";--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "value" jsonb;--> statement-breakpoint
ALTER TABLE "merchant_photos" ADD CONSTRAINT "merchant_photos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_photos" ADD CONSTRAINT "merchant_photos_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_photos" ADD CONSTRAINT "merchant_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_photos_merchant_idx" ON "merchant_photos" USING btree ("merchant_id","position","id");--> statement-breakpoint
CREATE INDEX "merchant_photos_location_idx" ON "merchant_photos" USING btree ("location_id");--> statement-breakpoint
-- "Valid right now" and "biggest saving" (docs/api.md "Offer lists"): offer_index carries the
-- location's open minutes of the week and the fine print's valid minutes of the week as
-- int4multirange (Monday 00:00 local = 0 .. 10080), its market's time zone, and the estimated
-- saving from the offer's structured value. The SQL below reads the same JSON as
-- @market/domain/open-now and @market/domain/offer-value; a test compares them on many cases.
CREATE OR REPLACE FUNCTION clock_minutes(p text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p = '24:00' THEN 1440
    WHEN p ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' THEN split_part(p, ':', 1)::integer * 60 + split_part(p, ':', 2)::integer
  END
$$;
--> statement-breakpoint
-- One stretch [p_start, p_end) of the week as ranges; a stretch past Sunday midnight wraps to Monday.
CREATE OR REPLACE FUNCTION week_stretch(p_start integer, p_end integer) RETURNS int4multirange
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_end <= 10080 THEN int4multirange(int4range(p_start, p_end))
    ELSE int4multirange(int4range(p_start, 10080), int4range(0, least(p_end - 10080, p_start)))
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION week_day_index(p_day text) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_position(ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], p_day) - 1
$$;
--> statement-breakpoint
-- Opening hours {mon: [{open, close}], ...}: a close not after its open runs past midnight.
-- Null when nothing readable is stored (hours unknown).
CREATE OR REPLACE FUNCTION opening_week(p_hours jsonb) RETURNS int4multirange
LANGUAGE sql IMMUTABLE AS $$
  SELECT range_agg(r)
  FROM (
    SELECT unnest(week_stretch(d.i * 1440 + m.o, d.i * 1440 + CASE WHEN m.c <= m.o THEN m.c + 1440 ELSE m.c END)) AS r
    FROM generate_series(0, 6) AS d(i)
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(p_hours) = 'object' AND jsonb_typeof(p_hours -> (ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[d.i + 1]) = 'array'
        THEN p_hours -> (ARRAY['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[d.i + 1] ELSE '[]'::jsonb END) AS e(v)
    CROSS JOIN LATERAL (
      SELECT clock_minutes(CASE WHEN jsonb_typeof(e.v) = 'object' THEN e.v ->> 'open' END) AS o,
             clock_minutes(CASE WHEN jsonb_typeof(e.v) = 'object' THEN e.v ->> 'close' END) AS c
    ) m
    WHERE m.o IS NOT NULL AND m.c IS NOT NULL AND m.o < 1440
  ) x
$$;
--> statement-breakpoint
-- Fine print {days?: ['mon', ...], hours?: {from, to}}: the minutes it allows. Hours that end before
-- they start run past midnight and belong to the day they start on. Null: no day or hour limit.
CREATE OR REPLACE FUNCTION fine_print_week(p_fine jsonb) RETURNS int4multirange
LANGUAGE sql IMMUTABLE AS $$
  WITH f AS (
    SELECT
      CASE WHEN jsonb_typeof(p_fine -> 'days') = 'array'
        THEN ARRAY(SELECT week_day_index(d) FROM jsonb_array_elements_text(p_fine -> 'days') AS t(d) WHERE week_day_index(d) IS NOT NULL)
      END AS days,
      clock_minutes(CASE WHEN jsonb_typeof(p_fine -> 'hours') = 'object' THEN p_fine -> 'hours' ->> 'from' END) AS h_from,
      clock_minutes(CASE WHEN jsonb_typeof(p_fine -> 'hours') = 'object' THEN p_fine -> 'hours' ->> 'to' END) AS h_to
    WHERE jsonb_typeof(p_fine) = 'object'
  )
  SELECT CASE
    WHEN f.days IS NULL AND (f.h_from IS NULL OR f.h_to IS NULL OR f.h_from = f.h_to) THEN NULL
    ELSE (
      SELECT coalesce(range_agg(r), '{}'::int4multirange)
      FROM (
        SELECT unnest(CASE
          WHEN f.h_from IS NULL OR f.h_to IS NULL OR f.h_from = f.h_to THEN week_stretch(day * 1440, day * 1440 + 1440)
          WHEN f.h_from < f.h_to THEN week_stretch(day * 1440 + f.h_from, day * 1440 + f.h_to)
          ELSE week_stretch(day * 1440 + f.h_from, day * 1440 + 1440 + f.h_to)
        END) AS r
        FROM unnest(coalesce(f.days, ARRAY[0, 1, 2, 3, 4, 5, 6])) AS day
      ) x
    )
  END
  FROM f
$$;
--> statement-breakpoint
-- Structured value {kind, amount_cents?, percent?, price_cents?, item?, regular_price_cents?}:
-- the saving in cents, when the value tells it.
CREATE OR REPLACE FUNCTION offer_saving_cents(p_value jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN jsonb_typeof(p_value) = 'object' THEN (
    SELECT CASE p_value ->> 'kind'
      WHEN 'amount_off' THEN v.amount
      WHEN 'percent_off' THEN round(v.percent * v.regular / 100.0)::integer
      WHEN 'bogo' THEN v.regular
      WHEN 'price' THEN CASE WHEN v.regular > v.price THEN v.regular - v.price END
      WHEN 'free_item' THEN v.regular
    END
    FROM (SELECT
      CASE WHEN jsonb_typeof(p_value -> 'amount_cents') = 'number' THEN (p_value ->> 'amount_cents')::numeric END AS amount,
      CASE WHEN jsonb_typeof(p_value -> 'percent') = 'number' THEN (p_value ->> 'percent')::numeric END AS percent,
      CASE WHEN jsonb_typeof(p_value -> 'price_cents') = 'number' THEN (p_value ->> 'price_cents')::numeric END AS price,
      CASE WHEN jsonb_typeof(p_value -> 'regular_price_cents') = 'number' THEN (p_value ->> 'regular_price_cents')::numeric END AS regular
    ) v
  ) END
$$;
--> statement-breakpoint
-- The saving in percent of the regular price, when the value tells it (BOGO: half of two).
CREATE OR REPLACE FUNCTION offer_saving_percent(p_value jsonb) RETURNS smallint
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN jsonb_typeof(p_value) = 'object' THEN (
    -- No percent told (a free item, an unknown kind, no regular price): null, not 0.
    SELECT CASE WHEN p.pct IS NOT NULL THEN least(100, greatest(0, p.pct))::smallint END
    FROM (SELECT CASE p_value ->> 'kind'
      WHEN 'percent_off' THEN round(v.percent)
      WHEN 'amount_off' THEN CASE WHEN v.regular > 0 THEN round(100 * v.amount / v.regular) END
      WHEN 'bogo' THEN 50
      WHEN 'price' THEN CASE WHEN v.regular > 0 AND v.regular > v.price THEN round(100 * (v.regular - v.price) / v.regular) END
    END AS pct
    FROM (SELECT
      CASE WHEN jsonb_typeof(p_value -> 'amount_cents') = 'number' THEN (p_value ->> 'amount_cents')::numeric END AS amount,
      CASE WHEN jsonb_typeof(p_value -> 'percent') = 'number' THEN (p_value ->> 'percent')::numeric END AS percent,
      CASE WHEN jsonb_typeof(p_value -> 'price_cents') = 'number' THEN (p_value ->> 'price_cents')::numeric END AS price,
      CASE WHEN jsonb_typeof(p_value -> 'regular_price_cents') = 'number' THEN (p_value ->> 'regular_price_cents')::numeric END AS regular
    ) v) p
  ) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_offer_index(p_offer_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM offer_index WHERE offer_id = ANY (p_offer_ids);
  INSERT INTO offer_index (
    offer_id, location_id, merchant_id, market_id, category_ids, category_slugs, name, picture_path,
    merchant_name, merchant_slug, merchant_logo, address, city, state, zip, lat, lng, earth,
    expires_at, starts_at, is_active, is_featured, is_certified, secondary_type, created_at, random_key, tsv,
    value, saving_cents, saving_percent, timezone, open_week, valid_week)
  SELECT o.id, o.location_id, o.merchant_id, l.market_id, cats.ids, cats.slugs, o.name, o.picture_path,
    m.name, m.slug, m.logo_path, l.address, l.city, l.state, l.zip, l.lat, l.lng, ll_to_earth(l.lat, l.lng),
    o.expires_at, o.starts_at, o.is_active, o.is_featured, m.is_certified, o.secondary_type, o.created_at,
    (hashtext('offer:' || o.id::text) & 2147483647),
    setweight(to_tsvector('english', m.name), 'A')
      || setweight(to_tsvector('english', o.name), 'A')
      || setweight(to_tsvector('english', cats.names), 'B')
      || setweight(to_tsvector('english', left(regexp_replace(o.description, '<[^>]*>', ' ', 'g'), 2000)), 'C'),
    o.value, offer_saving_cents(o.value), offer_saving_percent(o.value), mk.timezone,
    opening_week(l.opening_hours), fine_print_week(o.fine_print)
  FROM offers o
  JOIN locations l ON l.id = o.location_id
  JOIN merchants m ON m.id = o.merchant_id
  JOIN markets mk ON mk.id = l.market_id
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
UPDATE offer_index oi
SET timezone = mk.timezone,
    open_week = opening_week(l.opening_hours),
    valid_week = fine_print_week(o.fine_print)
FROM offers o
JOIN locations l ON l.id = o.location_id
JOIN markets mk ON mk.id = l.market_id
WHERE o.id = oi.offer_id;
