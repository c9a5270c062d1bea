import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Stack } from '@chakra-ui/react/stack';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WidgetWizardInput, WizardStep } from '../../../machines/widgetWizard/widgetWizard.types.ts';
import {
  canRetryLoad,
  codeStep,
  currentStep,
  isEditing,
  isLoading,
  isSaving,
  loadError,
} from '../../../machines/widgetWizard/widgetWizard.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { RouterLink } from '../../ui/RouterLink.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { CodeStep } from './CodeStep.tsx';
import { DesignStepSlot, GeneralStepSlot } from './WizardStepSlots.tsx';
import { provideWidgetWizardMachine, sanitizeDisclaimer } from './widgetWizard.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

type Named = { id: number; name: string };

const stepPaths = {
  general: '/widgets/manage/general/{-$id}',
  design: '/widgets/manage/design/{-$id}',
  code: '/widgets/manage/code/{-$id}',
} as const;

/**
 * Scrolls to the first field with a visible error once the step has re-rendered with its
 * messages (spec §4 Widget wizard: "scrolls to the first error"). Fields carry
 * `data-field="<dotted path>"`; an invalid one holds an element marked invalid.
 */
function scrollToFirstInvalidField() {
  requestAnimationFrame(() => {
    const field = [...document.querySelectorAll<HTMLElement>('[data-field]')].find((element) =>
      element.querySelector('[aria-invalid="true"], [data-invalid]'),
    );
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
  });
}

/**
 * The widget wizard (spec §2 Widget wizard): steps 1 General, 2 Design, 3 Code. The step lives in
 * the URL: the page follows the machine's step, and the browser's Back/Forward between General
 * and Design is sent to the machine as Back and Next.
 */
export function WidgetWizardPage({ widgetId, urlStep }: { widgetId: number | null; urlStep: WizardStep }) {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const navigate = useNavigate();
  const metadata = useSelector(startup, (snapshot) => snapshot.context.metadata);
  const [machine] = useState(() => provideWidgetWizardMachine({ api, startup, scrollToFirstError: scrollToFirstInvalidField }));
  const input: WidgetWizardInput = {
    widgetId,
    widgetTypes: (metadata?.widgetTypes as Named[] | undefined) ?? [],
    callingRules: (metadata?.callingRules as Named[] | undefined) ?? [],
    sanitizeHtml: sanitizeDisclaimer,
  };
  const actor = useInspectedActorRef(machine, { input });

  const step = useSelector(actor, currentStep);
  const loading = useSelector(actor, isLoading);
  const saving = useSelector(actor, isSaving);
  const editing = useSelector(actor, isEditing);
  const failure = useSelector(actor, loadError);
  const retry = useSelector(actor, canRetryLoad);
  const code = useSelector(actor, codeStep);
  const onChange = useCallback((path: string, value: unknown) => actor.send({ type: 'user.change', path, value }), [actor]);

  useUrlStep({ step, urlStep, ready: !loading && !failure, widgetId, navigate, actor });

  const steps = useMemo(
    () => [
      { key: 'general' as const, label: t`General` },
      { key: 'design' as const, label: t`Design` },
      { key: 'code' as const, label: t`Code` },
    ],
    [t],
  );

  let body;
  if (failure) {
    body = (
      <Stack gap="3" maxWidth="xl">
        <Notice status="error">{messageText(i18n, failure)}</Notice>
        <Box display="flex" gap="3">
          {retry ? (
            <Button size="sm" onClick={() => actor.send({ type: 'user.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          ) : null}
          <RouterLink to="/widgets">{t`Your Widgets`}</RouterLink>
        </Box>
      </Stack>
    );
  } else if (loading) {
    body = (
      <LoadingStatus py="16" />
    );
  } else if (step === 'code' && code) {
    body = <CodeStep {...code} />;
  } else {
    body = (
      <form
        noValidate
        aria-label={step === 'general' ? t`General` : t`Design`}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: step === 'general' ? 'user.next' : 'user.submit' });
        }}
      >
        <fieldset disabled={saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          {step === 'general' ? <GeneralStepSlot actor={actor} onChange={onChange} /> : <DesignStepSlot actor={actor} onChange={onChange} />}
        </fieldset>
        {/* Keyed: the Next button must never be the Back button's DOM node, or the click that
            leaves Design would submit the General step it lands on. */}
        <Box display="flex" gap="3" mt="6">
          {step === 'general'
            ? [
                <Button key="next" type="submit" colorPalette="blue">
                  <Trans>Next - Design Step</Trans>
                </Button>,
              ]
            : [
                <Button key="back" type="button" variant="outline" disabled={saving} onClick={() => actor.send({ type: 'user.back' })}>
                  <Trans>Back</Trans>
                </Button>,
                <Button key="submit" type="submit" colorPalette="blue" loading={saving}>
                  {editing ? t`Update Widget` : t`Create Widget`}
                </Button>,
              ]}
        </Box>
      </form>
    );
  }

  return (
    <Box as="section">
      <ScreenHeader title={editing ? t`Update Widget` : t`Create Widget`} />
      <Box as="ol" aria-label={t`Steps`} display="flex" gap="6" mb="6" listStyleType="none" p="0" flexWrap="wrap">
        {steps.map((entry, index) => {
          const current = entry.key === step;
          return (
            <Box
              as="li"
              key={entry.key}
              aria-current={current ? 'step' : undefined}
              display="flex"
              alignItems="center"
              gap="2"
              color={current ? 'blue.700' : 'gray.600'}
              fontWeight={current ? 'semibold' : 'normal'}
            >
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                width="7"
                height="7"
                borderRadius="full"
                bg={current ? 'blue.600' : 'gray.200'}
                color={current ? 'white' : 'gray.700'}
                fontSize="sm"
              >
                {index + 1}
              </Box>
              {entry.label}
            </Box>
          );
        })}
      </Box>
      {body}
    </Box>
  );
}

/** Keeps the URL's step and the machine's step together (see WidgetWizardPage). */
function useUrlStep({
  step,
  urlStep,
  ready,
  widgetId,
  navigate,
  actor,
}: {
  step: WizardStep;
  urlStep: WizardStep;
  ready: boolean;
  widgetId: number | null;
  navigate: ReturnType<typeof useNavigate>;
  actor: { send: (event: { type: 'user.back' } | { type: 'user.next' }) => void; getSnapshot: () => Parameters<typeof currentStep>[0] };
}) {
  const seen = useRef<{ step: WizardStep; urlStep: WizardStep } | null>(null);
  useEffect(() => {
    if (!ready) return;
    const previous = seen.current;
    seen.current = { step, urlStep };
    if (step === urlStep) return;
    const params = { id: widgetId === null ? undefined : String(widgetId) };
    const userNavigated = previous !== null && previous.urlStep !== urlStep && previous.step === step;
    if (userNavigated && step === 'design' && urlStep === 'general') return actor.send({ type: 'user.back' });
    if (userNavigated && step === 'general' && urlStep === 'design') {
      actor.send({ type: 'user.next' });
      if (currentStep(actor.getSnapshot()) === 'design') return;
    }
    // The machine moved (Next, Back, a finished submit), or the URL names a step it cannot show.
    void navigate({ to: stepPaths[step], params, replace: previous === null || userNavigated });
  }, [step, urlStep, ready, widgetId, navigate, actor]);
}
