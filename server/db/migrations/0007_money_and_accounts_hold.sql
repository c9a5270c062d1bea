CREATE TABLE "call_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"per_widget" integer NOT NULL,
	"per_account" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_limits_positive" CHECK ("call_limits"."per_widget" >= 1 and "call_limits"."per_account" >= 1)
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "call_countries" text[];--> statement-breakpoint
ALTER TABLE "auto_recharges" ADD COLUMN "max_per_day" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "reserved_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_limits" ADD CONSTRAINT "call_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_recharge_jobs_user_id_created_at_idx" ON "auto_recharge_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "calls_reserved_credits_idx" ON "calls" USING btree ("user_id") WHERE "calls"."reserved_credits" > 0;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_reserved_not_negative" CHECK ("credits"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_reserved_credits_not_negative" CHECK ("calls"."reserved_credits" >= 0);