// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readPageConfig } from './pageConfig.ts';

afterEach(() => document.head.replaceChildren());

describe('readPageConfig', () => {
  it('is empty when the server wrote nothing into the page', () => {
    expect(readPageConfig()).toEqual({});
  });

  it('reads the meta tags the server writes (server/http/pageConfig.ts)', () => {
    document.head.innerHTML =
      '<meta name="config:sentry-dsn" content="https://0123abcd@o42.ingest.sentry.io/4501">' +
      '<meta name="config:ga-measurement-id" content="G-A1B2C3D4E5">' +
      '<meta name="config:widget-script-url" content="https://cdn.example.com/widget.js">' +
      '<meta name="description" content="not a setting">';
    expect(readPageConfig()).toEqual({
      sentryDsn: 'https://0123abcd@o42.ingest.sentry.io/4501',
      gaMeasurementId: 'G-A1B2C3D4E5',
      widgetScriptUrl: 'https://cdn.example.com/widget.js',
    });
  });

  it('ignores an empty setting', () => {
    document.head.innerHTML = '<meta name="config:ga-measurement-id" content=" ">';
    expect(readPageConfig()).toEqual({});
  });
});
