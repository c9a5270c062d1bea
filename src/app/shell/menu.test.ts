import { describe, expect, it } from 'vitest';
import { activeMenuEntry, isToolboxPath } from './menu.ts';

describe('activeMenuEntry', () => {
  it.each([
    ['/dashboard', 'Analytics'],
    ['/widgets/manage/general/3', 'Widgets'],
    ['/agents/manage', 'Agents'],
    ['/billing/success', 'Payments'],
    ['/payments', 'Payments History'],
    ['/settings', 'Account Settings'],
    ['/integrations', 'Integrations'],
  ])('%s belongs to %s', (path, label) => {
    expect(activeMenuEntry(path)?.label.message).toBe(label);
  });

  it('has no entry for paths outside the menu', () => {
    expect(activeMenuEntry('/error')).toBeUndefined();
    expect(activeMenuEntry('/callsx')).toBeUndefined();
  });
});

describe('isToolboxPath', () => {
  it.each(['/widgets', '/widgets/manage', '/widgets/manage/design/7', '/websites', '/agents', '/agents/manage/4'])(
    '%s is in the conversion toolbox',
    (path) => {
      expect(isToolboxPath(path)).toBe(true);
    },
  );

  it.each(['/dashboard', '/billing', '/billing/success', '/payments', '/settings', '/integrations', '/calls', '/widgetsx', '/agentsmanage'])(
    '%s is not',
    (path) => {
      expect(isToolboxPath(path)).toBe(false);
    },
  );
});
