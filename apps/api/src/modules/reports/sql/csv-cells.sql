-- CSV cells written by the database for large downloads (decision 057): what lib/csv.ts, zonedTimestampFormatter and
-- the reports' rounding write in JavaScript, held to it by lib/csv-sql.test.ts on both engines. The per-row functions
-- are one expression each, so the planner inlines them: no call per row, and a page's query stays short (built from
-- nested fragments on every page, the expressions were a third of the API's allocations in a million-row download).
--
-- csvCell's rare path, a cell that needs work: a formula (= + - @ first, or after a separator a spreadsheet may split
-- at) gets an apostrophe, then a quote, comma or line break gets quotes. The class after the separator is
-- JavaScript's \s spelled out, since [[:space:]] depends on the database's locale.
CREATE OR REPLACE FUNCTION wd_csv_escaped(v text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p ~ '[",\r\n]' THEN '"' || replace(p, '"', '""') || '"' ELSE p END
  FROM (SELECT CASE WHEN r ~ '^[-=+@\t\r]' THEN '''' || r ELSE r END AS p
    FROM (SELECT regexp_replace(v, '([,;\t|][\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*)([-=+@])', '\1''\2', 'g') AS r) a) b
$$;

-- csvCell of a text: '' for null; most cells (names, codes) need nothing, and one pattern says so.
CREATE OR REPLACE FUNCTION wd_csv_cell(v text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v IS NULL THEN '' WHEN v !~ '^[-=+@\t\r]|[,;\t|"\r\n]' THEN v ELSE "wd_csv_escaped"(v) END
$$;

-- zonedTimestampFormatter: `2026-11-03 09:00:00 -08:00`, the zone's wall clock to the second (truncated) and its
-- offset, the wall clock less UTC's as an interval; '' for null. It takes the wall clock already worked out (`wall` is
-- `at AT TIME ZONE tz`): a time-zone conversion by name costs about a microsecond on PGlite, and an inlined function's
-- argument is worked out again wherever the body uses it, so the sessions CSV converts each instant once, beside the
-- row. STABLE, as to_char is: an IMMUTABLE function whose body is not would not be inlined.
CREATE OR REPLACE FUNCTION wd_csv_wall_stamp(wall timestamp without time zone, at timestamp with time zone)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(to_char(wall, 'YYYY-MM-DD HH24:MI:SS ')
    || CASE WHEN wall < (at AT TIME ZONE 'UTC') THEN '-' || to_char((at AT TIME ZONE 'UTC') - wall, 'HH24:MI')
       ELSE '+' || to_char(wall - (at AT TIME ZONE 'UTC'), 'HH24:MI') END, '')
$$;

-- A number rounded half up to `digits` decimals, without trailing zeros (12.50 → 12.5); '' for null.
CREATE OR REPLACE FUNCTION wd_csv_decimal(v numeric, digits integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(trim_scale(round(v, digits))::text, '')
$$;

-- minorToNumber: minor units as units of the currency (1250 USD → 12.5). `digits` holds the currencies whose minor
-- unit is not a hundredth, as Intl knows them (the API passes them: JPY 0, KWD 3…); '' without an amount or currency.
CREATE OR REPLACE FUNCTION wd_csv_minor(minor bigint, currency text, digits jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN minor IS NULL OR currency IS NULL OR currency = '' THEN ''
    ELSE trim_scale(minor::numeric / power(10::numeric, coalesce((digits ->> currency)::int, 2)))::text END
$$;
