-- The credit ledger is append-only (ARCHITECTURE.md, Credits): history is never rewritten.
-- Corrections are new rows (reason 'adjustment' or 'refund'), never UPDATE or DELETE.
CREATE FUNCTION credit_ledger_reject_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % is not allowed', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_append_only
BEFORE UPDATE OR DELETE ON credit_ledger
FOR EACH ROW EXECUTE FUNCTION credit_ledger_reject_change();
--> statement-breakpoint
CREATE TRIGGER credit_ledger_no_truncate
BEFORE TRUNCATE ON credit_ledger
FOR EACH STATEMENT EXECUTE FUNCTION credit_ledger_reject_change();
