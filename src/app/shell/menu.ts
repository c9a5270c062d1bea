import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface MenuEntry {
  to: string;
  label: MessageDescriptor;
}

export interface MenuSection {
  heading: MessageDescriptor;
  entries: MenuEntry[];
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
  { heading: msg`Settings`, entries: [{ to: '/settings', label: msg`Account Settings` }] },
];

/** The menu entry a path belongs to (longest matching prefix), for the breadcrumb. */
export function activeMenuEntry(pathname: string): MenuEntry | undefined {
  let best: MenuEntry | undefined;
  for (const entry of menuSections.flatMap((section) => section.entries)) {
    const matches = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
    if (matches && (!best || entry.to.length > best.to.length)) best = entry;
  }
  return best;
}
