ALTER TABLE "locations" ADD COLUMN "website_url" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "menu_url" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "booking_url" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merchant_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merchant_handled_by" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merchant_handled_by_users_id_fk" FOREIGN KEY ("merchant_handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;