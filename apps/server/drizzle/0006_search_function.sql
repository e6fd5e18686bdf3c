-- Component search for the current organisation (ADR 6). Row-level security makes PostgreSQL evaluate
-- non-leakproof operators (LIKE, @@) only after the policy, which rules out their indexes: a search over
-- 100,000 rows scanned them all. This function runs as the owner, so the indexes apply, and takes the
-- organisation only from `app.org_id`, the setting `withTenant` makes: it cannot be asked about another one.
-- Sequential scans are off inside it: with a LIMIT the planner guesses a scan finds matches early, and on a
-- rare word it reads every row instead of asking the index.
CREATE OR REPLACE FUNCTION hosewright_search_components(search_text text, max_rows integer, count_cap integer)
RETURNS TABLE (id uuid, kind text, part_number text, brand text, description text, score integer, total integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
DECLARE
  org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
  q text := lower(btrim(coalesce(search_text, '')));
  prefix text;
  words tsquery;
  parker boolean;
  prefix_total integer;
  words_total integer := 0;
BEGIN
  IF org IS NULL OR q = '' THEN
    RETURN;
  END IF;
  parker := coalesce((SELECT s.has_parker FROM organization_settings s WHERE s.organization_id = org), false);
  prefix := replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- Every word becomes a prefix term: 'bf-b1 jic' -> 'bf-b1':* & 'jic':*
  SELECT to_tsquery('simple', string_agg(quote_literal(w) || ':*', ' & '))
    INTO words
    FROM regexp_split_to_table(regexp_replace(q, '[^a-z0-9./-]+', ' ', 'g'), '\s+') AS w
    WHERE w <> '';

  -- EXECUTE plans each statement with the values in hand: a LIKE prefix or a tsquery known only as a
  -- parameter would not use its index.
  EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM components c
             WHERE c.organization_id = $1 AND (lower(c.part_number) COLLATE "C") LIKE $2
               AND (c.origin <> ''catalogue'' OR lower(c.brand) <> ''parker'' OR $3) LIMIT $4) m'
    INTO prefix_total USING org, prefix, parker, count_cap;
  -- When part numbers alone fill the count, word matches could only rank below them: skip that search.
  IF prefix_total >= count_cap THEN
    words := NULL;
  END IF;
  IF words IS NOT NULL THEN
    EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM components c
               WHERE c.organization_id = $1
                 AND to_tsvector(''simple'', c.part_number || '' '' || c.brand || '' '' || c.description) @@ $2
                 AND (c.origin <> ''catalogue'' OR lower(c.brand) <> ''parker'' OR $3) LIMIT $4) m'
      INTO words_total USING org, words, parker, count_cap;
  END IF;

  RETURN QUERY EXECUTE
    '(SELECT c.id, c.kind, c.part_number, c.brand, c.description,
             CASE WHEN lower(c.part_number) = $5 THEN 3 ELSE 2 END, $6
        FROM components c
       WHERE c.organization_id = $1 AND (lower(c.part_number) COLLATE "C") LIKE $2
         AND (c.origin <> ''catalogue'' OR lower(c.brand) <> ''parker'' OR $3)
       ORDER BY (lower(c.part_number) COLLATE "C")
       LIMIT $4)'
    USING org, prefix, parker, max_rows, q, greatest(prefix_total, words_total);
  IF words IS NOT NULL THEN
    RETURN QUERY EXECUTE
      'SELECT c.id, c.kind, c.part_number, c.brand, c.description, 1, $5
         FROM components c
        WHERE c.organization_id = $1
          AND to_tsvector(''simple'', c.part_number || '' '' || c.brand || '' '' || c.description) @@ $2
          AND (c.origin <> ''catalogue'' OR lower(c.brand) <> ''parker'' OR $3)
        LIMIT $4'
      USING org, words, parker, max_rows, greatest(prefix_total, words_total);
  END IF;
END;
$$;
