import type { SnapshotFrom } from 'xstate';
import type { startupMachine } from '../../machines/startup/startup.machine.ts';
import type { components } from '../../common/contract/dashboard.gen.ts';

export type Website = components['schemas']['Website'];
export type Agent = components['schemas']['Agent'];
export type WidgetType = components['schemas']['WidgetType'];

type StartupSnapshot = SnapshotFrom<typeof startupMachine>;

/*
 * Typed views of the reference data startup loaded (spec §2 Shell: metadata, widgets, websites,
 * agents). The pure startup machine names only what the shell reads and keeps the rest as
 * `unknown`; its real loaders (src/app/shell/startup.actors.ts) store the contract's answers,
 * so these are the contract's types.
 */

export function websitesOf(snapshot: StartupSnapshot): Website[] {
  return snapshot.context.websites as Website[];
}

export function agentsOf(snapshot: StartupSnapshot): Agent[] {
  return snapshot.context.agents as Agent[];
}

export function widgetTypesOf(snapshot: StartupSnapshot): WidgetType[] {
  return (snapshot.context.metadata?.widgetTypes as WidgetType[] | undefined) ?? [];
}
