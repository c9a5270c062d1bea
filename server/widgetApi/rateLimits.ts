import type { RateLimit } from '../domain/limits/rateLimits.ts';

/**
 * The widget API's limits (issue 7: "guardrails against abuse that burns credits"). Counted in
 * the database (widget_rate_counters), so they hold across server instances, except the
 * configuration's. Generous for real pages (a page loads the config once and sends one event
 * batch), tight for call requests, which cost the client credits.
 */
export const WIDGET_RATE_LIMITS = {
  /**
   * Config loads per client address, counted in each instance's memory (issue 17): the
   * configuration comes from that instance's memory too (widgetConfigCache.ts), so what the limit
   * guards is the instance's own work; a database write per page view of every client's website
   * would cost more than the answer it guards. With n instances an address gets at most n times this.
   */
  configPerAddress: { name: 'config:address', max: 120, windowSeconds: 60 },
  /** Event batches per client address. */
  eventsPerAddress: { name: 'events:address', max: 60, windowSeconds: 60 },
  /** Call and schedule requests per client address. */
  callsPerAddress: { name: 'call:address', max: 10, windowSeconds: 600 },
  /**
   * Call and schedule requests per visitor number on one account (keyed `<userId>:<number>`),
   * from all addresses together. The client's own per-widget and per-account limits follow
   * (server/domain/limits/callVelocity.ts).
   */
  callsPerNumber: { name: 'call:number', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;
