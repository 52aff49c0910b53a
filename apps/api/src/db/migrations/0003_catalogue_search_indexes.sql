-- Indexes for the public catalogue and search (docs/performance.md).
-- Autocomplete: a btree prefix scan on lower(name) answers `lower(name) LIKE 'piz%'` in well under
-- a millisecond, where a trigram index is several times slower.
CREATE INDEX IF NOT EXISTS merchants_name_lower_prefix_idx ON merchants (lower(name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS categories_name_lower_prefix_idx ON categories (lower(name) text_pattern_ops);
--> statement-breakpoint
-- Typo correction: nearest dictionary words by trigram distance (`term <-> 'piza'`, `term % 'piza'`).
CREATE INDEX IF NOT EXISTS search_terms_term_trgm_idx ON search_terms USING gist (term gist_trgm_ops);
