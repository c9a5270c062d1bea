ALTER TABLE "webhook_deliveries" ADD COLUMN "error_code" text;
--> statement-breakpoint
-- The deliveries logged before the codes (kept 30 days) get theirs from the English sentences the
-- worker wrote then (webhookSender.ts, webhookTargets.ts, webhooksWorker.ts), so the dashboard can
-- translate them too. A free-form network error (ECONNRESET, a certificate's) stays without a code:
-- the dashboard shows a general message for it, with the English text in its tooltip.
UPDATE "webhook_deliveries" SET "error_code" = CASE
  WHEN "last_error" IS NULL THEN 'http_status'
  WHEN "last_error" = 'not delivered within 24 hours' THEN 'expired'
  WHEN "last_error" = 'the event''s object no longer exists' THEN 'object_gone'
  WHEN "last_error" = 'redirect not followed' THEN 'redirect'
  WHEN "last_error" LIKE 'no answer within % s' THEN 'timeout'
  WHEN "last_error" LIKE 'the address of % is not public' THEN 'address_refused'
  WHEN "last_error" = 'the answer was cut off' THEN 'connection_failed'
  WHEN "last_error" LIKE 'unsupported scheme %' THEN 'url_scheme_http_or_https'
  WHEN "last_error" = 'The URL must be at most 2048 characters long.' THEN 'url_too_long'
  WHEN "last_error" = 'The URL must be absolute, such as https://example.com/webhooks.' THEN 'url_not_absolute'
  WHEN "last_error" = 'The URL must start with https://.' THEN 'url_scheme_https'
  WHEN "last_error" = 'The URL must start with http:// or https://.' THEN 'url_scheme_http_or_https'
  WHEN "last_error" = 'The URL must not contain a user name or password.' THEN 'url_credentials'
  WHEN "last_error" = 'The URL must not contain a fragment (#…).' THEN 'url_fragment'
  WHEN "last_error" = 'The URL must not point to localhost.' THEN 'url_localhost'
  WHEN "last_error" = 'The URL must not point to a private or link-local address.' THEN 'url_private_address'
  WHEN "last_error" = 'The URL must not point to a private, loopback or link-local address.' THEN 'url_private_or_loopback_address'
END
WHERE "status" <> 'succeeded' AND ("last_error" IS NOT NULL OR "response_code" IS NOT NULL);
