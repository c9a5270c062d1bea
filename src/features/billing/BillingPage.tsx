import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { autoRechargeOf, creditBalance, type CreditForecastNotice, creditForecastNotice, creditsRecordOf } from '../../../machines/credits/credits.selectors.ts';
import type { AutoRechargeSetting, CreditsRecord } from '../../../machines/credits/credits.types.ts';
import type { CreditPack } from '../../../machines/paymentForm/paymentForm.types.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { creditPackLabel, formatPrice } from '../../lib/formatting.ts';
import { provideBillingMachine, provideSpentCreditsMachine } from './billing.actors.ts';
import { type BillingSetting, billingSettingOf } from './billingSetting.ts';
import { PaymentForm } from './PaymentForm.tsx';
import { forecastText } from './forecastText.ts';
import { DEFAULT_AUTO_RECHARGES_PER_DAY } from '../../../common/rules/autoRecharge.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

/** Two readings of the polled auto-recharge are the same setting (each poll parses a new object). */
function sameAutoRecharge(a: AutoRechargeSetting | null, b: AutoRechargeSetting | null): boolean {
  return a === b || (a !== null && b !== null && a.packId === b.packId && a.criticalCredits === b.criticalCredits && a.maxPerDay === b.maxPerDay && a.paymentMethodId === b.paymentMethodId);
}

/** Two readings of the polled forecast say the same (each poll parses a new object). */
function sameForecast(a: CreditForecastNotice | null, b: CreditForecastNotice | null): boolean {
  return a === b || (a !== null && b !== null && a.message.id === b.message.id && a.day === b.day && a.soon === b.soon);
}

/** spec §2 Billing: the auto-recharge summary, or the payment form. */
export function BillingPage() {
  const { credits, startup } = useRootActors();
  const record = useSelector(credits, creditsRecordOf);
  const metadata = useSelector(startup, (snapshot) => snapshot.context.metadata);
  const packs = (metadata?.creditPacks as CreditPack[] | undefined) ?? [];
  const setting = billingSettingOf(metadata?.settings);
  return (
    <Box as="section" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '5', md: '8' }}>
      <Heading as="h1" size="xl" color="gray.900" mb="6">
        <Trans>Billing</Trans>
      </Heading>
      {record && metadata ? (
        <BillingContent record={record} packs={packs} setting={setting} />
      ) : (
        <LoadingStatus justifyContent="start" />
      )}
    </Box>
  );
}

function BillingContent({ record, packs, setting }: { record: CreditsRecord; packs: CreditPack[]; setting: BillingSetting }) {
  const { t, i18n } = useLingui();
  const { api, credits } = useRootActors();
  const billing = useInspectedActorRef(provideBillingMachine(api, credits), { input: { autoRecharge: record.autoRecharge } });
  const spentCredits = useInspectedActorRef(provideSpentCreditsMachine(api), { input: { balance: record.credits } });
  const state = useSelector(billing, (snapshot) => snapshot.value);
  const { autoRecharge, savedCard } = useSelector(billing, (snapshot) => snapshot.context);
  const spent = useSelector(spentCredits, (snapshot) => snapshot.context.spent?.spent ?? null);
  // The credits actor polls every 10 s (spec §9): the page follows what it reads.
  const polledAutoRecharge = useSelector(credits, autoRechargeOf, sameAutoRecharge);
  const balance = useSelector(credits, creditBalance);
  const forecast = useSelector(credits, creditForecastNotice, sameForecast);
  useEffect(() => billing.send({ type: 'credits.autoRechargeChanged', autoRecharge: polledAutoRecharge }), [billing, polledAutoRecharge]);
  useEffect(() => spentCredits.send({ type: 'credits.balanceChanged', balance }), [spentCredits, balance]);
  const thresholds = setting.autoRechargeThresholds;
  const pack = packs.find((p) => p.id === autoRecharge?.packId);
  const minimum = formatPrice(record.minMonthlySpendingRequirement);
  const threshold = autoRecharge?.criticalCredits ?? 0;
  const maxPerDay = autoRecharge?.maxPerDay ?? DEFAULT_AUTO_RECHARGES_PER_DAY;
  const packText = pack ? i18n._(creditPackLabel(pack)) : '';
  const last4 = savedCard?.last4 ?? '';

  return (
    <Stack gap="5">
      <Box color="gray.700" data-testid="monthly-spending">
        {record.minMonthlySpendingRequirement > 0 ? (
          <Text>
            <Trans>Monthly minimum spend: ${minimum}</Trans>
          </Text>
        ) : null}
        {spent !== null ? (
          <Text>
            <Trans>Credits spent this month: {spent}</Trans>
          </Text>
        ) : null}
        {forecast ? (
          <Text data-testid="credit-forecast" color={forecast.soon ? 'orange.800' : undefined} fontWeight={forecast.soon ? 'semibold' : undefined}>
            {forecastText(i18n, forecast.message, forecast.day)}
          </Text>
        ) : null}
      </Box>
      {state === 'loading' || state === 'reloading' ? <LoadingStatus size="md" justifyContent="start" /> : null}
      {state === 'summary' || state === 'confirmingCancel' || state === 'cancelling' ? (
        <Stack gap="4" data-testid="auto-recharge-summary">
          <Text>
            <Trans>
              Auto-recharge is on: {packText} whenever your balance falls below {threshold} credits.
            </Trans>
          </Text>
          <Text color="gray.700">
            <Trans>At most {maxPerDay} automatic purchases in 24 hours.</Trans>
          </Text>
          {savedCard ? (
            <Text color="gray.700">
              <Trans>Card ending in {last4}</Trans>
            </Text>
          ) : null}
          {state === 'summary' ? (
            <Box display="flex" gap="3" flexWrap="wrap">
              <Button colorPalette="red" variant="outline" onClick={() => billing.send({ type: 'user.cancelRecurring' })}>
                <Trans>Cancel recurring charges</Trans>
              </Button>
              <Button colorPalette="blue" onClick={() => billing.send({ type: 'user.changeSettings' })}>
                <Trans>Change payment settings</Trans>
              </Button>
            </Box>
          ) : (
            <Alert.Root status="warning" role="alertdialog" aria-label={t`Cancel recurring charges`} flexWrap="wrap" gap="3">
              <Alert.Indicator />
              <Alert.Title flex="1">{t`Are you sure you want to cancel recurring charges?`}</Alert.Title>
              <Button
                size="sm"
                colorPalette="red"
                loading={state === 'cancelling'}
                onClick={() => billing.send({ type: 'user.confirm' })}
              >
                <Trans>Yes, I am sure.</Trans>
              </Button>
              <Button size="sm" variant="outline" disabled={state === 'cancelling'} onClick={() => billing.send({ type: 'user.dismiss' })}>
                <Trans>Cancel</Trans>
              </Button>
            </Alert.Root>
          )}
        </Stack>
      ) : null}
      {state === 'form' ? (
        <PaymentForm
          input={{ packs, thresholds, autoRecharge, savedCard }}
          cardProcessor={setting.cardProcessor}
          onReloadCard={() => billing.send({ type: 'paymentForm.reloadCard' })}
          onAutoSaved={(setting) => billing.send({ type: 'paymentForm.autoSaved', autoRecharge: setting })}
          onAutoRechargeRemoved={() => billing.send({ type: 'paymentForm.autoRechargeRemoved' })}
          onClose={autoRecharge ? () => billing.send({ type: 'user.closeForm' }) : undefined}
        />
      ) : null}
    </Stack>
  );
}
