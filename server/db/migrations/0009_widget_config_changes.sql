CREATE TABLE "widget_config_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_config_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "widget_config_changes_user_id_idx" ON "widget_config_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "widget_config_changes_changed_at_idx" ON "widget_config_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every change a website's public widget configuration is made of (server/widgetApi/widgetConfig.ts:
-- the website, its active widgets and their settings, the account's time zone and deletion) writes
-- a row for the account, in the same transaction, whichever code or SQL makes it. The account's
-- balance is not here: the caches read it themselves (widgetConfigCache.ts).
CREATE FUNCTION "note_widget_config_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "widget_config_changes" ("user_id") VALUES (OLD."user_id");
  ELSIF TG_TABLE_NAME = 'users' THEN
    INSERT INTO "widget_config_changes" ("user_id") VALUES (NEW."id");
  ELSE
    INSERT INTO "widget_config_changes" ("user_id") VALUES (NEW."user_id");
    IF TG_OP = 'UPDATE' AND OLD."user_id" <> NEW."user_id" THEN
      INSERT INTO "widget_config_changes" ("user_id") VALUES (OLD."user_id");
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "widgets_config_change" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "website_id", "type_id", "is_active", "settings", "created_at" ON "widgets"
  FOR EACH ROW EXECUTE FUNCTION "note_widget_config_change"();
--> statement-breakpoint
CREATE TRIGGER "websites_config_change" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "public_key" ON "websites"
  FOR EACH ROW EXECUTE FUNCTION "note_widget_config_change"();
--> statement-breakpoint
CREATE TRIGGER "users_config_change" AFTER UPDATE OF "timezone", "deleted_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "note_widget_config_change"();
