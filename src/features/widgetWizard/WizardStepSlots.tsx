import { Stack } from '@chakra-ui/react/stack';
import { useSelector } from '@xstate/react';
import { type ComponentProps, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import type { WidgetPreviewView } from '../../../machines/widgetWizard/widgetWizard.draft.ts';
import type { widgetWizardMachine } from '../../../machines/widgetWizard/widgetWizard.machine.ts';
import { isTypeLocked, pageTest, samePageTest, visibleErrors } from '../../../machines/widgetWizard/widgetWizard.selectors.ts';
import { withSavedDisplayRules } from '../../../machines/widgetWizard/widgetWizard.displayRules.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { WidgetPreview, WidgetViewTabs, widgetPreviewViews } from './preview/WidgetPreview.tsx';
import { PageAddressTest } from './preview/PageAddressTest.tsx';
import type { GeneralStep as GeneralStepComponent, GeneralStepMeta } from './general/GeneralStep.tsx';
import type { DesignStep as DesignStepComponent } from './design/DesignStep.tsx';
import { useUpload } from './upload/useUpload.ts';
import type { ActorRefFrom } from 'xstate';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { loadDesignStep, loadGeneralStep } from './stepChunks.ts';

function GeneralStep(props: ComponentProps<typeof GeneralStepComponent>) {
  const { GeneralStep: Step } = use(loadGeneralStep());
  return <Step {...props} />;
}

function DesignStep(props: ComponentProps<typeof DesignStepComponent>) {
  const { DesignStep: Step } = use(loadDesignStep());
  return <Step {...props} />;
}

type WizardActor = ActorRefFrom<typeof widgetWizardMachine>;
type Change = (path: string, value: unknown) => void;

/** The account flags of spec §6 that gate the Devices and Custom caller id options. */
interface UserFlags {
  hasAdvancedWidgetSettings?: boolean;
  customCallerIdSettings?: { displayCustomNumberToCustomers?: boolean } | null;
}

/** Step 1: the General form with the account's websites, agents and metadata. */
export function GeneralStepSlot({ actor, onChange }: { actor: WizardActor; onChange: Change }) {
  const { startup, auth } = useRootActors();
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => visibleErrors(snapshot, 'general'), sameErrors);
  const widgetTypes = useSelector(actor, (snapshot) => snapshot.context.widgetTypes);
  const callingRules = useSelector(actor, (snapshot) => snapshot.context.callingRules);
  const typeLocked = useSelector(actor, isTypeLocked);
  const websites = useSelector(startup, (snapshot) => snapshot.context.websites);
  const agents = useSelector(startup, (snapshot) => snapshot.context.agents);
  const user = useSelector(auth, (snapshot) => snapshot.context.user) as UserFlags | null;
  const meta: GeneralStepMeta = useMemo(
    () => ({
      widgetTypes,
      callingRules,
      websiteDomains: websites.map((website) => website.domain),
      // spec §4 Agents: agents with a name are the regular ones to choose from.
      agents: agents.flatMap((agent) => (agent.name !== null && agent.isRegular ? [{ id: agent.id, name: agent.name, phone: agent.phone }] : [])),
      hasAdvancedWidgetSettings: Boolean(user?.hasAdvancedWidgetSettings),
      displayCustomNumberToCustomers: Boolean(user?.customCallerIdSettings?.displayCustomNumberToCustomers),
      typeLocked,
    }),
    [widgetTypes, callingRules, websites, agents, user, typeLocked],
  );
  const upload = useUpload('audio', (url) => onChange('settings.settings.waitingAudio.url', url));
  return (
    <StepLoading>
      <GeneralStep draft={draft} errors={errors} onChange={onChange} meta={meta} upload={upload} pageTest={<PageTestSlot actor={actor} />} />
    </StepLoading>
  );
}

/** Step 2: the Design form with the live preview of the real widget. */
export function DesignStepSlot({ actor, onChange }: { actor: WizardActor; onChange: Change }) {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => visibleErrors(snapshot, 'design'), sameErrors);
  const typeName = useSelector(actor, (snapshot) => {
    const { typeId } = snapshot.context.draft;
    return snapshot.context.widgetTypes.find((type) => type.id === typeId)?.name ?? null;
  });
  const [view, setView] = useState<WidgetPreviewView>('callNow');
  const views = widgetPreviewViews(typeName);
  const shown = views.includes(view) ? view : 'callNow';
  const upload = useUpload('image', (url) => onChange('settings.callSetup.picture.src', url ?? ''));
  // The same object while the configuration is: the preview redraws the widget when it changes.
  const previewSettings = useMemo(() => withSavedDisplayRules(draft.settings), [draft.settings]);
  const preview = (
    <Stack gap="3">
      <WidgetViewTabs views={views} value={shown} onChange={setView} />
      <WidgetPreview typeName={typeName} settings={previewSettings} view={shown} onViewChange={setView} />
      <PageTestSlot actor={actor} />
    </Stack>
  );
  return (
    <StepLoading>
      <DesignStep draft={draft} errors={errors} onChange={onChange} upload={upload} preview={preview} />
    </StepLoading>
  );
}

/** The live preview's page test (issue 20): beside the display rules on General, under the widget on Design. */
function PageTestSlot({ actor }: { actor: WizardActor }) {
  const test = useSelector(actor, pageTest, samePageTest);
  return <PageAddressTest address={test.address} result={test.result} onAddressChange={(address) => actor.send({ type: 'user.testPageAddress', address })} />;
}

/** A spinner while a step's chunk loads. */
function StepLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingStatus aria-busy="true" py="16" />}>{children}</Suspense>;
}

/** Visible errors are rebuilt on every snapshot; compare them by content to spare renders. */
function sameErrors(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
