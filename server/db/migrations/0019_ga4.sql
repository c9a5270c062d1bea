CREATE TABLE "call_attributions" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"ga_client_id" text,
	"ga_session_ids" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ga4_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ga4_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ga4_events_status_check" CHECK ("ga4_events"."status" in ('pending', 'sent', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "ga4_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"measurement_id" text NOT NULL,
	"api_secret" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure_reason" text,
	"last_failure_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ga4_settings_last_failure_reason_check" CHECK ("ga4_settings"."last_failure_reason" in ('unreachable', 'timeout', 'http_error'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD COLUMN "ga_client_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD COLUMN "ga_session_ids" jsonb;--> statement-breakpoint
ALTER TABLE "call_attributions" ADD CONSTRAINT "call_attributions_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_events" ADD CONSTRAINT "ga4_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_events" ADD CONSTRAINT "ga4_events_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_settings" ADD CONSTRAINT "ga4_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ga4_events_due_idx" ON "ga4_events" USING btree ("due_at") WHERE "ga4_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ga4_events_user_pending_idx" ON "ga4_events" USING btree ("user_id") WHERE "ga4_events"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ga4_events_call_id_key" ON "ga4_events" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "ga4_events_created_at_idx" ON "ga4_events" USING btree ("created_at");--> statement-breakpoint
-- Issue 19: a call's outcome queued for the account's GA4 property, in the transaction that
-- records it (callPlacement.ts sets outcome_recorded_at with the outcome), whichever code or SQL
-- writes it. Only for accounts with an active GA4 connection, and only for calls whose attribution
-- holds the visitor's GA client id (the `_ga` cookie): a call without one is not sent at all, as a
-- stand-in id would count a new user in the client's reports, and a missing `_ga` often means the
-- visitor declined analytics cookies. Set-based: one statement's calls make one insert. The
-- trigger first looks whether any account of its statement has a connection at all (a primary-key
-- probe of a small table), so the call path of accounts without GA4 runs nothing more; the Call
-- now's group commit inserts calls, which queue nothing (an attribution refers to its call, so it
-- comes after). ga4_events_call_id_key keeps one event per call. Sent by the GA4 worker
-- (server/workers/ga4Worker.ts).
CREATE FUNCTION "calls_ga4_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "ga4_settings" s WHERE s."is_active" AND s."user_id" IN (SELECT "user_id" FROM new_rows)) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "ga4_events" ("user_id", "call_id")
    SELECT n."user_id", n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" JOIN "ga4_settings" s ON s."user_id" = n."user_id" AND s."is_active"
    JOIN "call_attributions" a ON a."call_id" = n."id" AND a."ga_client_id" IS NOT NULL
    WHERE o."outcome_recorded_at" IS NULL AND n."outcome_recorded_at" IS NOT NULL
    ORDER BY n."id"
    ON CONFLICT ("call_id") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_updated_ga4_events" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "calls_ga4_events"();
--> statement-breakpoint
-- The other order: an attribution written once its call's outcome is recorded (a Call now's is
-- written after the visitor is answered, beside the placement, and a call that fails at once can
-- be recorded first) queues the event itself. Its call rows are share-locked first, so that this
-- and an outcome being recorded meanwhile wait for each other rather than miss each other: the
-- later one's statement, run after the earlier one committed, sees its row.
CREATE FUNCTION "call_attributions_ga4_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "calls" c WHERE c."id" IN (SELECT "call_id" FROM new_rows WHERE "ga_client_id" IS NOT NULL) ORDER BY c."id" FOR SHARE OF c;
  INSERT INTO "ga4_events" ("user_id", "call_id")
    SELECT c."user_id", c."id" FROM new_rows a JOIN "calls" c ON c."id" = a."call_id" JOIN "ga4_settings" s ON s."user_id" = c."user_id" AND s."is_active"
    WHERE a."ga_client_id" IS NOT NULL AND c."outcome_recorded_at" IS NOT NULL
    ORDER BY c."id"
    ON CONFLICT ("call_id") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "call_attributions_inserted_ga4_events" AFTER INSERT ON "call_attributions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "call_attributions_ga4_events"();
