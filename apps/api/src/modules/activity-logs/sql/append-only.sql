-- The activity log is append-only for everyone, the application's own database role included (security review,
-- item 7; decision 022): a row, once written, can be neither changed nor removed, so an intruder with the app's
-- credentials cannot quietly rewrite or erase their tracks with DML. Dropping the trigger is DDL: only the table's owner
-- can, which is why production should run migrations as an owner role the app does not use.
CREATE OR REPLACE FUNCTION activity_logs_append_only()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_logs is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE OR REPLACE TRIGGER activity_logs_no_update_delete BEFORE DELETE OR UPDATE ON activity_logs
  FOR EACH ROW EXECUTE FUNCTION activity_logs_append_only();

CREATE OR REPLACE TRIGGER activity_logs_no_truncate BEFORE TRUNCATE ON activity_logs
  FOR EACH STATEMENT EXECUTE FUNCTION activity_logs_append_only();
