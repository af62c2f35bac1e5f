-- The ledger is append-only (decision 040): a correction is a new movement, never an edit. Refuse UPDATE, DELETE and
-- TRUNCATE whoever runs them, so no code path (or hand-written SQL) can rewrite money history.
CREATE OR REPLACE FUNCTION ledger_entries_append_only()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE OR REPLACE TRIGGER ledger_entries_no_update_delete BEFORE DELETE OR UPDATE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
