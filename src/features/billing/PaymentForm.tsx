import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { AutoRechargeSetting } from '../../../machines/credits/credits.types.ts';
import { isBusy, isConfirmingOneTime, submitLabel } from '../../../machines/paymentForm/paymentForm.selectors.ts';
import type { PaymentFormInput } from '../../../machines/paymentForm/paymentForm.types.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { creditPackLabel } from '../../lib/formatting.ts';
import { messageText } from '../../i18n/messageText.ts';
import { Notice } from '../../ui/Notice.tsx';
import { providePaymentForm } from './billing.actors.ts';
import type { CardProcessorChoice } from './billingSetting.ts';
import { CardPorts, type CardProcessor } from './cardProcessor.ts';
import { LocalCardForm } from './LocalCardForm.tsx';
import { createLocalCardProcessor, type LocalCardEntry } from './localCardProcessor.ts';
import { StripeCardForm } from './StripeCardForm.tsx';
import { ThreeDSecureChallenge, useThreeDSecureChallenge } from './ThreeDSecureChallenge.tsx';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';
import { MAX_AUTO_RECHARGES_PER_DAY } from '../../../common/rules/autoRecharge.ts';

/** The daily cap's choices: 1 to the contract's maximum. */
const AUTO_RECHARGES_PER_DAY_CHOICES = Array.from({ length: MAX_AUTO_RECHARGES_PER_DAY }, (_, i) => i + 1);

/** spec §4 Payment form mode and Submit flow, §5 Payment form. */
export function PaymentForm({
  input,
  cardProcessor,
  onReloadCard,
  onAutoSaved,
  onAutoRechargeRemoved,
  onClose,
}: {
  input: PaymentFormInput;
  /** From the billing setting of GET /client/meta: the local processor's form or Stripe Elements. */
  cardProcessor: CardProcessorChoice;
  onReloadCard: () => void;
  onAutoSaved: (autoRecharge: AutoRechargeSetting) => void;
  onAutoRechargeRemoved: () => void;
  /** Back to the summary when an auto-recharge exists. */
  onClose?: () => void;
}) {
  const { t, i18n } = useLingui();
  const { api, credits } = useRootActors();
  const publishableKey = cardProcessor.name === 'stripe' ? cardProcessor.publishableKey : null;
  const [entry, setEntry] = useState<LocalCardEntry>({ number: '', expiry: '', cvc: '' });
  const threeDSecure = useThreeDSecureChallenge();
  // The card entry lives outside the machine, like Stripe Elements: the processors read it here.
  const [ports] = useState(() => {
    const holder = new CardPorts<LocalCardEntry>({ number: '', expiry: '', cvc: '' });
    if (!publishableKey) {
      // The local processor's 3-D Secure step (test card 4000 0027 6000 3184) asks in the page.
      holder.local = createLocalCardProcessor(api, () => holder.entry, threeDSecure.ask);
    }
    return holder;
  });
  const changeEntry = (next: LocalCardEntry) => {
    ports.setEntry(next);
    setEntry(next);
  };
  const onStripeReady = useCallback((processor: CardProcessor | null) => ports.setStripe(processor), [ports]);
  const [form] = useState(() =>
    providePaymentForm({
      api,
      credits,
      processor: () => ports.current(Boolean(publishableKey)),
      onReloadCard,
      onAutoSaved,
      onAutoRechargeRemoved,
    }),
  );
  const actor = useInspectedActorRef(form, { input });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, isBusy);
  const confirming = useSelector(actor, isConfirmingOneTime);
  const label = useSelector(actor, submitLabel);
  const { mode, packs, thresholds, packId, criticalCredits, maxPerDay, savedCard, error } = context;

  return (
    <form
      noValidate
      aria-label={t`Payment form`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <Stack gap="5" maxWidth="xl">
        <CheckboxField
          name="oneTime"
          checked={mode === 'oneTime'}
          onChange={(oneTime) => actor.send({ type: 'user.toggleOneTime', oneTime })}
        >
          <Trans>Make a one time payment instead</Trans>
        </CheckboxField>
        {confirming ? (
          <Alert.Root status="warning" role="alertdialog" aria-label={t`Confirm one time payment`} flexWrap="wrap" gap="3">
            <Alert.Indicator />
            <Alert.Title flex="1">
              {context.autoRecharge
                ? t`Switch to a one time payment? Your auto-recharge will be cancelled.`
                : t`Switch to a one time payment?`}
            </Alert.Title>
            <Button size="sm" colorPalette="orange" onClick={() => actor.send({ type: 'user.confirm' })}>
              <Trans>Yes, I am sure.</Trans>
            </Button>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'user.dismiss' })}>
              <Trans>Cancel</Trans>
            </Button>
          </Alert.Root>
        ) : null}
        <Field.Root disabled={busy}>
          <Field.Label>{mode === 'auto' ? t`Credit pack to recharge` : t`Number of credits`}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="packId"
              value={packId === null ? '' : String(packId)}
              onChange={(event) => actor.send({ type: 'user.choosePack', packId: Number(event.currentTarget.value) })}
              bg="white"
            >
              {packs.map((pack) => (
                <option key={pack.id} value={String(pack.id)}>
                  {i18n._(creditPackLabel(pack))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {mode === 'auto' ? (
          <Field.Root disabled={busy}>
            <Field.Label>{t`Recharge when credits fall below`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="criticalCredits"
                value={criticalCredits === null ? '' : String(criticalCredits)}
                onChange={(event) => actor.send({ type: 'user.chooseThreshold', criticalCredits: Number(event.currentTarget.value) })}
                bg="white"
              >
                {thresholds.map((threshold) => (
                  <option key={threshold} value={String(threshold)}>
                    {threshold}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        {mode === 'auto' ? (
          <Field.Root disabled={busy}>
            <Field.Label>{t`Automatic purchases per day at most`}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="maxPerDay"
                value={String(maxPerDay)}
                onChange={(event) => actor.send({ type: 'user.chooseMaxPerDay', maxPerDay: Number(event.currentTarget.value) })}
                bg="white"
              >
                {AUTO_RECHARGES_PER_DAY_CHOICES.map((count) => (
                  <option key={count} value={String(count)}>
                    {count}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t`Beyond this in 24 hours your card is not charged and you get an email instead.`}</Field.HelperText>
          </Field.Root>
        ) : null}
        {savedCard ? (
          <Box display="flex" alignItems="center" gap="3" flexWrap="wrap">
            <SavedCardLine {...savedCard} />
            <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'user.removeCard' })}>
              <Trans>Use another card</Trans>
            </Button>
          </Box>
        ) : publishableKey ? (
          <StripeCardForm publishableKey={publishableKey} onReady={onStripeReady} />
        ) : (
          <LocalCardForm entry={entry} onChange={changeEntry} disabled={busy} />
        )}
        <ThreeDSecureChallenge open={threeDSecure.open} onAnswer={threeDSecure.answer} />
        {error ? <Notice status="error">{typeof error === 'string' ? error : messageText(i18n, error)}</Notice> : null}
        <Box display="flex" gap="3">
          <Button type="submit" colorPalette="blue" loading={busy} disabled={confirming}>
            {i18n._(label)}
          </Button>
          {onClose ? (
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              <Trans>Back</Trans>
            </Button>
          ) : null}
        </Box>
      </Stack>
    </form>
  );
}

function SavedCardLine({ last4, expMonth, expYear }: { last4: string; expMonth: number; expYear: number }) {
  return (
    <Text data-testid="saved-card">
      <Trans>
        Card ending in {last4}, expires {expMonth}/{expYear}
      </Trans>
    </Text>
  );
}
