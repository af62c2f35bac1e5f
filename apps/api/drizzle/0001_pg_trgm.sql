-- Trigram indexes serve the ILIKE '%…%' searches of location and charger lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
