-- Second factor ceiling (docs/decisions.md): wrong second-factor codes counted per account across
-- every sign-in step and client address; past a ceiling the account's second-factor checks pause.
CREATE TABLE "second_factor_throttles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"blocks" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ADD CONSTRAINT "second_factor_throttles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factor_throttles_updated_idx" ON "second_factor_throttles" USING btree ("updated_at");