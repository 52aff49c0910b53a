CREATE TABLE "analytics_impressions" (
	"offer_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	CONSTRAINT "analytics_impressions_offer_id_day_viewer_pk" PRIMARY KEY("offer_id","day","viewer")
);
--> statement-breakpoint
CREATE INDEX "analytics_impressions_day_idx" ON "analytics_impressions" USING btree ("day");