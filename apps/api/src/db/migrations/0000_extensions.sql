-- Search and geo run inside PostgreSQL (docs/operations.md "Production shape"): full text, trigrams
-- for typos and autocomplete, and earthdistance for "near me" queries. All three ship with PGlite
-- too.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
