-- Call now requests sent together (issue 17: 100 visitors asking at once). Two statements a
-- request still queued a crowd behind each other: PGlite runs one statement at a time, and on
-- PostgreSQL every acceptance for one widget waits on the same velocity counters and balance row
-- until its transaction ends. The server now sends the requests that arrive while such a
-- statement runs together, in one (server/db/groupCommit.ts): call_request_contexts for what a
-- request reads first, accept_instant_calls for the acceptances of one widget. Each answers what
-- the single function answers for each request, in order, and is one transaction: one commit for
-- the crowd, and each row locked once.

-- What call_request_context answers after its address count: the website a widget key names,
-- its account, and the call context of one of its widgets (null for an unknown key).
CREATE FUNCTION keyed_call_context(p_public_key text, p_widget_id integer) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_website record;
BEGIN
  SELECT s.id, s.user_id, u.deleted_at IS NOT NULL AS account_deleted INTO v_website
  FROM websites s JOIN users u ON u.id = s.user_id
  WHERE s.public_key = p_public_key;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object(
    'websiteId', v_website.id,
    'userId', v_website.user_id,
    'accountDeleted', v_website.account_deleted,
    'context', call_context(v_website.user_id, p_widget_id, v_website.id));
END $$;
--> statement-breakpoint

-- One hit of `p_key` against a limit of `p_max` hits in its fixed window: null within the limit,
-- else the seconds until the window ends (the per-address and per-number limits of a Call now).
CREATE FUNCTION rate_limit_retry_after(p_key text, p_max integer, p_window_seconds integer, p_at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_hit record;
BEGIN
  SELECT * INTO v_hit FROM count_rate_hit(p_key, p_window_seconds, p_at);
  IF v_hit.hits > p_max THEN
    RETURN v_hit.retry_after_seconds;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- One hit of a request against its address's limit (`p_limit`: key, max, windowSeconds, at):
-- null within the limit, else {limited: true, retryAfterSeconds}.
CREATE FUNCTION address_limit_refusal(p_limit jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_retry integer := rate_limit_retry_after(p_limit->>'key', (p_limit->>'max')::integer, (p_limit->>'windowSeconds')::integer, (p_limit->>'at')::timestamptz);
BEGIN
  IF v_retry IS NOT NULL THEN
    RETURN jsonb_build_object('limited', true, 'retryAfterSeconds', v_retry);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION call_request_context(p_public_key text, p_widget_id integer, p_address_limit jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_refusal jsonb := address_limit_refusal(p_address_limit);
BEGIN
  IF v_refusal IS NOT NULL THEN
    RETURN v_refusal;
  END IF;
  RETURN jsonb_build_object('limited', false, 'website', keyed_call_context(p_public_key, p_widget_id));
END $$;
--> statement-breakpoint

-- call_request_context for several requests (`p`: [{publicKey, widgetId, addressLimit}]), in one
-- transaction: {answers, websites}, an answer per request in order, {limited: true,
-- retryAfterSeconds} or {limited: false, website: k} where websites->k is what
-- keyed_call_context answers for that key and widget (read once for all the requests that name
-- them). The address counters are counted in the order of their keys, so two batches on two
-- instances never wait on each other's counters in a cycle.
CREATE FUNCTION call_request_contexts(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_refusal jsonb;
  v_refusals jsonb := '{}'::jsonb;
  v_answers jsonb[] := '{}';
  v_websites jsonb := '{}'::jsonb;
  v_key text;
BEGIN
  FOR v_item IN SELECT value, ordinality FROM jsonb_array_elements(p) WITH ORDINALITY ORDER BY value->'addressLimit'->>'key', ordinality LOOP
    v_refusal := address_limit_refusal(v_item.value->'addressLimit');
    IF v_refusal IS NOT NULL THEN
      v_refusals := v_refusals || jsonb_build_object(v_item.ordinality::text, v_refusal);
    END IF;
  END LOOP;
  FOR v_item IN SELECT value, ordinality FROM jsonb_array_elements(p) WITH ORDINALITY ORDER BY ordinality LOOP
    IF v_refusals ? v_item.ordinality::text THEN
      v_answers := array_append(v_answers, v_refusals->(v_item.ordinality::text));
    ELSE
      v_key := (v_item.value->>'widgetId') || ':' || (v_item.value->>'publicKey');
      IF NOT v_websites ? v_key THEN
        v_websites := v_websites || jsonb_build_object(v_key, keyed_call_context(v_item.value->>'publicKey', (v_item.value->>'widgetId')::integer));
      END IF;
      v_answers := array_append(v_answers, jsonb_build_object('limited', false, 'website', v_key));
    END IF;
  END LOOP;
  RETURN jsonb_build_object('answers', to_jsonb(v_answers), 'websites', v_websites);
END $$;
--> statement-breakpoint

-- count_rate_hit for any number of hits (0: reads the window's count and locks its counter until
-- the transaction ends). The one home of the fixed windows.
CREATE FUNCTION count_rate_hits(p_key text, p_window_seconds integer, p_at timestamptz, p_hits integer, OUT hits integer, OUT retry_after_seconds integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_window_start timestamptz := to_timestamp(floor(extract(epoch FROM p_at) / p_window_seconds) * p_window_seconds);
BEGIN
  INSERT INTO widget_rate_counters AS c (key, window_start, hits) VALUES (p_key, v_window_start, p_hits)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + p_hits
  RETURNING c.hits INTO hits;
  retry_after_seconds := greatest(1, ceil(extract(epoch FROM v_window_start + make_interval(secs => p_window_seconds) - p_at))::integer);
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION count_rate_hit(p_key text, p_window_seconds integer, p_at timestamptz, OUT hits integer, OUT retry_after_seconds integer)
LANGUAGE sql AS $$
  SELECT * FROM count_rate_hits(p_key, p_window_seconds, p_at, 1)
$$;
--> statement-breakpoint

-- How many holds of `p_amount` credits an account's available balance can pay without passing
-- its overdraft, locking the balance until the transaction ends (0 without a balance). The one
-- home of the hold's rule (reserve_credits and accept_instant_calls through hold_credits;
-- admit_call_velocities).
CREATE FUNCTION payable_holds(p_user_id integer, p_amount integer) RETURNS integer
LANGUAGE sql AS $$
  SELECT coalesce((
    SELECT CASE
      WHEN p_amount IS NULL OR c.credits - c.reserved < c.overdraft THEN 0
      WHEN p_amount <= 0 THEN 2147483647
      ELSE least(2147483647, floor((c.credits - c.reserved - c.overdraft)::numeric / p_amount))::integer
    END
    FROM credits c WHERE c.user_id = p_user_id FOR UPDATE), 0)
$$;
--> statement-breakpoint

-- Holds `p_amount` credits up to `p_count` times, as many as the balance can pay: how many were
-- held, and the balance after.
CREATE FUNCTION hold_credits(p_user_id integer, p_amount integer, p_count integer, OUT held integer, OUT credits integer, OUT reserved integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  held := least(p_count, payable_holds(p_user_id, p_amount));
  IF held > 0 THEN
    UPDATE credits AS c SET reserved = c.reserved + held * p_amount WHERE c.user_id = p_user_id
    RETURNING c.credits, c.reserved INTO credits, reserved;
  ELSE
    SELECT c.credits, c.reserved INTO credits, reserved FROM credits AS c WHERE c.user_id = p_user_id;
  END IF;
END $$;
--> statement-breakpoint

-- As before: one hold, or no row when refused (domain/credits/reservations.ts reserveCredits).
CREATE OR REPLACE FUNCTION reserve_credits(p_user_id integer, p_amount integer) RETURNS TABLE (credits integer, reserved integer)
LANGUAGE sql AS $$
  SELECT h.credits, h.reserved FROM hold_credits(p_user_id, p_amount, 1) AS h WHERE h.held = 1
$$;
--> statement-breakpoint

-- The client's velocity limits for `p_requests` requests to one widget in a row (one:
-- admit_call_velocity), each counted as admit_call_velocity counts one, and the counters written
-- once (their rows locked first, and kept at 0 hits when all is taken back). With `p_hold`
-- (credits), the requests the limits let through are then paid a hold each while the balance
-- can (payable_holds, locked when the first one passes); past it a request answers
-- {allowed: false, unpaid: true} and its counts are taken back (nothing was accepted). Null
-- `p_limits`: no velocity limits, only the holds. A verdict per request, in order:
-- {allowed: true} or the refusal (scope, retryAfterSeconds, max, notifyClient).
CREATE FUNCTION admit_call_velocities(p_user_id integer, p_widget_id integer, p_at timestamptz, p_limits jsonb, p_requests integer, p_hold integer) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_per_widget integer;
  v_per_account integer;
  v_checks integer := CASE WHEN p_limits IS NULL THEN 0 ELSE 2 END;
  v_scopes text[] := ARRAY['widget', 'account'];
  v_keys text[] := ARRAY['velocity:widget:' || p_user_id || ':' || p_widget_id, 'velocity:account:' || p_user_id];
  v_windows integer[] := ARRAY[(p_limits->>'widgetWindowSeconds')::integer, (p_limits->>'accountWindowSeconds')::integer];
  v_max integer[];
  v_hits integer[] := ARRAY[0, 0];
  v_counted integer[] := ARRAY[0, 0];
  v_retry integer[] := ARRAY[0, 0];
  v_payable integer;
  v_paid integer := 0;
  v_verdict jsonb;
  v_verdicts jsonb[] := '{}';
  v_mail_hits integer;
  v_counter record;
BEGIN
  IF p_limits IS NOT NULL THEN
    SELECT per_widget, per_account INTO v_per_widget, v_per_account FROM call_limits WHERE user_id = p_user_id;
    IF NOT FOUND THEN
      v_per_widget := (p_limits->>'perWidget')::integer;
      v_per_account := (p_limits->>'perAccount')::integer;
    END IF;
    IF v_per_widget IS NULL OR v_per_account IS NULL OR v_windows[1] IS NULL OR v_windows[2] IS NULL THEN
      RAISE EXCEPTION 'admit_call_velocities: limits and windows are required, got %', p_limits;
    END IF;
    v_max := ARRAY[v_per_widget, v_per_account];
  END IF;
  FOR s IN 1..v_checks LOOP
    SELECT * INTO v_counter FROM count_rate_hits(v_keys[s], v_windows[s], p_at, 0);
    v_hits[s] := v_counter.hits;
    v_retry[s] := v_counter.retry_after_seconds;
  END LOOP;
  FOR i IN 1..p_requests LOOP
    -- The widget's count, then the account's; the first refusal of a window asks to tell the
    -- client, once per account and account window.
    v_verdict := NULL;
    FOR s IN 1..v_checks LOOP
      v_hits[s] := v_hits[s] + 1;
      v_counted[s] := v_counted[s] + 1;
      IF v_hits[s] > v_max[s] THEN
        v_mail_hits := NULL;
        IF v_hits[s] = v_max[s] + 1 THEN
          SELECT h.hits INTO v_mail_hits FROM count_rate_hit('velocity:mail:' || p_user_id, v_windows[2], p_at) AS h;
        END IF;
        v_verdict := jsonb_build_object('allowed', false, 'scope', v_scopes[s], 'retryAfterSeconds', v_retry[s], 'max', v_max[s], 'notifyClient', coalesce(v_mail_hits = 1, false));
        EXIT;
      END IF;
    END LOOP;
    IF v_verdict IS NULL AND p_hold IS NOT NULL THEN
      v_payable := coalesce(v_payable, payable_holds(p_user_id, p_hold));
      IF v_paid >= v_payable THEN
        FOR s IN 1..v_checks LOOP
          v_hits[s] := v_hits[s] - 1;
          v_counted[s] := v_counted[s] - 1;
        END LOOP;
        v_verdict := '{"allowed": false, "unpaid": true}'::jsonb;
      END IF;
    END IF;
    IF v_verdict IS NULL THEN
      v_paid := v_paid + 1;
      v_verdict := '{"allowed": true}'::jsonb;
    END IF;
    v_verdicts := array_append(v_verdicts, v_verdict);
  END LOOP;
  FOR s IN 1..v_checks LOOP
    IF v_counted[s] <> 0 THEN
      PERFORM count_rate_hits(v_keys[s], v_windows[s], p_at, v_counted[s]);
    END IF;
  END LOOP;
  RETURN to_jsonb(v_verdicts);
END $$;
--> statement-breakpoint

-- As before (domain/limits/callVelocity.ts admitByVelocity documents the rule): one request.
CREATE OR REPLACE FUNCTION admit_call_velocity(p_user_id integer, p_widget_id integer, p_at timestamptz, p_limits jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF p_limits IS NULL THEN
    RAISE EXCEPTION 'admit_call_velocity: limits and windows are required';
  END IF;
  RETURN admit_call_velocities(p_user_id, p_widget_id, p_at, p_limits, 1, NULL)->0;
END $$;
--> statement-breakpoint

-- The notifications a widget's setting asks for about an event, for any number of calls or
-- callbacks (`p_call_ids` and `p_scheduled_call_ids` side by side), read as the setting is now.
CREATE FUNCTION queue_client_notifications_for(p_widget_id integer, p_event text, p_call_ids integer[], p_scheduled_call_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO client_notifications (user_id, event, channel, "to", call_id, scheduled_call_id)
  SELECT w.user_id, p_event, c.channel, btrim(c.setting->>'value'), e.call_id, e.scheduled_call_id
  FROM widgets w,
    LATERAL (VALUES (1, 'email', w.notifications->'email'), (2, 'text', w.notifications->'phoneNumber')) AS c(position, channel, setting),
    unnest(p_call_ids, p_scheduled_call_ids) WITH ORDINALITY AS e(call_id, scheduled_call_id, position)
  WHERE w.id = p_widget_id
    AND (c.setting->>'isActive')::boolean IS TRUE
    AND coalesce(btrim(c.setting->>'value'), '') <> ''
  ORDER BY e.position, c.position
$$;
--> statement-breakpoint

-- As before (domain/notifications/clientNotifications.ts queueNotifications): one event.
CREATE OR REPLACE FUNCTION queue_client_notifications(p_widget_id integer, p_event text, p_call_id integer, p_scheduled_call_id integer) RETURNS void
LANGUAGE sql AS $$
  SELECT queue_client_notifications_for(p_widget_id, p_event, ARRAY[p_call_id], ARRAY[p_scheduled_call_id])
$$;
--> statement-breakpoint

-- What accept_instant_calls checks first for a request with p.guard (none without): whether the
-- account blocks the visitor, then the visitor's number's count. Null when the request passes,
-- else its refusal (outcome blocked, or rate_limited with retryAfterSeconds).
CREATE FUNCTION guard_instant_call(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_retry integer;
BEGIN
  IF NOT p ? 'guard' THEN
    RETURN NULL;
  END IF;
  IF visitor_blocked((p->>'userId')::integer, ARRAY(SELECT jsonb_array_elements_text(p->'guard'->'numberSpellings')), p->'guard'->>'address') THEN
    RETURN jsonb_build_object('outcome', 'blocked');
  END IF;
  v_retry := rate_limit_retry_after(p->'guard'->>'numberLimitKey', (p->'guard'->>'numberLimitMax')::integer, (p->'guard'->>'numberLimitWindowSeconds')::integer, (p->>'at')::timestamptz);
  IF v_retry IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'rate_limited', 'retryAfterSeconds', v_retry);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Call now requests to one widget, each from another number (`p`: accept_instant_call's input
-- for each, in the order they came), accepted or refused in one transaction: an answer each, in
-- the same order, as accept_instant_call (migration 0014) lists them. In that order of checks:
--   1. the guards (block list, the number's count), in the order of the counters' keys;
--   2. the numbers' locks, in the order of their keys;
--   3. each number's duplicate within its request's window;
--   4. the velocity limits and the hold, for the requests left in the order they came
--      (admit_call_velocities: each counter and the balance are written once);
--   5. one INSERT of the accepted calls and one of their notifications.
-- Each kind of lock is taken for the whole batch before the next kind, in the order a single
-- request takes one of each, so that a batch never waits on another (of another instance) in a
-- cycle. The velocity counts are those of the last request's time (the batch is accepted then).
-- `rechargeDue` is on the last accepted request only: the hold of the batch is one.
CREATE FUNCTION accept_instant_calls(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_last jsonb := p->(jsonb_array_length(p) - 1);
  v_user integer := (v_last->>'userId')::integer;
  v_widget integer := (v_last->>'widgetId')::integer;
  v_credits integer := (v_last->>'credits')::integer;
  v_item record;
  v_refusal jsonb;
  v_answers jsonb := '{}'::jsonb;
  v_candidates integer[] := '{}';
  v_verdicts jsonb;
  v_accepted jsonb := '[]'::jsonb;
  v_held record;
  v_ids jsonb;
  v_result jsonb[] := '{}';
  v_last_accepted text;
BEGIN
  IF (SELECT count(DISTINCT (value->>'userId', value->>'widgetId', value->>'credits', value->'velocity', value ? 'guard')) <> 1
      OR count(DISTINCT value->>'customerNumber') <> count(*) FROM jsonb_array_elements(p)) THEN
    RAISE EXCEPTION 'accept_instant_calls: the requests of a batch are for one widget, with the same limits, each from another number';
  END IF;
  FOR v_item IN SELECT value, ordinality FROM jsonb_array_elements(p) WITH ORDINALITY ORDER BY value->'guard'->>'numberLimitKey', ordinality LOOP
    v_refusal := guard_instant_call(v_item.value);
    IF v_refusal IS NOT NULL THEN
      v_answers := v_answers || jsonb_build_object(v_item.ordinality::text, v_refusal);
    END IF;
  END LOOP;
  FOR v_item IN
    SELECT hashtext(value->>'customerNumber') AS number_key
    FROM jsonb_array_elements(p) WITH ORDINALITY
    WHERE NOT v_answers ? ordinality::text
    ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(v_user, v_item.number_key);
  END LOOP;
  SELECT v_answers || coalesce(jsonb_object_agg(e.ordinality::text, jsonb_build_object('outcome', 'duplicate', 'callId', d.id, 'convertId', d.convert_id)), '{}'::jsonb)
  INTO v_answers
  FROM jsonb_array_elements(p) WITH ORDINALITY AS e(value, ordinality),
    LATERAL (
      SELECT c.id, c.convert_id FROM calls c
      WHERE c.user_id = v_user AND c.customer_number = e.value->>'customerNumber' AND c.type = 'instant' AND c.created_at >= (e.value->>'duplicateSince')::timestamptz
      ORDER BY c.created_at DESC LIMIT 1) AS d
  WHERE NOT v_answers ? e.ordinality::text;
  v_candidates := ARRAY(SELECT ordinality::integer FROM generate_series(1, jsonb_array_length(p)) AS ordinality WHERE NOT v_answers ? ordinality::text ORDER BY 1);
  IF cardinality(v_candidates) > 0 THEN
    v_verdicts := admit_call_velocities(v_user, v_widget, (v_last->>'at')::timestamptz, v_last->'velocity', cardinality(v_candidates), v_credits);
    FOR i IN 1..cardinality(v_candidates) LOOP
      IF (v_verdicts->(i - 1)->>'allowed')::boolean THEN
        v_accepted := v_accepted || (p->(v_candidates[i] - 1) || jsonb_build_object('ordinality', v_candidates[i]));
      ELSIF (v_verdicts->(i - 1)->>'unpaid')::boolean THEN
        v_answers := v_answers || jsonb_build_object(v_candidates[i]::text, jsonb_build_object('outcome', 'no_credits'));
      ELSE
        v_answers := v_answers || jsonb_build_object(v_candidates[i]::text, (v_verdicts->(i - 1)) || jsonb_build_object('outcome', 'velocity'));
      END IF;
    END LOOP;
  END IF;
  IF jsonb_array_length(v_accepted) > 0 THEN
    SELECT * INTO v_held FROM hold_credits(v_user, v_credits, jsonb_array_length(v_accepted));
    IF v_held.held <> jsonb_array_length(v_accepted) THEN
      RAISE EXCEPTION 'accept_instant_calls: % holds paid for % calls', v_held.held, jsonb_array_length(v_accepted);
    END IF;
    WITH inserted AS (
      INSERT INTO calls (user_id, convert_id, website_id, widget_id, widget_name, widget_type_id, type, status, url,
        visitor_language, customer_number, called_from, reserved_credits, placement_claimed_at, created_at)
      SELECT v_user, a->>'convertId', (a->>'websiteId')::integer, v_widget, a->>'widgetName', (a->>'widgetTypeId')::integer,
        'instant', 'no-answer', a->>'url', a->>'visitorLanguage', a->>'customerNumber', a->>'calledFrom', v_credits, (a->>'at')::timestamptz, (a->>'at')::timestamptz
      FROM jsonb_array_elements(v_accepted) WITH ORDINALITY AS e(a, position)
      ORDER BY e.position
      RETURNING id, convert_id
    )
    SELECT jsonb_object_agg(convert_id, id) INTO v_ids FROM inserted;
    PERFORM queue_client_notifications_for(v_widget, 'call_requested',
      ARRAY(SELECT (v_ids->>(a->>'convertId'))::integer FROM jsonb_array_elements(v_accepted) WITH ORDINALITY AS e(a, position) ORDER BY e.position),
      array_fill(NULL::integer, ARRAY[jsonb_array_length(v_accepted)]));
    v_last_accepted := (v_accepted->-1->>'ordinality');
    FOR v_item IN SELECT value AS a FROM jsonb_array_elements(v_accepted) LOOP
      v_answers := v_answers || jsonb_build_object(v_item.a->>'ordinality', jsonb_build_object(
        'outcome', 'accepted',
        'callId', (v_ids->>(v_item.a->>'convertId'))::integer,
        'convertId', v_item.a->>'convertId',
        -- autoRechargeTrigger.ts crossing: armed, and the balance now under the threshold.
        'rechargeDue', v_item.a->>'ordinality' = v_last_accepted
          AND EXISTS (SELECT 1 FROM auto_recharges WHERE user_id = v_user AND is_armed AND critical_credits > v_held.credits - v_held.reserved)));
    END LOOP;
  END IF;
  FOR i IN 1..jsonb_array_length(p) LOOP
    v_result := array_append(v_result, v_answers->(i::text));
  END LOOP;
  RETURN to_jsonb(v_result);
END $$;
--> statement-breakpoint

-- As before (migration 0014 lists the outcomes): a batch of one.
CREATE OR REPLACE FUNCTION accept_instant_call(p jsonb) RETURNS jsonb
LANGUAGE sql AS $$
  SELECT accept_instant_calls(jsonb_build_array(p))->0
$$;
