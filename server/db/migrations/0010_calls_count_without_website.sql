-- The Calls History count (domain/callHistory/callCount.ts) adds up the daily call counters of
-- migration 0004 for whole days; calls whose website was deleted (website_id set null) have no
-- counters and are counted from calls, through this index. Usually empty.
CREATE INDEX "calls_without_website_idx" ON "calls" USING btree ("user_id","created_at","widget_type_id","status","type") WHERE "calls"."website_id" is null;