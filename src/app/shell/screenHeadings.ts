import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface ScreenHeading {
  title: MessageDescriptor;
  subtitle: MessageDescriptor;
}

/**
 * The title and subtitle of the list screens, as each screen renders them (its ScreenHeader: the
 * same messages, so one catalog entry each). The shell paints them while startup still loads
 * (spec §2: a loader until websites and agents have loaded), so the screen's largest text is on
 * screen before the network answers (issue 17: Largest Contentful Paint on a phone); the screen's
 * own header then takes its place, at the same size.
 */
const screenHeadings: Record<string, ScreenHeading> = {
  '/dashboard': { title: msg`Analytics`, subtitle: msg`Your Conversion Statistics` },
  '/calls': { title: msg`Calls History`, subtitle: msg`Inbounds calls from clients` },
  '/upcoming-calls': { title: msg`Upcoming Calls`, subtitle: msg`Upcoming calls from clients` },
  '/widgets': { title: msg`Your Widgets`, subtitle: msg`Websites and widgets you are using` },
  '/websites': { title: msg`Your Websites`, subtitle: msg`Copy website code` },
  '/agents': { title: msg`Your Agents`, subtitle: msg`Agents that you are managing` },
  '/payments': { title: msg`Payment History`, subtitle: msg`List of all payments on the account` },
};

/** The heading of the screen at `pathname` (a trailing slash aside), if it is a list screen. */
export function screenHeadingOf(pathname: string): ScreenHeading | undefined {
  return screenHeadings[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
}
