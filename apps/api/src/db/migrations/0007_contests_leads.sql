CREATE TABLE "contest_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"seed" bigint NOT NULL,
	"winners_requested" integer NOT NULL,
	"winners_selected" integer NOT NULL,
	"eligible_entries" integer NOT NULL,
	"entry_ids" integer[] NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweepstakes_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"entity_id" integer,
	"market_id" text NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"numbers" text[] NOT NULL,
	"address1" text NOT NULL,
	"address2" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"reference" text,
	"matched_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_match" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"market_id" text NOT NULL,
	"email" text,
	"details" jsonb NOT NULL,
	"tracking_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_kind_known" CHECK ("leads"."kind" IN ('autolead', 'suggestmerchant', 'mail_removal', 'magazine_lead', 'businesslead', 'contractorapplication'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"tracking_id" text,
	"unsubscribe_token" text NOT NULL,
	"subscribe_count" integer DEFAULT 1 NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contest_draws" ADD CONSTRAINT "contest_draws_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_entity_id_contest_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."contest_entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstakes_claims" ADD CONSTRAINT "sweepstakes_claims_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstakes_claims" ADD CONSTRAINT "sweepstakes_claims_entity_id_contest_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."contest_entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstakes_claims" ADD CONSTRAINT "sweepstakes_claims_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweepstakes_claims" ADD CONSTRAINT "sweepstakes_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_draws_contest_idx" ON "contest_draws" USING btree ("contest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_entries_contest_user_uq" ON "contest_entries" USING btree ("contest_id","user_id");--> statement-breakpoint
CREATE INDEX "contest_entries_user_idx" ON "contest_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sweepstakes_claims_contest_idx" ON "sweepstakes_claims" USING btree ("contest_id","created_at");--> statement-breakpoint
CREATE INDEX "sweepstakes_claims_match_idx" ON "sweepstakes_claims" USING btree ("contest_id") WHERE "sweepstakes_claims"."is_match";--> statement-breakpoint
CREATE INDEX "leads_kind_created_idx" ON "leads" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_uq" ON "newsletter_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_uq" ON "newsletter_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
ALTER TABLE "contest_winners" ADD CONSTRAINT "contest_winners_draw_id_contest_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."contest_draws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_winners_contest_user_uq" ON "contest_winners" USING btree ("contest_id","user_id") WHERE "contest_winners"."user_id" IS NOT NULL;