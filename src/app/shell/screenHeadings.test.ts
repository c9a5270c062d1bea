import { describe, expect, it } from 'vitest';
import { screenHeadingOf } from './screenHeadings.ts';

describe('screenHeadingOf', () => {
  it('names the heading of a list screen, with or without a trailing slash', () => {
    expect(screenHeadingOf('/calls')?.title.message).toBe('Calls History');
    expect(screenHeadingOf('/widgets/')?.subtitle.message).toBe('Websites and widgets you are using');
  });

  it('has none for forms and other screens', () => {
    expect(screenHeadingOf('/widgets/manage/general')).toBeUndefined();
    expect(screenHeadingOf('/settings')).toBeUndefined();
    expect(screenHeadingOf('/')).toBeUndefined();
  });
});
