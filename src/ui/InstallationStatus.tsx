import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { installationCheckMachine, type Installation } from '../../machines/installationCheck/installationCheck.machine.ts';
import { installationSummary } from '../../machines/installationCheck/installationCheck.selectors.ts';
import type { ApiClient } from '../api/client.ts';
import { dataOrThrow } from '../api/failure.ts';
import { formatDateTime } from '../lib/dateTime.ts';
import { useRootActors } from '../session/RootActorsContext.tsx';
import { useUserTimeZone } from '../session/useUserTimeZone.ts';
import { inspect } from '../statecharts/inspector.ts';
import { useInspectedActorRef } from '../statecharts/useInspectedActorRef.ts';
import { Button } from './Button.tsx';

/** The installation check with its real loader: the website's entry of GET /client/websites. */
function provideInstallationCheck(api: ApiClient) {
  return installationCheckMachine.provide({
    actors: {
      installationLoader: fromPromise(async ({ input, signal }) => {
        const { data } = dataOrThrow(await api.GET('/client/websites', { signal }));
        const website = data.find((candidate) => candidate.publicKey === input.publicKey);
        if (!website) throw new Error('The website is gone');
        return { installation: website.installation, checkedAt: new Date().toISOString() };
      }),
    },
  });
}

/** A long address breaks anywhere rather than widen a 360 px screen. */
const pageStyle = { wordBreak: 'break-all' } as const;

/** A running installation check (one per website on the Websites screen, one on the Code step). */
export type InstallationCheck = ActorRefFrom<typeof installationCheckMachine>;

/**
 * The Websites screen's checks, one per website, made when a row first needs one and kept while
 * the screen is open: a row that remounts (the table turning into cards on a narrow window) keeps
 * its latest reading instead of going back to the list's older answer. They hold no timer or
 * subscription once the screen is gone (a check in flight just ends), so they are left to the garbage
 * collector rather than stopped in an effect's cleanup, which StrictMode would run on a live screen.
 */
export function useInstallationChecks(): (website: { publicKey: string; installation: Installation }) => InstallationCheck {
  const { api } = useRootActors();
  const [checks] = useState(() => ({ logic: provideInstallationCheck(api), actors: new Map<string, InstallationCheck>() }));
  return useCallback(
    ({ publicKey, installation }) => {
      let actor = checks.actors.get(publicKey);
      if (!actor) {
        // The list's answer counts as a check made when it arrived, which is when the row first showed.
        actor = createActor(checks.logic, { input: { publicKey, reading: { installation, checkedAt: new Date().toISOString() } }, inspect }).start();
        checks.actors.set(publicKey, actor);
      }
      return actor;
    },
    [checks],
  );
}

/**
 * A website's installation status on the wizard's Code step: read when the step appears.
 * (InstallationStatusView has the screen's words.)
 */
export function InstallationStatus({ publicKey, domain }: { publicKey: string; domain: string }) {
  const { api } = useRootActors();
  const check = useInspectedActorRef(provideInstallationCheck(api), { input: { publicKey } });
  useEffect(() => {
    check.send({ type: 'screen.opened' });
  }, [check]);
  return <InstallationStatusView check={check} domain={domain} />;
}

/**
 * A website's installation status (issue 21) on the Websites screen and the wizard's Code step:
 * "Installed" with the page and time the widget was last seen, or "Not detected yet" with the
 * usual causes; a page of another origin as a warning; "Check again" and when it last checked.
 */
export function InstallationStatusView({ check, domain }: { check: InstallationCheck; domain: string }) {
  const { t } = useLingui();
  const timeZone = useUserTimeZone();
  const summary = useSelector(check, installationSummary);
  const seenPage = summary.seenPage;
  const seenAt = summary.seenAt ? formatDateTime(summary.seenAt, timeZone) : '';
  const elsewherePage = summary.elsewhere?.page;
  const elsewhereAt = summary.elsewhere ? formatDateTime(summary.elsewhere.seenAt, timeZone) : '';
  const checkedAt = summary.checkedAt ? formatDateTime(summary.checkedAt, timeZone) : '';

  return (
    <Stack as="section" aria-label={t`Installation on ${domain}`} gap="2" fontSize="sm" minWidth="0">
      <Box role="status">
        {summary.status === 'unknown' ? (
          <Text color="gray.700">{summary.failed ? <Trans>Could not check the installation.</Trans> : <Trans>Checking the installation…</Trans>}</Text>
        ) : summary.status === 'installed' ? (
          <Text color="green.800">
            <Text as="strong" fontWeight="semibold">
              <Trans>Installed</Trans>
            </Text>{' '}
            <Trans>
              — last seen on <span style={pageStyle}>{seenPage}</span>, {seenAt}
            </Trans>
          </Text>
        ) : (
          <Text as="strong" fontWeight="semibold" color="gray.900">
            <Trans>Not detected yet</Trans>
          </Text>
        )}
      </Box>
      {summary.status === 'not_detected' ? (
        <Box color="gray.800">
          <Text>
            <Trans>The widget has not loaded on a page of {domain} yet. Usual causes:</Trans>
          </Text>
          <Box as="ul" paddingStart="5" listStyleType="disc">
            <li>
              <Trans>the page is cached: clear your site's or CDN's cache, then open the page again;</Trans>
            </li>
            <li>
              <Trans>the code is in the wrong place: paste it into the page's HTML, just before the closing &lt;/body&gt; tag;</Trans>
            </li>
            <li>
              <Trans>the code is on another domain: it counts only on {domain} and its subdomains.</Trans>
            </li>
          </Box>
        </Box>
      ) : null}
      {summary.elsewhere ? (
        <Box bg="orange.50" borderColor="orange.300" borderWidth="1px" borderRadius="md" px="3" py="2" color="orange.900">
          <Trans>
            Seen on another site: <span style={pageStyle}>{elsewherePage}</span>, {elsewhereAt}
          </Trans>
        </Box>
      ) : null}
      <Box display="flex" flexWrap="wrap" alignItems="center" gap="3">
        <Button size="xs" variant="outline" loading={summary.checking} disabled={summary.checking} onClick={() => check.send({ type: 'user.checkAgain' })}>
          <Trans>Check again</Trans>
        </Button>
        {/* A live region too: a check that finds the same status still says, to a screen reader, that it ran. */}
        <Box role="status">
          {summary.failed && summary.status !== 'unknown' ? (
            <Text color="red.700">
              <Trans>Could not check the installation.</Trans>
            </Text>
          ) : summary.checkedAt ? (
            <Text color="gray.700">
              <Trans>Last checked {checkedAt}</Trans>
            </Text>
          ) : null}
        </Box>
      </Box>
    </Stack>
  );
}
