-- Widget counts get upper bounds (WIDGET_COUNT_BOUNDS in common/rules/widgetDefaults.ts, the
-- contract's maximum): a stored value above its bound is lowered to it, so every stored widget
-- still passes the contract when it is saved again (the Status switch and the picture save it whole).
-- Call limits follow the rule the Settings card and the server now share (isWidgetLimitWithinAccount):
-- a per-widget limit above the account's is lowered to it.
UPDATE "widgets" SET "settings" = jsonb_set("settings", '{settings,numberOfTries}', '9'::jsonb)
WHERE jsonb_typeof("settings" -> 'settings' -> 'numberOfTries') = 'number' AND ("settings" -> 'settings' ->> 'numberOfTries')::numeric > 9;
--> statement-breakpoint
UPDATE "widgets" SET "settings" = jsonb_set("settings", '{settings,minutesBetweenTries}', '59'::jsonb)
WHERE jsonb_typeof("settings" -> 'settings' -> 'minutesBetweenTries') = 'number' AND ("settings" -> 'settings' ->> 'minutesBetweenTries')::numeric > 59;
--> statement-breakpoint
UPDATE "widgets" SET "settings" = jsonb_set("settings", '{settings,showsAfter}', '3599'::jsonb)
WHERE jsonb_typeof("settings" -> 'settings' -> 'showsAfter') = 'number' AND ("settings" -> 'settings' ->> 'showsAfter')::numeric > 3599;
--> statement-breakpoint
UPDATE "widgets" SET "settings" = jsonb_set("settings", '{settings,repeatAfter}', '86399'::jsonb)
WHERE jsonb_typeof("settings" -> 'settings' -> 'repeatAfter') = 'number' AND ("settings" -> 'settings' ->> 'repeatAfter')::numeric > 86399;
--> statement-breakpoint
UPDATE "widgets" SET "settings" = jsonb_set("settings", '{settings,displaysPerVisit}', '99'::jsonb)
WHERE jsonb_typeof("settings" -> 'settings' -> 'displaysPerVisit') = 'number' AND ("settings" -> 'settings' ->> 'displaysPerVisit')::numeric > 99;
--> statement-breakpoint
UPDATE "call_limits" SET "per_widget" = "per_account" WHERE "per_widget" > "per_account";
