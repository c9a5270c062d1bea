// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeDisclaimer } from './widgetWizard.actors.ts';

describe('disclaimer sanitizing (spec §5 Widget design: tags stripped except anchors)', () => {
  it('keeps anchors with href, target and rel, and the text of every other tag', () => {
    expect(sanitizeDisclaimer('<b>100%</b> <em>safe</em> – <a href="https://example.com/privacy" target="_blank" rel="noopener" onclick="x()">Privacy</a>')).toBe(
      '100% safe – <a href="https://example.com/privacy" target="_blank" rel="noopener">Privacy</a>',
    );
  });

  it('drops scripts, styles and javascript: URLs', () => {
    expect(sanitizeDisclaimer('Safe<script>alert(1)</script><style>a{}</style>')).toBe('Safe');
    expect(sanitizeDisclaimer('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitizeDisclaimer('<img src=x onerror=alert(1)>ok')).toBe('ok');
  });
});
