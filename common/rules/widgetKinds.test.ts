import { describe, expect, it } from 'vitest';
import { widgetKindOf } from './widgetKinds.ts';

describe('widgetKindOf', () => {
  it('reads the metadata type names of spec §1, whatever their case and spaces', () => {
    expect(widgetKindOf('Exit popup')).toBe('exitPopup');
    expect(widgetKindOf('Timed popup')).toBe('timedPopup');
    expect(widgetKindOf(' floating ICON ')).toBe('floatingIcon');
  });

  it('draws anything else as a popup', () => {
    expect(widgetKindOf('All Widgets')).toBe('exitPopup');
    expect(widgetKindOf(null)).toBe('exitPopup');
    expect(widgetKindOf(undefined)).toBe('exitPopup');
  });
});
