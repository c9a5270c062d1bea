import { Box } from '@chakra-ui/react/box';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { CountryCode } from 'libphonenumber-js/min';
import { useEffect, useId, useRef } from 'react';
import { testCallRefusalMessage } from '../../../machines/testCall/testCall.messages.ts';
import { allowance, isPlacing, noCallsLeft, phoneError, phoneValue, placedCall, refusal, testCallWidget } from '../../../machines/testCall/testCall.selectors.ts';
import { formatDateTime } from '../../lib/dateTime.ts';
import { useUserTimeZone } from '../../session/useUserTimeZone.ts';
import { Button } from '../Button.tsx';
import { Notice } from '../Notice.tsx';
import { PhoneInput, usePhoneNumbers } from '../PhoneInput.tsx';
import { RouterLink } from '../RouterLink.tsx';
import type { TestCallActor } from '../TestCall.tsx';

/**
 * The "Call me now" dialog (issue 21, Test call): the number to ring (the account's phone to
 * start with), how many test calls are left (the server counts a rolling 24 hours, not a calendar day), and once placed what the client is about to
 * hear, with the way to Calls History. It renders the test call machine and sends it the user's
 * events; the machine decides. Focus starts on the number and, once the call is placed, moves to
 * the status, so that a screen reader reads it (the form it replaces had focus).
 */
export function TestCallDialog({ testCall, open, defaultCountry }: { testCall: TestCallActor; open: boolean; defaultCountry: string | null }) {
  const { t, i18n } = useLingui();
  const timeZone = useUserTimeZone();
  const formId = useId();
  const phoneBox = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLDivElement>(null);
  const widget = useSelector(testCall, testCallWidget);
  const phone = useSelector(testCall, phoneValue);
  const missing = useSelector(testCall, phoneError);
  const known = useSelector(testCall, allowance);
  const noneLeft = useSelector(testCall, noCallsLeft);
  const placing = useSelector(testCall, isPlacing);
  const placed = useSelector(testCall, placedCall);
  const refused = useSelector(testCall, refusal);
  const phoneNumbers = usePhoneNumbers();

  useEffect(() => {
    if (placed) status.current?.focus();
  }, [placed]);

  const widgetName = widget?.name ?? '';
  const remaining = known?.remaining ?? 0;
  const nextAt = known?.nextAt ? formatDateTime(known.nextAt, timeZone) : null;
  const refusalText = refused ? i18n._(testCallRefusalMessage(refused.reason, refused.nextAt ? formatDateTime(refused.nextAt, timeZone) : null)) : null;
  const number = placed ? (phoneNumbers?.parsePhoneNumberFromString(placed.phone)?.formatInternational() ?? placed.phone) : '';
  const close = () => testCall.send({ type: 'user.close' });

  return (
    <Dialog.Root
      open={open}
      placement="center"
      lazyMount
      unmountOnExit
      // While the call is being placed the dialog stays: its answer shows here.
      closeOnEscape={!placing}
      closeOnInteractOutside={!placing}
      initialFocusEl={() => phoneBox.current?.querySelector<HTMLElement>('input[type="tel"]') ?? null}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxWidth="md">
            <Dialog.Header>
              <Dialog.Title>{t`Call me now`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  <Trans>{widgetName} rings this number now, with its own settings, as it rings a visitor.</Trans>{' '}
                  <Trans>Test calls are free and don't appear in Analytics.</Trans>
                </Dialog.Description>
                {placed ? (
                  <Box ref={status} role="status" tabIndex={-1} outline="none">
                    <Text fontWeight="semibold" color="green.800">
                      <Trans>Calling {number} now. Answer to hear the whisper, the agent side and the bridge as a visitor would.</Trans>
                    </Text>
                    <Text mt="2">
                      <RouterLink to="/calls">
                        <Trans>See it in Calls History</Trans>
                      </RouterLink>
                    </Text>
                  </Box>
                ) : (
                  <form
                    id={formId}
                    noValidate
                    onSubmit={(event) => {
                      event.preventDefault();
                      testCall.send({ type: 'user.submit' });
                    }}
                  >
                    <Stack gap="3">
                      <Box ref={phoneBox}>
                        <PhoneInput
                          label={t`Number to call`}
                          countryLabel={t`Country`}
                          name="testCallPhone"
                          value={phone}
                          onChange={(value) => testCall.send({ type: 'user.changePhone', phone: value })}
                          error={missing ? i18n._(missing) : undefined}
                          defaultCountry={(defaultCountry ?? 'US') as CountryCode}
                          locale={i18n.locale}
                        />
                      </Box>
                      {known === null ? null : noneLeft ? (
                        <Text color="orange.800">
                          {nextAt ? (
                            <Trans>No test calls left (counted over the last 24 hours). More from {nextAt}.</Trans>
                          ) : (
                            <Trans>No test calls left (counted over the last 24 hours).</Trans>
                          )}
                        </Text>
                      ) : (
                        <Text color="gray.700">
                          <Plural value={remaining} one="# test call left (counted over the last 24 hours)" other="# test calls left (counted over the last 24 hours)" />
                        </Text>
                      )}
                      {refusalText ? <Notice status="error">{refusalText}</Notice> : null}
                    </Stack>
                  </form>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={close} disabled={placing}>
                {t`Close`}
              </Button>
              {placed ? null : (
                <Button type="submit" form={formId} colorPalette="blue" loading={placing} disabled={noneLeft}>
                  {t`Call me now`}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
