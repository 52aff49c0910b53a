CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"display" text NOT NULL,
	"order_num" smallint DEFAULT 0 NOT NULL,
	"list" text,
	"count" integer DEFAULT 0 NOT NULL,
	"extra" text,
	"icon" text,
	"image_path" text
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"display_name" text NOT NULL,
	"address" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"earth" "earth" GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_administrative_area" text NOT NULL,
	"state" text NOT NULL,
	"telephone" text NOT NULL,
	"fax" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"contact_email" text NOT NULL,
	"opening_hours" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"logo_path" text,
	"website_url" text,
	"phone" text,
	"category_id" integer,
	"is_certified" boolean DEFAULT false NOT NULL,
	"licensed" boolean DEFAULT false NOT NULL,
	"bonded" boolean DEFAULT false NOT NULL,
	"insured" boolean DEFAULT false NOT NULL,
	"is_spotlight" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_index" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"category_ids" integer[] NOT NULL,
	"category_slugs" text[] NOT NULL,
	"name" text NOT NULL,
	"picture_path" text,
	"merchant_name" text NOT NULL,
	"merchant_slug" text NOT NULL,
	"merchant_logo" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"earth" "earth" NOT NULL,
	"expires_at" date NOT NULL,
	"is_active" boolean NOT NULL,
	"is_featured" boolean NOT NULL,
	"is_certified" boolean NOT NULL,
	"secondary_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"random_key" integer NOT NULL,
	"tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"picture_path" text,
	"starts_at" date,
	"expires_at" date NOT NULL,
	"max_prints" smallint DEFAULT 3 NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"external_offer_url" text DEFAULT '' NOT NULL,
	"retailer_terms" text DEFAULT '' NOT NULL,
	"consumer_terms" text DEFAULT '' NOT NULL,
	"secondary_type" text DEFAULT 'other' NOT NULL,
	"horizontal" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"earth" "earth" GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"kind" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"location_id" integer,
	"is_featured" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_winners" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"draw_id" integer,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"winning" text NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rules_html" text DEFAULT '' NOT NULL,
	"picture_path" text,
	"banner_path" text,
	"win_save_contest_link" text,
	"merchant_id" integer,
	"sweepstakes_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"prize" text DEFAULT '' NOT NULL,
	"starts_at" date NOT NULL,
	"ends_at" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "callout_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"use_default_callouts" boolean DEFAULT false NOT NULL,
	"number_of_default_callouts_to_use" integer DEFAULT 4 NOT NULL,
	"randomize_callout_order" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"image_mime" text DEFAULT 'image/svg+xml' NOT NULL,
	"alternative_text" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"target" text DEFAULT '_self' NOT NULL,
	"rel" text DEFAULT '' NOT NULL,
	"open_link_in_new_tab" boolean DEFAULT false NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"show_for_all_states" boolean DEFAULT false NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_index" ADD CONSTRAINT "offer_index_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entities" ADD CONSTRAINT "contest_entities_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entities" ADD CONSTRAINT "contest_entities_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entities" ADD CONSTRAINT "contest_entities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_winners" ADD CONSTRAINT "contest_winners_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_kind_parent_slug_uq" ON "categories" USING btree ("kind",coalesce("parent_id", 0),"slug");--> statement-breakpoint
CREATE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "locations_merchant_idx" ON "locations" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "locations_earth_gist" ON "locations" USING gist ("earth");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_slug_uq" ON "merchants" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "offer_index_earth_gist" ON "offer_index" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "offer_index_tsv_gin" ON "offer_index" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "offer_index_location_idx" ON "offer_index" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "offer_index_category_gin" ON "offer_index" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "offer_index_expires_idx" ON "offer_index" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "offers_location_idx" ON "offers" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "offers_merchant_idx" ON "offers" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "places_name_lower_idx" ON "places" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_earth_gist" ON "places" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "places_zips_gin" ON "places" USING gin ("zips");--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_term_kind_uq" ON "search_terms" USING btree ("term","kind");--> statement-breakpoint
CREATE INDEX "contest_entities_contest_idx" ON "contest_entities" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "contest_entities_market_idx" ON "contest_entities" USING btree ("market_id");--> statement-breakpoint
CREATE INDEX "contest_winners_contest_idx" ON "contest_winners" USING btree ("contest_id");