DROP INDEX "calls_user_id_created_at_idx";--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "widget_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "widget_type_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "calls_user_timeline_idx" ON "calls" USING btree ("user_id","created_at","id","website_id","widget_type_id","status","type");