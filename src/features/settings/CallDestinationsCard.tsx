import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { callDestinationsMessages } from '../../../machines/callDestinations/callDestinations.messages.ts';
import { canSave, hasFailed, isChanged, isLoading, isSaving } from '../../../machines/callDestinations/callDestinations.selectors.ts';
import type { ApiClient } from '../../api/client.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { usePhoneNumbers } from '../../ui/PhoneInput.tsx';
import { provideCallDestinationsMachine } from './callDestinations.actors.ts';

/** Country names in the UI language (Intl.DisplayNames), falling back to the code. */
function useCountryName(): (code: string) => string {
  const { i18n } = useLingui();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [i18n.locale]);
}

/**
 * Call Destinations (issue 15): the countries whose numbers the widgets call; the server refuses
 * the others (and premium-rate and other costly kinds of number everywhere).
 */
export function CallDestinationsCard({ api }: { api: ApiClient }) {
  const { t, i18n } = useLingui();
  const card = useInspectedActorRef(provideCallDestinationsMachine(api));
  const loading = useSelector(card, isLoading);
  const failed = useSelector(card, hasFailed);
  const saving = useSelector(card, isSaving);
  const changed = useSelector(card, isChanged);
  const savable = useSelector(card, canSave);
  const selected = useSelector(card, (snapshot) => snapshot.context.selected);
  const homeCountry = useSelector(card, (snapshot) => snapshot.context.saved?.homeCountry);
  const countryName = useCountryName();
  const byName = (a: string, b: string) => countryName(a).localeCompare(countryName(b), i18n.locale);
  // The countries to add come with the phone number library, after the card's first paint.
  const phoneNumbers = usePhoneNumbers();
  const others = useMemo(() => (phoneNumbers?.getCountries() ?? []).filter((code) => !selected.includes(code)), [phoneNumbers, selected]).sort(byName);

  return (
    <Box as="section" aria-label={t`Call Destinations`} gridColumn="1 / -1" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '6' }}>
      <Heading as="h2" size="md" mb="2" color="gray.900">
        <Trans>Call Destinations</Trans>
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="4">
        <Trans>Your widgets call phone numbers in these countries only. Premium-rate, shared-cost and satellite numbers are never called.</Trans>
      </Text>
      {loading ? (
        <LoadingStatus size="md" py="6" />
      ) : failed ? (
        <Box display="flex" flexWrap="wrap" gap="3" alignItems="center">
          <Notice status="error">{messageText(i18n, callDestinationsMessages.loadFailed)}</Notice>
          <Button size="sm" onClick={() => card.send({ type: 'user.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : (
        <Stack gap="4">
          <Box as="ul" aria-label={t`Countries called`} display="flex" flexWrap="wrap" gap="2" listStyleType="none">
            {[...selected].sort(byName).map((code) => {
              const name = countryName(code);
              return (
                <Box as="li" key={code} display="flex" alignItems="center" gap="2" borderWidth="1px" borderRadius="md" ps="3" pe="1" py="1">
                  <Text fontSize="sm">{code === homeCountry ? t`${name} (your country)` : name}</Text>
                  <Button size="xs" variant="ghost" disabled={saving} aria-label={t`Remove ${name}`} onClick={() => card.send({ type: 'user.toggle', country: code })}>
                    ×
                  </Button>
                </Box>
              );
            })}
          </Box>
          {selected.length === 0 ? <Notice status="info">{t`Choose at least one country.`}</Notice> : null}
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" alignItems={{ base: 'stretch', md: 'flex-end' }}>
            <Field.Root maxW={{ md: 'sm' }}>
              <Field.Label>
                <Trans>Add a country</Trans>
              </Field.Label>
              <NativeSelect.Root disabled={saving}>
                <NativeSelect.Field
                  name="country"
                  value=""
                  onChange={(event) => {
                    const country = event.currentTarget.value;
                    if (country) card.send({ type: 'user.toggle', country });
                  }}
                  bg="white"
                >
                  <option value="">{t`Choose a country`}</option>
                  {others.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Box display="flex" gap="3">
              <Button onClick={() => card.send({ type: 'user.save' })} loading={saving} disabled={!savable && !saving}>
                <Trans>Save</Trans>
              </Button>
              <Button variant="outline" onClick={() => card.send({ type: 'user.reset' })} disabled={!changed || saving}>
                <Trans>Reset</Trans>
              </Button>
            </Box>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
