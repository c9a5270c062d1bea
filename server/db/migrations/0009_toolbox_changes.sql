CREATE TABLE "toolbox_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "toolbox_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "toolbox_changes_user_id_idx" ON "toolbox_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "toolbox_changes_changed_at_idx" ON "toolbox_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every change to what an account's widget configuration and widget list are made of (widgets,
-- their agent links, agents, websites, the account's time zone and deletion) writes a row for the
-- account in the same transaction, whichever code or SQL makes it. The account's balance is not
-- here: the configuration cache reads it itself (widgetConfigCache.ts).
CREATE FUNCTION "note_toolbox_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    INSERT INTO "toolbox_changes" ("user_id") VALUES (NEW."id");
  ELSIF TG_TABLE_NAME = 'widget_agents' THEN
    -- A link has no account of its own: its widget's (gone when the widget itself was deleted, which wrote its own row).
    INSERT INTO "toolbox_changes" ("user_id")
      SELECT "user_id" FROM "widgets" WHERE "id" IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."widget_id" END, CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."widget_id" END);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "toolbox_changes" ("user_id") VALUES (OLD."user_id");
  ELSE
    INSERT INTO "toolbox_changes" ("user_id") VALUES (NEW."user_id");
    IF TG_OP = 'UPDATE' AND OLD."user_id" <> NEW."user_id" THEN
      INSERT INTO "toolbox_changes" ("user_id") VALUES (OLD."user_id");
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "widgets_toolbox_change" AFTER INSERT OR UPDATE OR DELETE ON "widgets" FOR EACH ROW EXECUTE FUNCTION "note_toolbox_change"();
--> statement-breakpoint
CREATE TRIGGER "widget_agents_toolbox_change" AFTER INSERT OR UPDATE OR DELETE ON "widget_agents" FOR EACH ROW EXECUTE FUNCTION "note_toolbox_change"();
--> statement-breakpoint
CREATE TRIGGER "agents_toolbox_change" AFTER INSERT OR UPDATE OR DELETE ON "agents" FOR EACH ROW EXECUTE FUNCTION "note_toolbox_change"();
--> statement-breakpoint
CREATE TRIGGER "websites_toolbox_change" AFTER INSERT OR UPDATE OR DELETE ON "websites" FOR EACH ROW EXECUTE FUNCTION "note_toolbox_change"();
--> statement-breakpoint
CREATE TRIGGER "users_toolbox_change" AFTER UPDATE OF "timezone", "deleted_at" ON "users" FOR EACH ROW EXECUTE FUNCTION "note_toolbox_change"();
