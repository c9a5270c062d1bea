import { describe, expect, it } from 'vitest';
import { system } from './system.ts';

describe('the Chakra system', () => {
  it('sets its default custom properties once, on html, not on every element (issue 17: style recalculation)', () => {
    const css = (system.getGlobalCss() as Record<string, Record<string, Record<string, unknown>>>)['@layer base']!;
    const everyElement = Object.keys(css['&*'] ?? {});
    expect(everyElement.filter((name) => name.startsWith('--'))).toEqual([]);
    expect(css['&html']).toMatchObject({ '--ring-color': 'rgba(66, 153, 225, 0.6)', '--ring-offset-width': '0px' });
  });
});
