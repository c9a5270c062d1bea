import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { TestCallFailure, TestCallWidget } from '../../machines/testCall/testCall.types.ts';
import { testCallMachine } from '../../machines/testCall/testCall.machine.ts';
import { isOpen } from '../../machines/testCall/testCall.selectors.ts';
import type { ApiClient } from '../api/client.ts';
import { loadScreenCatalog } from '../i18n/activate.ts';
import { dataOrThrow } from '../api/failure.ts';
import { useRootActors } from '../session/RootActorsContext.tsx';
import { useInspectedActorRef } from '../statecharts/useInspectedActorRef.ts';
import { Button } from './Button.tsx';

/** The test call machine with its real requests (openapi/dashboard.yaml: getTestCallAllowance, placeTestCall). */
function provideTestCall(api: ApiClient) {
  return testCallMachine.provide({
    actors: {
      allowanceLoader: fromPromise(async ({ signal }) => dataOrThrow(await api.GET('/client/test-calls', { signal }))),
      callPlacer: fromPromise(async ({ input }) => {
        const result = await api.POST('/client/widgets/{id}/test-call', { params: { path: { id: input.widgetId } }, body: { phone: input.phone } });
        if (result.response.status === 429) {
          // The machine has no clock: the time the limit frees up is read here, from Retry-After.
          const seconds = Number(result.response.headers.get('retry-after'));
          const failure: TestCallFailure = { status: 429, code: 'test_call_limit', ...(seconds > 0 ? { nextAt: new Date(Date.now() + seconds * 1000).toISOString() } : {}) };
          throw failure;
        }
        return dataOrThrow(result);
      }),
    },
  });
}

export type TestCallActor = ActorRefFrom<typeof testCallMachine>;

/** A screen's "Call me now" (issue 21, Test call): one machine for all its buttons and its one dialog. */
export function useTestCall(): TestCallActor {
  const { api } = useRootActors();
  return useInspectedActorRef(provideTestCall(api));
}

// The dialog (with the phone input and its number library) loads when first wanted, not with the
// Widgets screen or the Code step: most visits never open it. Its messages come with it, in a
// catalog of their own (lingui.config.ts), not in the one every page loads. Hovering or focusing
// a button asks for both early, so they are usually there by the click.
const loadDialog = () => Promise.all([import('./testCall/TestCallDialog.tsx'), loadScreenCatalog('testCall')]).then(([module]) => module);
const TestCallDialog = lazy(() => loadDialog().then((module) => ({ default: module.TestCallDialog })));

/** The account's phone and country (contract: User), the number a test call rings by default. */
function useAccountPhone(): { phone: string; country: string | null } {
  const { auth } = useRootActors();
  return useSelector(auth, (snapshot) => {
    const user = snapshot.context.user as { phone?: string; country?: string | null } | null;
    return { phone: user?.phone ?? '', country: user?.country ?? null };
  }, (a, b) => a.phone === b.phone && a.country === b.country);
}

/** "Call me now" of one widget: opens the screen's test call dialog for it. */
export function TestCallButton({ testCall, widget, size = 'xs', showName = true }: { testCall: TestCallActor; widget: TestCallWidget; size?: 'xs' | 'sm'; showName?: boolean }) {
  const { t } = useLingui();
  const { phone } = useAccountPhone();
  return (
    <Button
      size={size}
      variant="outline"
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={() => testCall.send({ type: 'user.open', widget, phone })}
    >
      {t`Call me now`}
      {/* The row's buttons are told apart by the widget's name. */}
      {showName ? (
        <Text as="span" srOnly>
          {' '}
          {widget.name}
        </Text>
      ) : null}
    </Button>
  );
}

/**
 * The screen's test call dialog, downloaded and mounted once a button first opened it. It stays
 * mounted after that (closed, its content unmounted), so that closing runs as any dialog's does
 * and focus goes back to the button that opened it.
 */
export function TestCallDialogSlot({ testCall }: { testCall: TestCallActor }) {
  const open = useSelector(testCall, isOpen);
  const { country } = useAccountPhone();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <TestCallDialog testCall={testCall} open={open} defaultCountry={country} />
    </Suspense>
  );
}

/**
 * "Call me now" on the wizard's Code step (issue 21), for the widgets the submit saved: a button
 * for each (All Widgets saves one per type, each named beside its button), and the dialog.
 */
export function TestCallSection({ widgets }: { widgets: TestCallWidget[] }) {
  const { t } = useLingui();
  const testCall = useTestCall();
  if (widgets.length === 0) return null;
  return (
    <Stack as="section" aria-label={t`Test call`} gap="3" bg="white" borderWidth="1px" borderRadius="lg" p="4">
      <Text>
        <Trans>Hear what a visitor hears: we call your phone now through the widget, with its own settings.</Trans>
      </Text>
      <Box display="flex" flexWrap="wrap" gap="3">
        {widgets.map((widget) =>
          widgets.length === 1 ? (
            <TestCallButton key={widget.id} testCall={testCall} widget={widget} size="sm" showName={false} />
          ) : (
            <Box key={widget.id} display="flex" alignItems="center" gap="2" minWidth="0">
              <Text>{widget.name}</Text>
              <TestCallButton testCall={testCall} widget={widget} size="sm" />
            </Box>
          ),
        )}
      </Box>
      <TestCallDialogSlot testCall={testCall} />
    </Stack>
  );
}
