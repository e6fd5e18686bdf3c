-- Removing someone from an organisation ends their sign-ins at once: every grant of their account at the
-- embedded provider goes, with its refresh tokens and codes, so no new access token can be minted. Owner-run
-- (ADR 6, ADR 13) because provider state is not the request role's to read.
CREATE OR REPLACE FUNCTION hosewright_end_account_grants(account text) RETURNS integer
  LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  WITH grants AS (
    SELECT id FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = account
  ), ended AS (
    DELETE FROM oidc_payloads
    WHERE grant_id IN (SELECT id FROM grants) OR (type = 'Grant' AND id IN (SELECT id FROM grants))
    RETURNING 1
  )
  SELECT count(*)::integer FROM ended
$$;
