// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { appendSafeHtml, safeHref } from './sanitize.ts';

function clean(html: string): HTMLElement {
  const paragraph = document.createElement('p');
  appendSafeHtml(paragraph, html);
  return paragraph;
}

describe('appendSafeHtml (spec §5: disclaimer tags stripped except anchors)', () => {
  it('keeps text and safe links, with target and rel set and no other attributes', () => {
    const out = clean('Read our <a href="https://example.com/privacy" class="x" style="color:red" onclick="alert(1)">privacy policy</a> or <a href="mailto:help@example.com">mail us</a>.');
    expect(out.textContent).toBe('Read our privacy policy or mail us.');
    const links = out.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]!.outerHTML).toBe('<a href="https://example.com/privacy" target="_blank" rel="noopener noreferrer">privacy policy</a>');
    expect(links[1]!.getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('drops javascript:, data: and relative links but keeps their text', () => {
    const out = clean(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#10;script:alert(1)">c</a><a href="data:text/html,<script>alert(1)</script>">d</a><a href="/relative">e</a><a>f</a>',
    );
    expect(out.querySelectorAll('a')).toHaveLength(0);
    expect(out.textContent).toBe('abcdef');
    expect(out.innerHTML).toBe('abcdef');
  });

  it('removes script and style elements with their content, and event-handler attributes', () => {
    const out = clean('Safe<script>alert(1)</script><style>p{display:none}</style><img src=x onerror="alert(1)"><svg onload="alert(1)"><text>svg</text></svg> and <b onmouseover="alert(1)">bold</b>');
    expect(out.innerHTML).toBe('Safe and bold');
    expect(out.querySelector('script, style, img, svg, b')).toBeNull();
  });

  it('does not run or load anything while parsing', () => {
    const seen: string[] = [];
    (window as unknown as Record<string, unknown>).__sanitizeProbe = (value: string) => seen.push(value);
    clean('<img src=x onerror="__sanitizeProbe(1)"><script>__sanitizeProbe(2)</script>');
    delete (window as unknown as Record<string, unknown>).__sanitizeProbe;
    expect(seen).toEqual([]);
  });

  it('unwraps other elements to their text, links nested in them included', () => {
    const out = clean('<div><p>One <em>two</em></p><span><a href="tel:+12125550100">call</a></span></div>');
    expect(out.innerHTML).toBe('One two<a href="tel:+12125550100" target="_blank" rel="noopener noreferrer">call</a>');
  });

  it('treats markup-looking text as text', () => {
    const out = clean('1 &lt; 2 &amp;&amp; <a href="https://x.test/?a=1&amp;b=&quot;2&quot;">x</a>');
    expect(out.textContent).toBe('1 < 2 && x');
    expect(out.querySelector('a')!.getAttribute('href')).toBe('https://x.test/?a=1&b="2"');
  });
});

describe('safeHref', () => {
  it('accepts http(s), mailto and tel only', () => {
    expect(safeHref('http://a.test')).toBe('http://a.test');
    expect(safeHref('HTTPS://a.test')).toBe('HTTPS://a.test');
    expect(safeHref('tel:+1 212')).toBe('tel:+1212');
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('\tjavascript:x')).toBeNull();
    expect(safeHref('//evil.test')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
