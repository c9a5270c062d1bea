import DOMPurify from 'dompurify';
import { fromPromise } from 'xstate';
import type { ApiFailure } from '../../../machines/shared/apiFailure.ts';
import { widgetWizardMachine } from '../../../machines/widgetWizard/widgetWizard.machine.ts';
import type {
  SavePlan,
  StoredWidget,
  Toolbox,
  WizardAgent,
  WizardWebsite,
} from '../../../machines/widgetWizard/widgetWizard.types.ts';
import type { ApiClient } from '../../api/client.ts';
import { dataOrThrow } from '../../api/failure.ts';
import type { StartupActor } from '../../session/rootActors.ts';
import { notify } from '../../lib/toaster.ts';
import { widgetWizardMessages } from '../../../machines/widgetWizard/widgetWizard.messages.ts';

/**
 * spec §5 Widget design: "Disclaimer text: HTML tags stripped except anchors", with a maintained
 * sanitizer: only `<a>` with href, target and rel survives, and DOMPurify drops `javascript:`
 * and other unsafe URLs.
 */
export function sanitizeDisclaimer(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['a'], ALLOWED_ATTR: ['href', 'target', 'rel'] });
}

/** GET /client/widgets and the one with this id; 404 when the caller has none (spec §8 not found). */
async function loadWidget(api: ApiClient, widgetId: number): Promise<StoredWidget> {
  const widget = dataOrThrow(await api.GET('/client/widgets')).data.find((candidate) => candidate.id === widgetId);
  if (!widget) throw { status: 404, code: 'not_found' } satisfies ApiFailure;
  return widget;
}

async function loadToolbox(api: ApiClient): Promise<Toolbox> {
  const websites = dataOrThrow(await api.GET('/client/websites')).data;
  const agents = dataOrThrow(await api.GET('/client/agents')).data;
  return { websites, agents };
}

/** The saves of a submit, one request after another (All Widgets: one per type, in order). */
async function saveWidgets(api: ApiClient, plan: SavePlan): Promise<StoredWidget[]> {
  if (plan.kind === 'update') {
    return [dataOrThrow(await api.PUT('/client/widgets/{id}', { params: { path: { id: plan.widgetId } }, body: plan.body }))];
  }
  const saved: StoredWidget[] = [];
  for (const body of plan.bodies) saved.push(dataOrThrow(await api.POST('/client/widgets', { body })));
  return saved;
}

export interface WidgetWizardWiring {
  api: ApiClient;
  startup: StartupActor;
  /** The view scrolls its step to the first field with an error. */
  scrollToFirstError: () => void;
}

/** The wizard machine with its real requests, toasts and the reload of the app's widget list. */
export function provideWidgetWizardMachine({ api, startup, scrollToFirstError }: WidgetWizardWiring) {
  return widgetWizardMachine.provide({
    actors: {
      widgetLoader: fromPromise<StoredWidget, { widgetId: number }>(({ input }) => loadWidget(api, input.widgetId)),
      toolboxLoader: fromPromise<Toolbox>(() => loadToolbox(api)),
      websiteCreator: fromPromise<WizardWebsite, { domain: string }>(async ({ input }) =>
        dataOrThrow(await api.POST('/client/websites', { body: { domain: input.domain } })),
      ),
      // spec §4: a number nobody has yet becomes a placeholder agent: no name, non-regular, unverified, active.
      agentCreator: fromPromise<WizardAgent, { phone: string }>(async ({ input }) =>
        dataOrThrow(
          await api.POST('/client/agents', {
            body: { name: null, phone: input.phone, availability: { activeHours: [] }, isRegular: false, isVerified: false, isActive: true },
          }),
        ),
      ),
      widgetSaver: fromPromise<StoredWidget[], SavePlan>(({ input }) => saveWidgets(api, input)),
    },
    actions: {
      scrollToFirstError,
      notifyFailure: ({ context }) => {
        if (context.failure) notify('error', context.failure);
      },
      notifySaved: () => notify('success', widgetWizardMessages.saved),
      publishToolboxChanged: () => startup.send({ type: 'toolbox.changed' }),
    },
  });
}
