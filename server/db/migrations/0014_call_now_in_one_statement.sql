-- Call now in one statement (issue 17: 100 visitors asking at once). Accepting a Call now was
-- about a dozen statements in a transaction, each a turn on the database (PGlite has one
-- connection) and a round trip; a crowd queued behind them for seconds. accept_instant_call does
-- the whole acceptance in one call, inside the database, with the same checks and locks (the
-- widget, its hours and the credit hint are checked before it, from the request's one read). Its parts are functions of their own, which the server's other paths call too, so each
-- rule has one home: the fixed-window counters, the client's velocity limits, the block list,
-- the credit hold and the notifications queued with an event.

-- One hit of `key` in the fixed window of `window_seconds` that holds `at`: the window's hits so
-- far (this one included) and the seconds until it ends. An upsert, so parallel requests on
-- several instances count exactly (domain/limits/rateLimits.ts hitRateLimit, admit_call_velocity,
-- call_request_context, accept_instant_call; old windows are deleted now and then by
-- rateLimits.ts sweepRateCounters, in a statement of its own).
CREATE FUNCTION count_rate_hit(p_key text, p_window_seconds integer, p_at timestamptz, OUT hits integer, OUT retry_after_seconds integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_window_start timestamptz := to_timestamp(floor(extract(epoch FROM p_at) / p_window_seconds) * p_window_seconds);
BEGIN
  INSERT INTO widget_rate_counters AS c (key, window_start, hits) VALUES (p_key, v_window_start, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET hits = c.hits + 1
  RETURNING c.hits INTO hits;
  retry_after_seconds := greatest(1, ceil(extract(epoch FROM v_window_start + make_interval(secs => p_window_seconds) - p_at))::integer);
END $$;
--> statement-breakpoint

-- The client's velocity limits (domain/limits/callVelocity.ts admitByVelocity, which documents
-- the rule): the widget's count, then the account's; the first refusal of a window asks to tell
-- the client, once per account and account window. `p_limits` carries the defaults and windows
-- of common/rules/callLimits.ts: perWidget, perAccount, widgetWindowSeconds, accountWindowSeconds.
CREATE FUNCTION admit_call_velocity(p_user_id integer, p_widget_id integer, p_at timestamptz, p_limits jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_per_widget integer;
  v_per_account integer;
  v_check record;
  v_hit record;
  v_mail_hits integer;
BEGIN
  SELECT per_widget, per_account INTO v_per_widget, v_per_account FROM call_limits WHERE user_id = p_user_id;
  IF NOT FOUND THEN
    v_per_widget := (p_limits->>'perWidget')::integer;
    v_per_account := (p_limits->>'perAccount')::integer;
  END IF;
  IF v_per_widget IS NULL OR v_per_account IS NULL OR p_limits->>'widgetWindowSeconds' IS NULL OR p_limits->>'accountWindowSeconds' IS NULL THEN
    RAISE EXCEPTION 'admit_call_velocity: limits and windows are required, got %', p_limits;
  END IF;
  FOR v_check IN
    SELECT * FROM (VALUES
      (1, 'widget', 'velocity:widget:' || p_user_id || ':' || p_widget_id, v_per_widget, (p_limits->>'widgetWindowSeconds')::integer),
      (2, 'account', 'velocity:account:' || p_user_id, v_per_account, (p_limits->>'accountWindowSeconds')::integer)
    ) AS checks(position, scope, key, max, window_seconds) ORDER BY position
  LOOP
    SELECT * INTO v_hit FROM count_rate_hit(v_check.key, v_check.window_seconds, p_at);
    IF v_hit.hits > v_check.max THEN
      v_mail_hits := NULL;
      IF v_hit.hits = v_check.max + 1 THEN
        SELECT h.hits INTO v_mail_hits FROM count_rate_hit('velocity:mail:' || p_user_id, (p_limits->>'accountWindowSeconds')::integer, p_at) AS h;
      END IF;
      RETURN jsonb_build_object(
        'allowed', false,
        'scope', v_check.scope,
        'retryAfterSeconds', v_hit.retry_after_seconds,
        'max', v_check.max,
        'notifyClient', coalesce(v_mail_hits = 1, false));
    END IF;
  END LOOP;
  RETURN jsonb_build_object('allowed', true);
END $$;
--> statement-breakpoint

-- Whether an account blocks a visitor: any spelling of the number, or the address (canonical,
-- null for none) (domain/blockList/blockList.ts isVisitorBlocked).
CREATE FUNCTION visitor_blocked(p_user_id integer, p_numbers text[], p_address text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM blocked_visitors
    WHERE user_id = p_user_id
      AND ((kind = 'number' AND value = ANY (p_numbers)) OR (p_address IS NOT NULL AND kind = 'address' AND value = p_address)))
$$;
--> statement-breakpoint

-- Holds `p_amount` credits by one UPDATE that refuses when the available balance would pass the
-- overdraft; no row when refused (domain/credits/reservations.ts reserveCredits).
CREATE FUNCTION reserve_credits(p_user_id integer, p_amount integer) RETURNS TABLE (credits integer, reserved integer)
LANGUAGE sql AS $$
  UPDATE credits AS c SET reserved = c.reserved + p_amount
  WHERE c.user_id = p_user_id AND c.credits - c.reserved - p_amount >= c.overdraft
  RETURNING c.credits, c.reserved
$$;
--> statement-breakpoint

-- The notifications a widget's setting asks for about an event, read as the setting is now
-- (domain/notifications/clientNotifications.ts queueNotifications).
CREATE FUNCTION queue_client_notifications(p_widget_id integer, p_event text, p_call_id integer, p_scheduled_call_id integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO client_notifications (user_id, event, channel, "to", call_id, scheduled_call_id)
  SELECT w.user_id, p_event, c.channel, btrim(c.setting->>'value'), p_call_id, p_scheduled_call_id
  FROM widgets w,
    LATERAL (VALUES ('email', w.notifications->'email'), ('text', w.notifications->'phoneNumber')) AS c(channel, setting)
  WHERE w.id = p_widget_id
    AND (c.setting->>'isActive')::boolean IS TRUE
    AND coalesce(btrim(c.setting->>'value'), '') <> ''
$$;
--> statement-breakpoint

-- A Call now request, accepted or refused, in one statement (domain/callEngine/callRequests.ts
-- requestInstantCall builds `p` and reads the answer's `outcome`):
--   blocked      the account blocks the visitor (only with p.guard);
--   rate_limited the visitor's number asked too often (only with p.guard; retryAfterSeconds);
--   duplicate    the same number asked within the duplicate window (callId, convertId);
--   velocity     the client's velocity limits refuse it (only with p.velocity; the verdict);
--   no_credits   the available balance cannot pay for it;
--   accepted     the call is recorded, its price held (callId, convertId, rechargeDue).
-- The per-number count stays whatever follows; the velocity counts stay with a velocity refusal
-- and are undone with no_credits (nothing was accepted). Requests for one number of one account
-- queue on an advisory lock until the statement ends, so two simultaneous clicks make one call.
CREATE FUNCTION accept_instant_call(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_user integer := (p->>'userId')::integer;
  v_widget integer := (p->>'widgetId')::integer;
  v_number text := p->>'customerNumber';
  v_at timestamptz := (p->>'at')::timestamptz;
  v_hit record;
  v_earlier record;
  v_verdict jsonb;
  v_held record;
  v_call record;
BEGIN
  IF p ? 'guard' THEN
    IF visitor_blocked(v_user, ARRAY(SELECT jsonb_array_elements_text(p->'guard'->'numberSpellings')), p->'guard'->>'address') THEN
      RETURN jsonb_build_object('outcome', 'blocked');
    END IF;
    SELECT * INTO v_hit FROM count_rate_hit(p->'guard'->>'numberLimitKey', (p->'guard'->>'numberLimitWindowSeconds')::integer, v_at);
    IF v_hit.hits > (p->'guard'->>'numberLimitMax')::integer THEN
      RETURN jsonb_build_object('outcome', 'rate_limited', 'retryAfterSeconds', v_hit.retry_after_seconds);
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(v_user, hashtext(v_number));
  SELECT id, convert_id INTO v_earlier FROM calls
  WHERE user_id = v_user AND customer_number = v_number AND type = 'instant' AND created_at >= (p->>'duplicateSince')::timestamptz
  ORDER BY created_at DESC LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', 'duplicate', 'callId', v_earlier.id, 'convertId', v_earlier.convert_id);
  END IF;
  BEGIN
    IF p ? 'velocity' THEN
      v_verdict := admit_call_velocity(v_user, v_widget, v_at, p->'velocity');
      IF NOT (v_verdict->>'allowed')::boolean THEN
        RETURN v_verdict || jsonb_build_object('outcome', 'velocity');
      END IF;
    END IF;
    SELECT * INTO v_held FROM reserve_credits(v_user, (p->>'credits')::integer);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no credits' USING ERRCODE = 'CB001';
    END IF;
    INSERT INTO calls (user_id, convert_id, website_id, widget_id, widget_name, widget_type_id, type, status, url,
      visitor_language, customer_number, called_from, reserved_credits, placement_claimed_at, created_at)
    VALUES (v_user, p->>'convertId', (p->>'websiteId')::integer, v_widget, p->>'widgetName', (p->>'widgetTypeId')::integer,
      'instant', 'no-answer', p->>'url', p->>'visitorLanguage', v_number, p->>'calledFrom', (p->>'credits')::integer, v_at, v_at)
    RETURNING id, convert_id INTO v_call;
    PERFORM queue_client_notifications(v_widget, 'call_requested', v_call.id, NULL);
    RETURN jsonb_build_object(
      'outcome', 'accepted',
      'callId', v_call.id,
      'convertId', v_call.convert_id,
      -- autoRechargeTrigger.ts crossing: armed, and the balance now under the threshold.
      'rechargeDue', EXISTS (SELECT 1 FROM auto_recharges WHERE user_id = v_user AND is_armed AND critical_credits > v_held.credits - v_held.reserved));
  EXCEPTION WHEN SQLSTATE 'CB001' THEN
    RETURN jsonb_build_object('outcome', 'no_credits');
  END;
END $$;
--> statement-breakpoint

-- What requesting or placing a call reads about a widget and its account
-- (domain/callEngine/callContext.ts CallContext, as JSON): the widget with its settings and
-- agents in their order, the account's time zone, numbers, call countries and caller ID
-- permission, the service number and the credits. Null when the account has no such widget (on
-- that website, when given). A function, so its plan is made once per connection: as a query
-- it was planned anew for every Call now.
CREATE FUNCTION call_context(p_user_id integer, p_widget_id integer, p_website_id integer) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_context jsonb;
BEGIN
  SELECT jsonb_build_object(
    'widget', jsonb_build_object('id', w.id, 'name', w.name, 'typeId', w.type_id, 'isActive', w.is_active, 'settings', w.settings, 'callingRuleId', w.calling_rule_id),
    'agents', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', a.id, 'phone', a.phone, 'isActive', a.is_active, 'availability', a.availability) ORDER BY wa.position, a.id)
      FROM widget_agents wa JOIN agents a ON a.id = wa.agent_id
      WHERE wa.widget_id = w.id), '[]'::jsonb),
    'showsCustomNumber', u.display_custom_number_to_customers,
    'accountDeleted', u.deleted_at IS NOT NULL,
    'timeZone', u.timezone,
    'serviceNumber', n.number,
    'available', coalesce(c.credits - c.reserved, 0),
    'overdraft', coalesce(c.overdraft, 0),
    'accountPhone', u.phone,
    'callCountries', u.call_countries)
  INTO v_context
  FROM widgets w
  JOIN users u ON u.id = w.user_id
  LEFT JOIN twilio_numbers n ON n.id = u.twilio_number_id
  LEFT JOIN credits c ON c.user_id = w.user_id
  WHERE w.id = p_widget_id AND w.user_id = p_user_id AND (p_website_id IS NULL OR w.website_id = p_website_id);
  RETURN v_context;
END $$;
--> statement-breakpoint

-- What a Call now reads first, in one statement: counts the request against the visitor
-- address's limit (`p_address_limit`: key, max, windowSeconds, at; refused past it, before the
-- key is even looked up), then the website the widget key names with its account, and
-- call_context of one of its widgets (null when the website has no such widget). Answers
-- {limited: true, retryAfterSeconds} past the limit, else {limited: false, website} with a null
-- website for an unknown key (the hit still counts).
CREATE FUNCTION call_request_context(p_public_key text, p_widget_id integer, p_address_limit jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_hit record;
  v_website record;
BEGIN
  SELECT * INTO v_hit FROM count_rate_hit(p_address_limit->>'key', (p_address_limit->>'windowSeconds')::integer, (p_address_limit->>'at')::timestamptz);
  IF v_hit.hits > (p_address_limit->>'max')::integer THEN
    RETURN jsonb_build_object('limited', true, 'retryAfterSeconds', v_hit.retry_after_seconds);
  END IF;
  SELECT s.id, s.user_id, u.deleted_at IS NOT NULL AS account_deleted INTO v_website
  FROM websites s JOIN users u ON u.id = s.user_id
  WHERE s.public_key = p_public_key;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('limited', false, 'website', NULL);
  END IF;
  RETURN jsonb_build_object('limited', false, 'website', jsonb_build_object(
    'websiteId', v_website.id,
    'userId', v_website.user_id,
    'accountDeleted', v_website.account_deleted,
    'context', call_context(v_website.user_id, p_widget_id, v_website.id)));
END $$;
