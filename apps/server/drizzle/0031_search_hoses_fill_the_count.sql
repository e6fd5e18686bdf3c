-- The search function (ADR 6) as migration 0030 made it, but for one step: a layline whose hoses alone reach
-- the count's cap ("hose 3", where every hose's number may start with 3) no longer also reads every other
-- part that matches, only to count what the cap already says. Same answers, a third of the time for such texts.
-- Component search for the current organisation (ADR 6), run as the owner so the indexes apply; the
-- organisation comes only from `app.org_id`, the setting `withTenant` makes. `terms` is the text read as a
-- layline (`parseLayline`), one object per term: {text, kind?, dash?, endPattern?, psiMin?, psiMax?,
-- standard?, standardKey?, standardPattern?}. Two passes, each one limited fetch that also counts (up to
-- `count_cap`):
-- - part numbers starting with the text (3 exact, 2 prefix); when they fill the page, nothing else is asked;
-- - parts matching every term by any of its readings (kind, dash or an adaptor end with it, working
--   pressure, series, a standard in the text or in the coupling series' description, else words starting
--   with the term), scored 1; when the text names a dash, a standard or a pressure, hoses score 1.5 and are
--   fetched apart from the other parts, so a layline finds its hose first.
--   The other parts are fetched only when the hoses fall short of the count's cap: when they reach it, the
--   total is the cap and every answer on the page is a hose, so the second fetch could change nothing.
-- Sequential scans are off and every statement is planned with its values: each reading has an index, and
-- the planner combines them (bitmap OR within a term, AND across terms). No parallel workers: starting them
-- costs more than a limited fetch (PGlite has none).
CREATE OR REPLACE FUNCTION hosewright_search_components(search_text text, terms jsonb, max_rows integer, count_cap integer)
RETURNS TABLE (id uuid, kind text, part_number text, brand text, description text, score double precision, total integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off
SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
  q text := lower(btrim(coalesce(search_text, '')));
  visible text := '(c.origin <> ''catalogue'' OR lower(c.brand) <> ''parker'')';
  standard_text text := 'lower(coalesce(c.standard, '''') || '' '' || c.description || '' '' || c.part_number)';
  columns text := 'c.id, c.kind, c.part_number, c.brand, c.description';
  prefix_rows integer;
  term jsonb;
  readings text[];
  words tsquery;
  patterns text;
  pairs text[];
  conditions text[] := '{}';
  layline boolean := false;
  matching text;
BEGIN
  IF org IS NULL OR q = '' THEN
    RETURN;
  END IF;
  IF coalesce((SELECT s.has_parker FROM organization_settings s WHERE s.organization_id = org), false) THEN
    visible := 'true';
  END IF;

  RETURN QUERY EXECUTE format(
    'WITH m AS (SELECT %s, CASE WHEN lower(c.part_number) = $2 THEN 3 ELSE 2 END::float8 AS score
                  FROM components c
                 WHERE c.organization_id = $1 AND (lower(c.part_number) COLLATE "C") LIKE $3 AND %s
                 ORDER BY (lower(c.part_number) COLLATE "C") LIMIT $4)
     SELECT m.*, (SELECT count(*) FROM m)::int FROM m ORDER BY m.score DESC, m.part_number LIMIT $5',
    columns, visible)
    USING org, q, replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%', count_cap, max_rows;
  GET DIAGNOSTICS prefix_rows = ROW_COUNT;
  -- Part numbers fill the page: whatever else matches ranks below them.
  IF prefix_rows >= max_rows THEN
    RETURN;
  END IF;

  FOR term IN SELECT value FROM jsonb_array_elements(coalesce(terms, '[]')) LOOP
    readings := ARRAY[format('lower(btrim(c.series)) = %L', term->>'text')];
    IF term ? 'kind' THEN
      readings := readings || format('c.kind = %L', term->>'kind');
    END IF;
    IF term ? 'dash' THEN
      readings := readings || format('c.dash = %s', (term->>'dash')::integer)
        || format('(c.kind = ''adaptor'' AND lower(c.end_a || '' '' || c.end_b) ~ %L)', term->>'endPattern');
    END IF;
    IF term ? 'psiMin' THEN
      readings := readings || format('c.working_pressure_psi BETWEEN %s AND %s',
        (term->>'psiMin')::integer, (term->>'psiMax')::integer);
    END IF;
    IF term ? 'standard' THEN
      readings := readings || format('(hosewright_standard_keys(%s) @> ARRAY[%L] AND %s ~ %L)',
        standard_text, term->>'standardKey', standard_text, term->>'standardPattern');
      -- A fitting or ferrule of a coupling series whose description names the standard.
      SELECT array_agg(DISTINCT lower(btrim(s.brand)) || '|' || lower(btrim(s.code)))
        INTO pairs
        FROM coupling_series s
       WHERE s.organization_id = org AND lower(s.description) ~ (term->>'standardPattern');
      IF pairs IS NOT NULL THEN
        readings := readings || format(
          '(lower(btrim(c.series)) = ANY(%L) AND c.kind IN (''crimpFitting'', ''ferrule'')
            AND lower(btrim(c.brand)) || ''|'' || lower(btrim(c.series)) = ANY(%L))',
          (SELECT array_agg(split_part(p, '|', 2)) FROM unnest(pairs) p), pairs);
      END IF;
    ELSE
      -- Words starting with the term's: '1/2"' -> '1/2':*, '4000 psi' -> '4000':* & 'psi':*. A number
      -- may follow a hyphen, which the parser reads as its sign: 'KIT-4000' holds 'kit' and '-4000'. The
      -- word itself is asked too ('bench' | 'bench':*): the planner underestimates a prefix alone, and then
      -- drives a search by a common word. Each word is in the text as typed: a test that fails fast where
      -- rows are filtered rather than looked up (strpos, which the planner guesses true for a third of the
      -- rows; a LIKE '%word%' it would guess rare).
      SELECT to_tsquery('simple', string_agg(format('(%1$s | %1$s:*%2$s)', quote_literal(w),
                                                    CASE WHEN w ~ '^[0-9]' THEN format(' | %s:*', quote_literal('-' || w)) ELSE '' END),
                                             ' & ')),
             string_agg(format('strpos(lower(c.part_number || '' '' || c.brand || '' '' || c.description), %L) > 0', w), ' AND ')
        INTO words, patterns
        FROM regexp_split_to_table(regexp_replace(term->>'text', '[^a-z0-9./-]+', ' ', 'g'), '\s+') AS w
       WHERE w <> '';
      IF words IS NOT NULL THEN
        readings := readings || format(
          '(%s AND to_tsvector(''simple'', c.part_number || '' '' || c.brand || '' '' || c.description) @@ %L::tsquery)',
          patterns, words);
      END IF;
    END IF;
    layline := layline OR term ? 'dash' OR term ? 'standard' OR term ? 'psiMin';
    conditions := conditions || ('(' || array_to_string(readings, ' OR ') || ')');
  END LOOP;
  IF cardinality(conditions) = 0 THEN
    RETURN;
  END IF;

  matching := format('SELECT %s FROM components c WHERE c.organization_id = $1 AND %s AND %s',
    columns, visible, array_to_string(conditions, ' AND '));
  IF layline THEN
    RETURN QUERY EXECUTE format(
      'WITH h AS (%s AND c.kind = ''hose'' LIMIT $2),
            o AS (%s AND c.kind <> ''hose'' AND (SELECT count(*) FROM h) < $2 LIMIT $2),
            m AS (SELECT *, 1.5::float8 AS score FROM h UNION ALL SELECT *, 1::float8 FROM o)
       SELECT m.*, least((SELECT count(*) FROM m), $2)::int FROM m
        ORDER BY m.score DESC, m.part_number LIMIT $3', matching, matching)
      USING org, count_cap, max_rows;
  ELSE
    RETURN QUERY EXECUTE format(
      'WITH m AS (%s LIMIT $2)
       SELECT m.*, 1::float8, (SELECT count(*) FROM m)::int FROM m ORDER BY m.part_number LIMIT $3', matching)
      USING org, count_cap, max_rows;
  END IF;
END;
$$;
