import { PAGE_CONFIG_META, type PageConfig } from '../../common/contract/pageConfig.ts';

/**
 * The settings the server wrote into index.html as it served it (server/http/pageConfig.ts):
 * error reporting, analytics, the widget script's address. Absent ones are not configured (and
 * in `npm run dev`, where Vite serves the page, none is).
 */
export function readPageConfig(page: Pick<Document, 'querySelector'> = document): PageConfig {
  const config: PageConfig = {};
  for (const name of Object.keys(PAGE_CONFIG_META) as (keyof PageConfig)[]) {
    const content = page.querySelector(`meta[name="${PAGE_CONFIG_META[name]}"]`)?.getAttribute('content')?.trim();
    if (content) config[name] = content;
  }
  return config;
}
