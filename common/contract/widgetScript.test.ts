import { describe, expect, it } from 'vitest';
import { WIDGET_API_BASE_PLACEHOLDER, withWidgetApiBase } from './widgetScript.ts';

describe('withWidgetApiBase', () => {
  it('writes the address over every placeholder, inside any kind of string literal', () => {
    const script = `a="${WIDGET_API_BASE_PLACEHOLDER}";b='${WIDGET_API_BASE_PLACEHOLDER}';c=\`${WIDGET_API_BASE_PLACEHOLDER}\`;`;
    expect(withWidgetApiBase(script, 'https://widgets.example.com/widget-api')).toBe(
      'a="https://widgets.example.com/widget-api";b=\'https://widgets.example.com/widget-api\';c=`https://widgets.example.com/widget-api`;',
    );
  });

  it('escapes what could end a literal or start a template substitution', () => {
    const base = 'https://x.example/a\'b"c`d${e}$&\\';
    const script = withWidgetApiBase(`[\`${WIDGET_API_BASE_PLACEHOLDER}\`,"${WIDGET_API_BASE_PLACEHOLDER}",'${WIDGET_API_BASE_PLACEHOLDER}']`, base);
    expect(script).not.toContain('${');
    // The same text back from each literal: the address, exactly.
    expect(new Function(`return ${script}`)()).toEqual([base, base, base]);
  });
});
