import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MISSED_CALL_TEXT_MAX } from '../../../../common/rules/callFlow.ts';
import { defaultMissedCallText } from '../../../../common/rules/visitorTexts.ts';
import { SwitchField } from '../../../ui/SwitchField.tsx';
import { DraftField, DraftTextField, FormSection } from './fields.tsx';
import type { SectionProps } from './generalStep.types.ts';

const base = 'settings.settings';

/** A labelled group of switches inside a section (a fieldset, announced as a group). */
function SwitchGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <chakra.fieldset>
      <chakra.legend fontSize="sm" fontWeight="semibold" mb="2">
        {legend}
      </chakra.legend>
      <Stack gap="3">{children}</Stack>
    </chakra.fieldset>
  );
}

/**
 * How a call is answered (issue 18): the agent's whisper and press 1, and the recording with its
 * notice. A voicemail never presses 1, so it is never bridged to the visitor.
 */
export function CallHandlingSection({ draft, onChange }: SectionProps) {
  const { t } = useLingui();
  const { agentWhisper, recording } = draft.settings.settings;
  return (
    <FormSection title={t`Call handling`}>
      <DraftField path={`${base}.agentWhisper`}>
        <SwitchField
          name={`${base}.agentWhisper`}
          checked={agentWhisper}
          onChange={(on) => onChange(`${base}.agentWhisper`, on)}
          description={t`Before we call the visitor, the agent hears the widget, the page and the visitor's details. Without a 1 the call goes to the next agent, so a voicemail is never connected to the visitor.`}
        >
          {t`Agent hears who is calling and presses 1 to accept`}
        </SwitchField>
      </DraftField>
      <SwitchGroup legend={t`Recording`}>
        <DraftField path={`${base}.recording.isActive`}>
          <SwitchField name={`${base}.recording.isActive`} checked={recording.isActive} onChange={(on) => onChange(`${base}.recording.isActive`, on)}>
            {t`Record calls`}
          </SwitchField>
        </DraftField>
        <DraftField path={`${base}.recording.notice`}>
          <SwitchField
            name={`${base}.recording.notice`}
            checked={recording.notice}
            onChange={(on) => onChange(`${base}.recording.notice`, on)}
            description={t`Both parties hear “This call is recorded.” before they are connected.`}
          >
            {t`Play a recording notice to both parties`}
          </SwitchField>
        </DraftField>
      </SwitchGroup>
    </FormSection>
  );
}

/**
 * What follows a Call now that did not connect (issue 18): a text to the visitor (empty sends the
 * default in the visitor's language), a callback at the next available time, the client's
 * notification.
 */
export function MissedCallsSection({ draft, errors, onChange }: SectionProps) {
  const { t, i18n } = useLingui();
  const { textVisitor, scheduleCallback, notifyClient } = draft.settings.settings.missedCallRecovery;
  const path = `${base}.missedCallRecovery`;
  const max = MISSED_CALL_TEXT_MAX;
  return (
    <FormSection title={t`When a call is missed`}>
      <Stack gap="2">
        <DraftField path={`${path}.textVisitor.isActive`}>
          <SwitchField name={`${path}.textVisitor.isActive`} checked={textVisitor.isActive} onChange={(on) => onChange(`${path}.textVisitor.isActive`, on)}>
            {t`Text the visitor`}
          </SwitchField>
        </DraftField>
        {textVisitor.isActive ? (
          <DraftTextField
            path={`${path}.textVisitor.text`}
            label={t`Text message to the visitor`}
            multiline
            // The visitor-facing default of the service, shown in the dashboard's language.
            placeholder={defaultMissedCallText(i18n.locale)}
            helper={t`Leave empty to send the message shown, in the visitor's language. Up to ${max} characters.`}
            value={textVisitor.text}
            errors={errors}
            onChange={onChange}
          />
        ) : null}
      </Stack>
      <DraftField path={`${path}.scheduleCallback`}>
        <SwitchField
          name={`${path}.scheduleCallback`}
          checked={scheduleCallback}
          onChange={(on) => onChange(`${path}.scheduleCallback`, on)}
          description={t`The callback shows in Upcoming Calls.`}
        >
          {t`Schedule a callback at the next available time`}
        </SwitchField>
      </DraftField>
      <DraftField path={`${path}.notifyClient`}>
        <SwitchField
          name={`${path}.notifyClient`}
          checked={notifyClient}
          onChange={(on) => onChange(`${path}.notifyClient`, on)}
          description={t`Sent to the e-mail and phone number set under Notifications.`}
        >
          {t`Notify me (the widget's notifications)`}
        </SwitchField>
      </DraftField>
    </FormSection>
  );
}
