import { Box } from '@chakra-ui/react/box';
import { Button } from '../../ui/Button.tsx';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { FormDraft } from '../../../machines/form/formDraft.ts';
import type { CardValues, SettingsCardInput } from '../../../machines/settings/settingsCard.machine.ts';
import { isConfirming, isHelperShown, isSaveDisabled, isSubmitting } from '../../../machines/settings/settingsCard.selectors.ts';
import { messageText } from '../../i18n/messageText.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { provideSettingsCard, type CardWiring } from './settings.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

export interface CardFields {
  draft: FormDraft<CardValues>;
  busy: boolean;
  change: (field: string) => (value: string) => void;
  blur: (field: string) => () => void;
}

/** One card of Account Settings: its form, the Save button and an optional helper after saving. */
export function SettingsCard({
  title,
  input,
  wiring,
  helper,
  confirm,
  children,
}: {
  title: string;
  input: SettingsCardInput;
  wiring: CardWiring;
  /** A save that deletes something asks first (`asks`), with this dialog (ConfirmDialog). */
  confirm?: { asks: NonNullable<SettingsCardInput['asksToConfirm']>; title: string; text: (values: CardValues) => string };
  /** Shown for 5 s after a save (spec §4 Settings: the e-mail card's helper). */
  helper?: MessageDescriptor;
  children: (fields: CardFields) => ReactNode;
}) {
  const { i18n } = useLingui();
  const card = useInspectedActorRef(provideSettingsCard(wiring), { input: { ...input, asksToConfirm: confirm?.asks } });
  const confirming = useSelector(card, isConfirming);
  const draft = useSelector(card, (snapshot) => snapshot.context.form);
  const busy = useSelector(card, isSubmitting);
  const disabled = useSelector(card, isSaveDisabled);
  const helperShown = useSelector(card, isHelperShown);
  const change = (field: string) => (value: string) => card.send({ type: 'user.change', field, value });
  const blur = (field: string) => () => card.send({ type: 'user.blur', field });
  return (
    <Box
      as="section"
      aria-label={title}
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '5', md: '6' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          card.send({ type: 'user.submit' });
        }}
      >
        <Heading as="h2" size="md" mb="4" color="gray.900">
          {title}
        </Heading>
        <Stack gap="4">
          {children({ draft, busy, change, blur })}
          {helper && helperShown ? (
            <Box role="status" color="green.800" fontSize="sm">
              {messageText(i18n, helper)}
            </Box>
          ) : null}
          <Box>
            <Button type="submit" colorPalette="blue" loading={busy} disabled={disabled}>
              <Trans>Save</Trans>
            </Button>
          </Box>
        </Stack>
      </form>
      {confirm ? (
        <ConfirmDialog
          open={confirming}
          title={confirm.title}
          text={confirm.text(draft.values)}
          onConfirm={() => card.send({ type: 'user.confirm' })}
          onCancel={() => card.send({ type: 'user.cancel' })}
        />
      ) : null}
    </Box>
  );
}
