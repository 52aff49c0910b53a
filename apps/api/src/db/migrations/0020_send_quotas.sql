CREATE TABLE "send_quotas" (
	"subject" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "send_quotas_updated_idx" ON "send_quotas" USING btree ("updated_at");