-- Calls per website, widget type and UTC day are kept in daily_widget_usage by the database
-- itself, whoever writes calls (the demo seed, the call simulator, Twilio callbacks): the
-- Analytics query then reads days × websites × types rows instead of scanning every call of the
-- range (a year of a busy account is a million calls). Statement-level triggers with transition
-- tables aggregate a whole batch in one upsert.
--   calls_<status>:     every call with that status, instant and scheduled;
--   scheduled_<status>: the scheduled ones among them.
-- Counts are added for the new rows and taken away for the old rows. Taking away only updates
-- counters that exist: when a website is deleted its counters go first (ON DELETE CASCADE) and
-- its calls keep no website (ON DELETE SET NULL), which must not recreate them.
CREATE FUNCTION daily_call_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE daily_widget_usage AS u SET
      calls_successful = u.calls_successful - c.calls_successful,
      calls_missed = u.calls_missed - c.calls_missed,
      calls_busy = u.calls_busy - c.calls_busy,
      calls_no_answer = u.calls_no_answer - c.calls_no_answer,
      scheduled_successful = u.scheduled_successful - c.scheduled_successful,
      scheduled_missed = u.scheduled_missed - c.scheduled_missed,
      scheduled_busy = u.scheduled_busy - c.scheduled_busy,
      scheduled_no_answer = u.scheduled_no_answer - c.scheduled_no_answer
    FROM (
      SELECT website_id, widget_type_id, (created_at AT TIME ZONE 'UTC')::date AS day,
        count(*) FILTER (WHERE status = 'successful') AS calls_successful,
        count(*) FILTER (WHERE status = 'missed') AS calls_missed,
        count(*) FILTER (WHERE status = 'busy') AS calls_busy,
        count(*) FILTER (WHERE status = 'no-answer') AS calls_no_answer,
        count(*) FILTER (WHERE type = 'scheduled' AND status = 'successful') AS scheduled_successful,
        count(*) FILTER (WHERE type = 'scheduled' AND status = 'missed') AS scheduled_missed,
        count(*) FILTER (WHERE type = 'scheduled' AND status = 'busy') AS scheduled_busy,
        count(*) FILTER (WHERE type = 'scheduled' AND status = 'no-answer') AS scheduled_no_answer
      FROM old_calls WHERE website_id IS NOT NULL
      GROUP BY 1, 2, 3
    ) AS c
    WHERE u.website_id = c.website_id AND u.widget_type_id = c.widget_type_id AND u.day = c.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO daily_widget_usage AS u (user_id, website_id, widget_type_id, day,
      calls_successful, calls_missed, calls_busy, calls_no_answer,
      scheduled_successful, scheduled_missed, scheduled_busy, scheduled_no_answer)
    SELECT user_id, website_id, widget_type_id, (created_at AT TIME ZONE 'UTC')::date,
      count(*) FILTER (WHERE status = 'successful'),
      count(*) FILTER (WHERE status = 'missed'),
      count(*) FILTER (WHERE status = 'busy'),
      count(*) FILTER (WHERE status = 'no-answer'),
      count(*) FILTER (WHERE type = 'scheduled' AND status = 'successful'),
      count(*) FILTER (WHERE type = 'scheduled' AND status = 'missed'),
      count(*) FILTER (WHERE type = 'scheduled' AND status = 'busy'),
      count(*) FILTER (WHERE type = 'scheduled' AND status = 'no-answer')
    FROM new_calls WHERE website_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (website_id, widget_type_id, day) DO UPDATE SET
      calls_successful = u.calls_successful + excluded.calls_successful,
      calls_missed = u.calls_missed + excluded.calls_missed,
      calls_busy = u.calls_busy + excluded.calls_busy,
      calls_no_answer = u.calls_no_answer + excluded.calls_no_answer,
      scheduled_successful = u.scheduled_successful + excluded.scheduled_successful,
      scheduled_missed = u.scheduled_missed + excluded.scheduled_missed,
      scheduled_busy = u.scheduled_busy + excluded.scheduled_busy,
      scheduled_no_answer = u.scheduled_no_answer + excluded.scheduled_no_answer;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calls_count_inserted AFTER INSERT ON calls
REFERENCING NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION daily_call_counters();
--> statement-breakpoint
CREATE TRIGGER calls_count_updated AFTER UPDATE ON calls
REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION daily_call_counters();
--> statement-breakpoint
CREATE TRIGGER calls_count_deleted AFTER DELETE ON calls
REFERENCING OLD TABLE AS old_calls
FOR EACH STATEMENT EXECUTE FUNCTION daily_call_counters();
--> statement-breakpoint
-- Counters for the calls written before this migration.
INSERT INTO daily_widget_usage AS u (user_id, website_id, widget_type_id, day,
  calls_successful, calls_missed, calls_busy, calls_no_answer,
  scheduled_successful, scheduled_missed, scheduled_busy, scheduled_no_answer)
SELECT user_id, website_id, widget_type_id, (created_at AT TIME ZONE 'UTC')::date,
  count(*) FILTER (WHERE status = 'successful'),
  count(*) FILTER (WHERE status = 'missed'),
  count(*) FILTER (WHERE status = 'busy'),
  count(*) FILTER (WHERE status = 'no-answer'),
  count(*) FILTER (WHERE type = 'scheduled' AND status = 'successful'),
  count(*) FILTER (WHERE type = 'scheduled' AND status = 'missed'),
  count(*) FILTER (WHERE type = 'scheduled' AND status = 'busy'),
  count(*) FILTER (WHERE type = 'scheduled' AND status = 'no-answer')
FROM calls WHERE website_id IS NOT NULL
GROUP BY 1, 2, 3, 4
ON CONFLICT (website_id, widget_type_id, day) DO UPDATE SET
  calls_successful = excluded.calls_successful,
  calls_missed = excluded.calls_missed,
  calls_busy = excluded.calls_busy,
  calls_no_answer = excluded.calls_no_answer,
  scheduled_successful = excluded.scheduled_successful,
  scheduled_missed = excluded.scheduled_missed,
  scheduled_busy = excluded.scheduled_busy,
  scheduled_no_answer = excluded.scheduled_no_answer;
