-- A session a partner started by command (OCPI START_SESSION): when a session starts at a charger with the idTag of
-- a START_SESSION sent there in the last 15 minutes (not refused by the charger), the session is linked to that
-- partner with auth_method COMMAND and its authorization_reference. In the session's own insert, so it holds for
-- 1.6J and 2.0.1 alike and across restarts; a link already written (by the tokens module) is kept.
CREATE OR REPLACE FUNCTION wd_ocpi_link_commanded_session()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ocpi_session_links" ("session_id", "partner_id", "country_code", "party_id", "token_uid", "token_type",
    "contract_id", "auth_method", "authorization_reference")
  SELECT NEW."id", c."partner_id", c."request"->'token'->>'country_code', c."request"->'token'->>'party_id',
    c."request"->'token'->>'uid', c."request"->'token'->>'type', c."request"->'token'->>'contract_id', 'COMMAND',
    c."request"->>'authorization_reference'
  FROM "ocpi_commands" c
  WHERE c."charger_id" = NEW."charger_id" AND c."created_at" > now() - interval '15 minutes'
    AND c."command" = 'START_SESSION' AND c."request"->'token'->>'uid' = NEW."id_tag"
    AND (c."result" IS NULL OR c."result" = 'ACCEPTED')
  ORDER BY c."created_at" DESC
  LIMIT 1
  ON CONFLICT ("session_id") DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER wd_ocpi_commanded_session_link AFTER INSERT ON charging_sessions
FOR EACH ROW EXECUTE FUNCTION wd_ocpi_link_commanded_session();
