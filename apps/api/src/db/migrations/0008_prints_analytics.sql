CREATE TABLE "anonymous_prints" (
	"client_address" text NOT NULL,
	"offer_id" integer NOT NULL,
	"day" date NOT NULL,
	"prints" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "anonymous_prints_client_address_offer_id_day_pk" PRIMARY KEY("client_address","offer_id","day")
);
--> statement-breakpoint
CREATE TABLE "print_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"user_id" integer,
	"client_address" text,
	"kind" text NOT NULL,
	"copy_number" smallint,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_prints" (
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"prints" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_prints_user_id_offer_id_pk" PRIMARY KEY("user_id","offer_id"),
	CONSTRAINT "user_prints_non_negative" CHECK ("user_prints"."prints" >= 0)
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"metric" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_daily_scope_scope_id_day_metric_pk" PRIMARY KEY("scope","scope_id","day","metric")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"offer_id" integer,
	"location_id" integer,
	"merchant_id" integer,
	"user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_prints" ADD CONSTRAINT "anonymous_prints_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_copies" ADD CONSTRAINT "print_copies_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_copies" ADD CONSTRAINT "print_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prints" ADD CONSTRAINT "user_prints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prints" ADD CONSTRAINT "user_prints_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_prints_day_idx" ON "anonymous_prints" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "print_copies_token_uq" ON "print_copies" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "print_copies_user_offer_copy_uq" ON "print_copies" USING btree ("user_id","offer_id","copy_number");--> statement-breakpoint
CREATE INDEX "print_copies_offer_idx" ON "print_copies" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_user_offer_uq" ON "redemptions" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE INDEX "redemptions_offer_idx" ON "redemptions" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "user_prints_offer_idx" ON "user_prints" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_events_offer_idx" ON "analytics_events" USING btree ("offer_id","day");