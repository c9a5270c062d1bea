CREATE TABLE "website_installations" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"seen_at" timestamp with time zone,
	"seen_page" text,
	"elsewhere_seen_at" timestamp with time zone,
	"elsewhere_page" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "getting_started_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "website_installations" ADD CONSTRAINT "website_installations_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_installations" ADD CONSTRAINT "website_installations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Test calls (issue 21, "Call me now"): a client's own Call now, placed through a widget's
-- settings to a number the client enters, free of credits and limited per account. They appear in
-- Calls History and nowhere in analytics.

-- An account's test calls, newest last: the limit's count (accept_test_call), the allowance the
-- dashboard shows, the Calls History count's whole days (callCount.ts) and the Getting started
-- checklist read a handful of rows here, whatever the account's history. Custom SQL, not in the
-- schema: drizzle-kit has no say in it (a dry generate stays "No schema changes").
CREATE INDEX "calls_test_idx" ON "calls" USING btree ("user_id","created_at") WHERE "is_test";
--> statement-breakpoint

-- daily_call_counters as migration 0004 wrote it, test calls left out: daily_widget_usage feeds
-- the Analytics screen (summary, chart, widget-type cards). is_test never changes on a row, so
-- what an insert left out, an update or a delete never takes away.
CREATE OR REPLACE FUNCTION daily_call_counters() RETURNS trigger
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
      FROM old_calls WHERE website_id IS NOT NULL AND NOT is_test
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
    FROM new_calls WHERE website_id IS NOT NULL AND NOT is_test
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
-- daily_source_counters as migration 0022 wrote it, test calls left out (the Calls by source
-- card). The early return of an update that moves no counted column stays: is_test never changes.
CREATE OR REPLACE FUNCTION daily_source_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: old_calls exists for UPDATE and DELETE only, and a query naming it fails to plan on INSERT.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_calls o JOIN new_calls n USING (id)
      WHERE (o.user_id, o.website_id, o.widget_type_id, o.created_at, o.traffic_source_id, o.type)
        IS DISTINCT FROM (n.user_id, n.website_id, n.widget_type_id, n.created_at, n.traffic_source_id, n.type)) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE daily_source_usage AS u SET calls = u.calls - c.calls, scheduled_calls = u.scheduled_calls - c.scheduled_calls
    FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, website_id, widget_type_id, coalesce(traffic_source_id, 0) AS traffic_source_id,
        count(*) AS calls, count(*) FILTER (WHERE type = 'scheduled') AS scheduled_calls
      FROM old_calls WHERE website_id IS NOT NULL AND NOT is_test
      GROUP BY 1, 2, 3, 4, 5
    ) AS c
    WHERE u.user_id = c.user_id AND u.day = c.day AND u.website_id = c.website_id AND u.widget_type_id = c.widget_type_id
      AND u.traffic_source_id = c.traffic_source_id;
    UPDATE monthly_source_usage AS u SET calls = u.calls - c.calls, scheduled_calls = u.scheduled_calls - c.scheduled_calls
    FROM (
      SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, website_id, widget_type_id, coalesce(traffic_source_id, 0) AS traffic_source_id,
        count(*) AS calls, count(*) FILTER (WHERE type = 'scheduled') AS scheduled_calls
      FROM old_calls WHERE website_id IS NOT NULL AND NOT is_test
      GROUP BY 1, 2, 3, 4, 5
    ) AS c
    WHERE u.user_id = c.user_id AND u.month = c.month AND u.website_id = c.website_id AND u.widget_type_id = c.widget_type_id
      AND u.traffic_source_id = c.traffic_source_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO daily_source_usage AS u (user_id, day, website_id, widget_type_id, traffic_source_id, calls, scheduled_calls)
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, website_id, widget_type_id, coalesce(traffic_source_id, 0),
      count(*), count(*) FILTER (WHERE type = 'scheduled')
    FROM new_calls WHERE website_id IS NOT NULL AND NOT is_test
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, day, website_id, widget_type_id, traffic_source_id) DO UPDATE SET
      calls = u.calls + excluded.calls,
      scheduled_calls = u.scheduled_calls + excluded.scheduled_calls;
    INSERT INTO monthly_source_usage AS u (user_id, month, website_id, widget_type_id, traffic_source_id, calls, scheduled_calls)
    SELECT user_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, website_id, widget_type_id, coalesce(traffic_source_id, 0),
      count(*), count(*) FILTER (WHERE type = 'scheduled')
    FROM new_calls WHERE website_id IS NOT NULL AND NOT is_test
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, month, website_id, widget_type_id, traffic_source_id) DO UPDATE SET
      calls = u.calls + excluded.calls,
      scheduled_calls = u.scheduled_calls + excluded.scheduled_calls;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A test call accepted or refused in one statement (domain/callEngine/testCalls.ts): the account
-- verified, the number not on its block list, and fewer than p.limit test calls of the account
-- in the p.windowSeconds before p.at — counted under a lock of the account's test calls, held
-- until the call is written and committed, so parallel requests on any number of instances are
-- admitted one after the other and exactly `limit` pass. Then the call is written as a Call now
-- would be (accept_instant_calls, migration 0022) but with is_test, nothing held on the balance
-- (reserved_credits 0: settleCallCredits charges a test call nothing) and no client
-- notification of a request the client made. Answers {outcome: accepted, callId, convertId,
-- url, used}, or a refusal: unverified, not_found (no such widget of the account), blocked, limited
-- {retryAfterSeconds}.
CREATE FUNCTION accept_test_call(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := (p->>'userId')::integer;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_since timestamptz := (p->>'at')::timestamptz - make_interval(secs => (p->>'windowSeconds')::integer);
  v_widget record;
  v_used integer;
  v_oldest timestamptz;
  v_id integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = v_user AND email_verified_at IS NOT NULL AND deleted_at IS NULL) THEN
    RETURN jsonb_build_object('outcome', 'unverified');
  END IF;
  SELECT w.id, w.website_id, w.name, w.type_id, s.domain INTO v_widget FROM widgets w JOIN websites s ON s.id = w.website_id
  WHERE w.id = (p->>'widgetId')::integer AND w.user_id = v_user;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'not_found');
  END IF;
  IF visitor_blocked(v_user, ARRAY(SELECT jsonb_array_elements_text(p->'numberSpellings')), NULL) THEN
    RETURN jsonb_build_object('outcome', 'blocked');
  END IF;
  -- The account's own lock for test calls (the second key cannot be a number's hashtext by
  -- chance in a way that matters: at worst a Call now to that number waits for this statement).
  PERFORM pg_advisory_xact_lock(v_user, hashtext('test calls'));
  -- Read after the lock: a statement of a volatile function sees what committed before it began.
  SELECT count(*), min(created_at) INTO v_used, v_oldest FROM calls WHERE user_id = v_user AND is_test AND created_at > v_since;
  IF v_used >= (p->>'limit')::integer THEN
    -- The oldest call of the window leaves it first.
    RETURN jsonb_build_object('outcome', 'limited', 'retryAfterSeconds',
      greatest(1, ceil(extract(epoch FROM (v_oldest + make_interval(secs => (p->>'windowSeconds')::integer) - v_at)))::integer));
  END IF;
  INSERT INTO calls (user_id, convert_id, is_test, website_id, widget_id, widget_name, widget_type_id, type, status, url,
    visitor_language, customer_number, called_from, reserved_credits, placement_claimed_at, created_at)
  VALUES (v_user, p->>'convertId', true, v_widget.website_id, v_widget.id, v_widget.name, v_widget.type_id, 'instant', 'no-answer',
    -- The website's home page: what the agent's whisper names as the page the visitor asked from.
    'https://' || v_widget.domain || '/',
    p->>'visitorLanguage', p->>'customerNumber', p->>'calledFrom', 0, v_at, v_at)
  RETURNING id INTO v_id;
  RETURN jsonb_build_object('outcome', 'accepted', 'callId', v_id, 'convertId', p->>'convertId', 'url', 'https://' || v_widget.domain || '/', 'used', v_used + 1);
END $$;
--> statement-breakpoint

-- How many test calls an account placed in the window before p_at, and when the oldest leaves it
-- (the dashboard's "test calls left today").
CREATE FUNCTION test_calls_used(p_user_id integer, p_at timestamptz, p_window_seconds integer, OUT used integer, OUT oldest timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer, min(created_at) FROM calls WHERE user_id = p_user_id AND is_test AND created_at > p_at - make_interval(secs => p_window_seconds)
$$;
