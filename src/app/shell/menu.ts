import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface MenuEntry {
  to: string;
  label: MessageDescriptor;
}

export interface MenuSection {
  heading: MessageDescriptor;
  entries: MenuEntry[];
  /** The conversion toolbox, which the overdraft disables (spec §6). */
  toolbox?: boolean;
}

/** spec §2 Shell: the side menu by heading. */
export const menuSections: MenuSection[] = [
  { heading: msg`Dashboard`, entries: [{ to: '/dashboard', label: msg`Analytics` }] },
  {
    heading: msg`Calls`,
    entries: [
      { to: '/calls', label: msg`Calls History` },
      { to: '/upcoming-calls', label: msg`Upcoming Calls` },
    ],
  },
  {
    heading: msg`Conversion Toolbox`,
    toolbox: true,
    entries: [
      { to: '/widgets', label: msg`Widgets` },
      { to: '/websites', label: msg`Websites` },
      { to: '/agents', label: msg`Agents` },
    ],
  },
  {
    heading: msg`Call Credits`,
    entries: [
      { to: '/billing', label: msg`Payments` },
      { to: '/payments', label: msg`Payments History` },
    ],
  },
  {
    heading: msg`Settings`,
    entries: [
      { to: '/settings', label: msg`Account Settings` },
      // issue 19: the client's own tools (webhooks), right under Settings.
      { to: '/integrations', label: msg`Integrations` },
    ],
  },
];

const isUnder = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The menu entry a path belongs to (longest matching prefix), for the breadcrumb. */
export function activeMenuEntry(pathname: string): MenuEntry | undefined {
  let best: MenuEntry | undefined;
  for (const entry of menuSections.flatMap((section) => section.entries)) {
    if (isUnder(pathname, entry.to) && (!best || entry.to.length > best.to.length)) best = entry;
  }
  return best;
}

/**
 * Whether a path is a screen of the conversion toolbox (spec §2: /widgets with the wizard under
 * /widgets/manage, /websites, /agents with /agents/manage), which the overdraft disables (spec §6).
 */
export function isToolboxPath(pathname: string): boolean {
  return menuSections.some((section) => section.toolbox && section.entries.some((entry) => isUnder(pathname, entry.to)));
}
