ALTER TABLE "calls" ADD COLUMN "visitor_language" text;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD COLUMN "recovers_call_id" integer;--> statement-breakpoint
ALTER TABLE "client_notifications" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "scheduled_calls" ADD CONSTRAINT "scheduled_calls_recovers_call_id_calls_id_fk" FOREIGN KEY ("recovers_call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_calls_recovers_call_id_idx" ON "scheduled_calls" USING btree ("recovers_call_id") WHERE "scheduled_calls"."recovers_call_id" is not null;--> statement-breakpoint
CREATE INDEX "client_notifications_missed_call_text_idx" ON "client_notifications" USING btree ("call_id") WHERE "client_notifications"."event" = 'missed_call_text';