-- Spotlight merchants (home-pros home, GET /api/spotlight/) are a small share of all merchants:
-- a partial index finds them without reading the others.
CREATE INDEX IF NOT EXISTS merchants_spotlight_idx ON merchants (id) WHERE is_spotlight;
