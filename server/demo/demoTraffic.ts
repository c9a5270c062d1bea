import type { SeededRandom } from '../domain/random/seededRandom.ts';
import type { DemoToolbox, ToolboxWidget } from './demoToolbox.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday-heavy, quiet weekends: people call a plumber when the week starts (index: getUTCDay). */
const WEEKDAY_FACTOR = [0.45, 1.15, 1.1, 1.05, 1.0, 0.9, 0.55];

/** Call requests by UTC hour: New York's working day is 12:00–23:00 UTC, with a lunch dip. */
const HOUR_WEIGHTS = [2, 1, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 3, 6, 9, 10, 8, 7, 8, 9, 8, 6, 4, 3].map((weight, hour) => [hour, weight] as const);

export interface DayOfTraffic {
  /** YYYY-MM-DD, a UTC day as the analytics tables count them. */
  day: string;
  websiteId: number;
  pageViews: number;
  widgets: { widget: ToolboxWidget; views: number; clicks: number }[];
}

/** A visitor who clicked a widget and asked for a call, and when. */
export interface CallRequest {
  at: Date;
  widget: ToolboxWidget;
}

/**
 * `days` UTC days of traffic ending with `now`'s day: page visits with a weekly rhythm and a
 * slow growth, widget views and clicks as shares of them, and the call requests the clicks led
 * to. Today counts only the part of the day that has passed.
 */
export function generateTraffic(random: SeededRandom, toolbox: DemoToolbox, now: Date, days: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const traffic: DayOfTraffic[] = [];
  const requests: CallRequest[] = [];
  for (let index = 0; index < days; index += 1) {
    const start = today - (days - 1 - index) * DAY_MS;
    const elapsed = Math.min(1, (now.getTime() - start) / DAY_MS);
    const growth = 1 + 0.3 * (index / days);
    const dayFactor = WEEKDAY_FACTOR[new Date(start).getUTCDay()]! * growth * elapsed;
    for (const website of toolbox.websites) {
      const pageViews = Math.round(website.weekdayVisits * dayFactor * noise(random, 0.12));
      const entry: DayOfTraffic = { day: new Date(start).toISOString().slice(0, 10), websiteId: website.id, pageViews, widgets: [] };
      for (const widget of toolbox.widgets.filter((candidate) => candidate.websiteId === website.id && candidate.demo.isActive)) {
        const views = Math.round(pageViews * widget.demo.viewRate * noise(random, 0.08));
        const clicks = Math.round(views * widget.demo.clickRate * noise(random, 0.2));
        entry.widgets.push({ widget, views, clicks });
        // Three clicks in four end in a call request (the rest close the popup).
        for (let click = 0; click < clicks; click += 1) {
          if (!random.chance(0.75)) continue;
          const at = new Date(start + random.weighted(HOUR_WEIGHTS) * 3_600_000 + random.int(0, 3_599_999));
          if (at < now) requests.push({ at, widget });
        }
      }
      traffic.push(entry);
    }
  }
  requests.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { traffic, requests };
}

/** A factor around 1 that never goes below 0.4. */
function noise(random: SeededRandom, deviation: number): number {
  return Math.max(0.4, random.normal(1, deviation));
}
