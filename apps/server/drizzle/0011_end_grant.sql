-- Sign-out ends the grant behind the access token (ADR 3): its refresh tokens, codes and the grant itself
-- go, so no new access token can be minted from it. Owner-run (ADR 6) because provider state is not the
-- request role's to read; the request role may only end a grant whose id it names.
CREATE OR REPLACE FUNCTION hosewright_end_grant(grant_to_end text) RETURNS integer
  LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  WITH ended AS (
    DELETE FROM oidc_payloads
    WHERE grant_id = grant_to_end OR (type = 'Grant' AND id = grant_to_end)
    RETURNING 1
  )
  SELECT count(*)::integer FROM ended
$$;
