-- Trigram indexes back the search-by-address and search-by-title boxes of the lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
