-- wd_csv_stamp (migration 0032, rewritten by 0034) wrote an instant from its zone's name. Since the sessions CSV
-- converts each instant once beside its row and writes it with wd_csv_wall_stamp, no query calls it (decision 057).
DROP FUNCTION IF EXISTS "wd_csv_stamp"(timestamptz, text);
