import { PAGE_CONFIG_META, type PageConfig } from '../../common/contract/pageConfig.ts';
import type { Config } from '../config.ts';
import { withHeadTags } from './routePreloads.ts';

/** The page settings from the server's configuration: only those that are set. */
export function pageConfigOf(config: Pick<Config, 'browserServices' | 'widgetPublicUrls'>): PageConfig {
  const settings: PageConfig = {
    sentryDsn: config.browserServices.sentryDsn,
    gaMeasurementId: config.browserServices.gaMeasurementId,
    widgetScriptUrl: config.widgetPublicUrls.script,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as PageConfig;
}

/** Text for a double-quoted HTML attribute. */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * index.html with the page settings written in as `<meta>` tags at the end of its head
 * (common/contract/pageConfig.ts), or unchanged when none is set. The SPA finds them anywhere in
 * the document, so a page without a head gets them at its end.
 */
export function withPageConfig(html: string, settings: PageConfig): string {
  const tags = (Object.keys(PAGE_CONFIG_META) as (keyof PageConfig)[])
    .filter((name) => settings[name] !== undefined)
    .map((name) => `<meta name="${PAGE_CONFIG_META[name]}" content="${attribute(settings[name]!)}">`);
  return withHeadTags(html, tags.join(''));
}
