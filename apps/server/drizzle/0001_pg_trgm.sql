-- Trigram search over part numbers and descriptions (components_search_idx and the global search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
