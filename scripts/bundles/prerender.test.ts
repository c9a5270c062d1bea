import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/session/storageKeys.ts';
import { hoistEmotionStyles, withPrerenderedPage } from './prerender.ts';
import { PRERENDER_GUARD_SCRIPT, PRERENDER_GUARD_STYLE } from '../../common/contract/prerenderedPages.ts';

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-def.js">
<link rel="modulepreload" crossorigin href="/assets/core-ghi.js">
</head><body><div id="root"></div></body></html>`;

describe('withPrerenderedPage', () => {
  const html = withPrerenderedPage(INDEX, '/auth/login', '<form>$&</form>', '/assets/paint-first-x.js');

  it('puts the markup in #root, marked with its path (replacement patterns kept literally)', () => {
    expect(html).toContain('<div id="root" data-prerendered="/auth/login"><form>$&</form></div>');
  });

  it('hands the entry and its preloads to the loader, which adds them once the page has painted', () => {
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script defer src="/assets/paint-first-x.js" data-entry="/assets/index-abc.js" data-preload="/assets/rolldown-runtime-def.js /assets/core-ghi.js"></script>',
    );
  });

  it('fails the build when index.html changes shape', () => {
    expect(() => withPrerenderedPage('<div id="root"></div>', '/auth/login', '', '/l.js')).toThrow(/entry script/);
    expect(() => withPrerenderedPage(INDEX.replace('<div id="root"></div>', ''), '/auth/login', '', '/l.js')).toThrow(/#root|root/);
  });
});

describe('hoistEmotionStyles', () => {
  it("moves Emotion's styles out of the markup: globals as they are, the components' in one element", () => {
    const { markup, head } = hoistEmotionStyles(
      '<style data-emotion="css-global ab">@layer reset;</style><style data-emotion="css x1">.css-x1{color:red}</style><div class="css-x1">' +
        '<style data-emotion="css y2 z3">.css-y2{margin:0}.css-z3{padding:0}</style><p class="css-y2 css-z3">Hi</p></div>',
    );
    expect(markup).toBe('<div class="css-x1"><p class="css-y2 css-z3">Hi</p></div>');
    expect(head).toBe(
      '<style data-emotion="css-global ab">@layer reset;</style><style data-emotion="css x1 y2 z3">.css-x1{color:red}.css-y2{margin:0}.css-z3{padding:0}</style>',
    );
  });
});

describe('the guard of a rendered page (PRERENDER_GUARD_SCRIPT)', () => {
  const html = withPrerenderedPage(INDEX, '/auth/login', '<form></form>', '/assets/paint-first-x.js');

  it('runs in the head, before the body paints, with the style that hides the page', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<script>${PRERENDER_GUARD_SCRIPT}</script>`);
    expect(head).toContain(`<style>${PRERENDER_GUARD_STYLE}</style>`);
  });

  it("reads the SPA's own storage keys", () => {
    expect(PRERENDER_GUARD_SCRIPT).toContain(`'${storageKeys.language}'`);
    expect(PRERENDER_GUARD_SCRIPT).toContain(`'${storageKeys.session}'`);
  });

  it.each([
    ['a first visit', {}, false],
    ['English saved', { 'dashboard.language': 'en' }, false],
    ['German saved', { 'dashboard.language': 'de' }, true],
    ['a stored session', { 'dashboard.session': '{}' }, true],
  ])('hides the rendered page for %s: %s', (_name, stored: Record<string, string>, hidden) => {
    const attributes = new Map<string, string>();
    const localStorage = { getItem: (key: string) => stored[key] ?? null };
    const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
    new Function('localStorage', 'document', PRERENDER_GUARD_SCRIPT)(localStorage, document);
    expect(attributes.has('data-prerender-hidden')).toBe(hidden);
  });
});
