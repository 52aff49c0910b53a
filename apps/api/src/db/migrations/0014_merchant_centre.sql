CREATE TABLE "merchant_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"location_ids" integer[],
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "merchant_members_role_known" CHECK ("merchant_members"."role" IN ('owner', 'manager', 'cashier'))
);
--> statement-breakpoint
CREATE TABLE "offer_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"review_note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offer_revisions_status_known" CHECK ("offer_revisions"."status" IN ('draft', 'submitted', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "redemption_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"ip" text,
	"offer_merchant_id" integer,
	"tried_merchant_id" integer,
	"tried_location_id" integer,
	"user_id" integer,
	"device_id" integer
);
--> statement-breakpoint
CREATE TABLE "store_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "redeemed_location_id" integer;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "redeemed_by" integer;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "redeemed_device_id" integer;--> statement-breakpoint
ALTER TABLE "print_copies" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_revisions" ADD CONSTRAINT "offer_revisions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_revisions" ADD CONSTRAINT "offer_revisions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_revisions" ADD CONSTRAINT "offer_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_revisions" ADD CONSTRAINT "offer_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_devices" ADD CONSTRAINT "store_devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_members_merchant_user_uq" ON "merchant_members" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "merchant_members_user_idx" ON "merchant_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_revisions_open_uq" ON "offer_revisions" USING btree ("offer_id") WHERE "offer_revisions"."status" IN ('draft', 'submitted');--> statement-breakpoint
CREATE INDEX "offer_revisions_review_idx" ON "offer_revisions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "offer_revisions_merchant_idx" ON "offer_revisions" USING btree ("merchant_id","updated_at");--> statement-breakpoint
CREATE INDEX "redemption_attempts_at_idx" ON "redemption_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "redemption_attempts_reason_idx" ON "redemption_attempts" USING btree ("reason","at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_devices_token_uq" ON "store_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_devices_merchant_idx" ON "store_devices" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "leads_merchant_created_idx" ON "leads" USING btree ("merchant_id","created_at") WHERE "leads"."merchant_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "print_copies_code_uq" ON "print_copies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "print_copies_redeemed_idx" ON "print_copies" USING btree ("redeemed_location_id","redeemed_at") WHERE "print_copies"."redeemed_at" IS NOT NULL;