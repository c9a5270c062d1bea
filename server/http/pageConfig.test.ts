import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { pageConfigOf, withPageConfig } from './pageConfig.ts';

describe('page settings (common/contract/pageConfig.ts)', () => {
  it('are only the configured ones', () => {
    expect(pageConfigOf(loadConfig({}))).toEqual({});
    expect(pageConfigOf(loadConfig({ GA_MEASUREMENT_ID: 'G-A1B2C3D4E5' }))).toEqual({ gaMeasurementId: 'G-A1B2C3D4E5' });
    // The widget API's address goes into the script (widgetScript.ts), not into the page.
    expect(pageConfigOf(loadConfig({ WIDGET_API_URL: 'https://api.example.com/widget-api' }))).toEqual({});
  });

  it('go into the head as meta tags, their values escaped', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withPageConfig(html, {})).toBe(html);
    expect(withPageConfig(html, { widgetScriptUrl: 'https://cdn.example.com/w.js?"><script>alert(1)</script>&' })).toBe(
      '<html><head><title>x</title><meta name="config:widget-script-url" content="https://cdn.example.com/w.js?&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;"></head><body></body></html>',
    );
    expect(withPageConfig('<title>no head</title>', { gaMeasurementId: 'G-1234' })).toBe('<title>no head</title><meta name="config:ga-measurement-id" content="G-1234">');
  });
});
