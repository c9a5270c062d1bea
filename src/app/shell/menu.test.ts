import { describe, expect, it } from 'vitest';
import { activeMenuEntry } from './menu.ts';

describe('activeMenuEntry', () => {
  it.each([
    ['/dashboard', 'Analytics'],
    ['/widgets/manage/general/3', 'Widgets'],
    ['/agents/manage', 'Agents'],
    ['/billing/success', 'Payments'],
    ['/payments', 'Payments History'],
    ['/settings', 'Account Settings'],
  ])('%s belongs to %s', (path, label) => {
    expect(activeMenuEntry(path)?.label.message).toBe(label);
  });

  it('has no entry for paths outside the menu', () => {
    expect(activeMenuEntry('/error')).toBeUndefined();
    expect(activeMenuEntry('/callsx')).toBeUndefined();
  });
});
