-- Orders of GET /api/entities/ that are not nearest-first walk an index and stop at the page
-- (newest: created_at; random: random_key from a seed-chosen start; ending soon already has
-- offer_index_expires_idx) instead of sorting every offer in the circle.
CREATE INDEX IF NOT EXISTS offer_index_created_idx ON offer_index (created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offer_index_random_key_idx ON offer_index (random_key);
