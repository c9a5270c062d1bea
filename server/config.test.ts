import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, OWASP_ARGON2ID } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      demoSeed: true,
      smtpUrl: undefined,
      recaptchaSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
      logLevel: 'info',
      logFormat: 'auto',
      allowLocalAdapters: false,
      passwordHashParams: OWASP_ARGON2ID,
    });
    expect(config.pgliteDir).toMatch(/data[/\\]pglite$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/somewhere',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://dash.example.com/',
      NODE_ENV: 'test',
      DEMO_SEED: 'false',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Ops <ops@example.com>',
      RECAPTCHA_SECRET: 'secret',
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ALLOW_LOCAL_ADAPTERS: 'true',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dataDir: '/tmp/somewhere',
      pgliteDir: '/tmp/somewhere/pglite',
      databaseUrl: 'postgres://u:p@db:5432/app',
      publicUrl: 'https://dash.example.com',
      demoSeed: false,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Ops <ops@example.com>',
      recaptchaSecret: 'secret',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      logLevel: 'warn',
      logFormat: 'json',
      allowLocalAdapters: true,
    });
  });

  it('reads TRUST_PROXY as a flag or as the proxies\' addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10,2001:db8::/32' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.10', '2001:db8::/32']);
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0', 'proxy.example.com', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be true, false, or the proxies' addresses/);
    }
  });

  it('sends call outcomes to GA4 by default in production only; GA4_SEND decides otherwise', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ALLOW_LOCAL_ADAPTERS: 'true' };
    expect(loadConfig({}).ga4Send).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).ga4Send).toBe(false);
    expect(loadConfig(production).ga4Send).toBe(true);
    expect(loadConfig({ ...production, GA4_SEND: 'false' }).ga4Send).toBe(false);
    expect(loadConfig({ GA4_SEND: '1' }).ga4Send).toBe(true);
    expect(loadConfig({ GA4_SEND: 'yes' }).ga4Send).toBe(true);
    expect(() => loadConfig({ GA4_SEND: 'maybe' })).toThrow(/GA4_SEND must be true or false/);
  });

  it('derives PUBLIC_URL from PORT when unset', () => {
    expect(loadConfig({ PORT: '3999' }).publicUrl).toBe('http://localhost:3999');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL \(postgres:/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be a URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must be a URL/],
    [{ DEMO_SEED: 'maybe' }, /DEMO_SEED must be true or false/],
    [{ ACCESS_TOKEN_TTL: '-5' }, /ACCESS_TOKEN_TTL must be a positive number of seconds/],
    [{ REFRESH_TOKEN_TTL: '1.5' }, /REFRESH_TOKEN_TTL must be a whole number of seconds/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ LOG_FORMAT: 'fancy' }, /LOG_FORMAT must be auto, json or pretty/],
  ])('rejects %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('Stripe keys', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_b', STRIPE_WEBHOOK_SECRET: 'whsec_c' };

    it('reads them as a set', () => {
      expect(loadConfig(keys).stripe).toEqual({ secretKey: 'sk_test_a', publishableKey: 'pk_test_b', webhookSecret: 'whsec_c' });
      expect(loadConfig({}).stripe).toBeUndefined();
    });

    it.each([
      [{ ...keys, STRIPE_SECRET_KEY: 'pk_test_a' }, /STRIPE_SECRET_KEY must be a Stripe key/],
      [{ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' }, /STRIPE_WEBHOOK_SECRET must be a Stripe key/],
      [{ STRIPE_SECRET_KEY: 'sk_test_a' }, /STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY/],
      [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_b' }, /STRIPE_SECRET_KEY is required with STRIPE_PUBLISHABLE_KEY/],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_c' }, /STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY/],
      [{ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_b' }, /both be test keys or both be live keys/],
    ])('rejects %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  describe('error reporting, analytics and the widget\'s public hosts (spec §7, other configuration)', () => {
    const dsn = 'https://0123abcd@o42.ingest.sentry.io/4501';

    it('are off, and the widget on this server, when unset', () => {
      const config = loadConfig({});
      expect(config.browserServices).toEqual({ sentryDsn: undefined, gaMeasurementId: undefined });
      expect(config.widgetPublicUrls).toEqual({ script: undefined, api: undefined });
    });

    it('reads the Sentry DSN, the GA4 measurement id and both widget addresses', () => {
      const config = loadConfig({
        SENTRY_DSN: ` ${dsn} `,
        GA_MEASUREMENT_ID: 'G-A1B2C3D4E5',
        WIDGET_SCRIPT_URL: 'https://cdn.example.com/callback/widget.js',
        WIDGET_API_URL: 'https://widgets.example.com/widget-api/',
      });
      expect(config.browserServices).toEqual({ sentryDsn: dsn, gaMeasurementId: 'G-A1B2C3D4E5' });
      expect(config.widgetPublicUrls).toEqual({ script: 'https://cdn.example.com/callback/widget.js', api: 'https://widgets.example.com/widget-api' });
    });

    it('keeps the widget API on this server when only the script moves to a CDN', () => {
      const config = loadConfig({ PUBLIC_URL: 'https://dash.example.com', WIDGET_SCRIPT_URL: 'https://cdn.example.com/widget.js' });
      expect(config.widgetPublicUrls).toEqual({ script: 'https://cdn.example.com/widget.js', api: 'https://dash.example.com/widget-api' });
      expect(loadConfig({ WIDGET_API_URL: 'https://api.example.com/widget-api' }).widgetPublicUrls).toEqual({ script: undefined, api: 'https://api.example.com/widget-api' });
    });

    it.each([
      [{ SENTRY_DSN: 'not a dsn' }, /SENTRY_DSN must be a Sentry DSN/],
      [{ SENTRY_DSN: 'https://o42.ingest.sentry.io/4501' }, /SENTRY_DSN must be a Sentry DSN/],
      [{ SENTRY_DSN: 'https://key@o42.ingest.sentry.io/project' }, /SENTRY_DSN must be a Sentry DSN/],
      [{ GA_MEASUREMENT_ID: 'UA-12345-1' }, /GA_MEASUREMENT_ID must be a Google Analytics 4 measurement id/],
      [{ WIDGET_SCRIPT_URL: 'cdn.example.com/widget.js' }, /WIDGET_SCRIPT_URL must be a URL/],
      [{ WIDGET_SCRIPT_URL: 'https://cdn.example.com/widget.js?v=2' }, /WIDGET_SCRIPT_URL must be a URL without \?query or #fragment/],
      [{ WIDGET_API_URL: 'ftp://widgets.example.com' }, /WIDGET_API_URL must be a URL/],
      [{ WIDGET_SCRIPT_URL: 'https://cdn.example.com/widget.js' }, /WIDGET_SCRIPT_URL needs PUBLIC_URL or WIDGET_API_URL/],
      [
        { NODE_ENV: 'production', ALLOW_LOCAL_ADAPTERS: 'true', SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://dash.example.com', WIDGET_SCRIPT_URL: 'http://cdn.example.com/widget.js' },
        /WIDGET_SCRIPT_URL must be an https:\/\/ address when NODE_ENV=production/,
      ],
    ])('rejects %j naming the variable', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', NODE_ENV: 'y' })).toThrow(/PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/);
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      RECAPTCHA_SECRET: 's',
      STRIPE_SECRET_KEY: 'sk_live_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_public',
      STRIPE_WEBHOOK_SECRET: 'whsec_signing',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-token',
    };

    it('starts with real providers', () => {
      expect(loadConfig(production).nodeEnv).toBe('production');
    });

    it('refuses the local captcha unless ALLOW_LOCAL_ADAPTERS=true', () => {
      const env = { ...production, RECAPTCHA_SECRET: undefined };
      expect(() => loadConfig(env)).toThrow(/RECAPTCHA_SECRET is required when NODE_ENV=production/);
      expect(loadConfig({ ...env, ALLOW_LOCAL_ADAPTERS: 'true' }).recaptchaSecret).toBeUndefined();
    });

    it('refuses the local card processor unless ALLOW_LOCAL_ADAPTERS=true', () => {
      const env = { ...production, STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
      expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required when NODE_ENV=production/);
      expect(loadConfig({ ...env, ALLOW_LOCAL_ADAPTERS: 'true' }).stripe).toBeUndefined();
    });

    it('needs the Stripe webhook secret with Stripe', () => {
      expect(() => loadConfig({ ...production, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    });

    it('never uses the mail outbox, even with ALLOW_LOCAL_ADAPTERS=true', () => {
      const env = { ...production, SMTP_URL: undefined, ALLOW_LOCAL_ADAPTERS: 'true' };
      expect(() => loadConfig(env)).toThrow(/SMTP_URL is required when NODE_ENV=production/);
    });
  });
});
