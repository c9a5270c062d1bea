CREATE TABLE "call_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_changes_user_id_idx" ON "call_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "call_changes_changed_at_idx" ON "call_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every statement that changes an account's calls, their telephony legs or their recordings writes
-- one row per account it touched, in the same transaction, whichever code or SQL makes it: the
-- Calls History pages an instance keeps are checked against them (callPageCache.ts). Statement
-- level, so a batch of a thousand calls (the demo seed) writes one row, not a thousand.
CREATE FUNCTION "note_call_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'calls' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO "call_changes" ("user_id") SELECT DISTINCT "user_id" FROM new_rows;
    ELSIF TG_OP = 'UPDATE' THEN
      -- Only calls whose shown columns changed: the placement's lease (renewed while a call rings)
      -- and the credits it holds are nobody's to see. A call moved to another account (none is)
      -- notes both.
      INSERT INTO "call_changes" ("user_id")
        SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
          WHERE to_jsonb(n) - 'placement_claimed_at' - 'reserved_credits' IS DISTINCT FROM to_jsonb(o) - 'placement_claimed_at' - 'reserved_credits'
        UNION
        SELECT o."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
          WHERE to_jsonb(n) - 'placement_claimed_at' - 'reserved_credits' IS DISTINCT FROM to_jsonb(o) - 'placement_claimed_at' - 'reserved_credits';
    ELSE
      INSERT INTO "call_changes" ("user_id") SELECT DISTINCT "user_id" FROM old_rows;
    END IF;
  ELSE
    -- Legs and recordings belong to an account through their call (one deleted with its call
    -- finds none: the call's own deletion wrote the row).
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO "call_changes" ("user_id") SELECT DISTINCT c."user_id" FROM new_rows r JOIN "calls" c ON c."id" = r."call_id";
    ELSE
      INSERT INTO "call_changes" ("user_id") SELECT DISTINCT c."user_id" FROM old_rows r JOIN "calls" c ON c."id" = r."call_id";
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_inserted_change" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "calls_updated_change" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "calls_deleted_change" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "twilio_call_legs_inserted_change" AFTER INSERT ON "twilio_call_legs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "twilio_call_legs_updated_change" AFTER UPDATE ON "twilio_call_legs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "twilio_call_legs_deleted_change" AFTER DELETE ON "twilio_call_legs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "call_recordings_inserted_change" AFTER INSERT ON "call_recordings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "call_recordings_updated_change" AFTER UPDATE ON "call_recordings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
--> statement-breakpoint
CREATE TRIGGER "call_recordings_deleted_change" AFTER DELETE ON "call_recordings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "note_call_change"();
