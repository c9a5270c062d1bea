import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addTimeFrame, removeTimeFrame, setDayActive, setFrameTime, workingHoursMessages, type WorkingHoursIssues } from '../../machines/shared/workingHours.ts';
import { type TimeFrame, type WeekDay, type WorkingHours } from '../../common/rules/workingHours.ts';
import { messageText } from '../i18n/messageText.ts';
import { useLoadedAfterPaint } from '../lib/useLoadedAfterPaint.ts';
import { timeToPickerText, type TimePickerProps } from './timePicker.ts';
import type TimePickerInputComponent from './TimePickerInput.tsx';

export interface WorkingHoursEditorProps {
  /** The seven days, Monday first (read stored values through `normalizeWorkingHours`). */
  value: WorkingHours[];
  onChange: (value: WorkingHours[]) => void;
  /** The schedule's validation message: shown under the spec's banner (spec §5 Agent, Availability). */
  error?: MessageDescriptor | null;
  /** Per-day and per-frame messages (from `validateWorkingHours`), shown beside what they name. */
  issues?: WorkingHoursIssues | null;
  disabled?: boolean;
}

const dayNames: Record<WeekDay, MessageDescriptor> = {
  monday: msg`Monday`,
  tuesday: msg`Tuesday`,
  wednesday: msg`Wednesday`,
  thursday: msg`Thursday`,
  friday: msg`Friday`,
  saturday: msg`Saturday`,
  sunday: msg`Sunday`,
};

// react-datepicker (about 35 kB gzip with Floating UI and its stylesheet) loads once the editor is
// on screen (issue 17: the agent form and the wizard's General step painted only after it had
// downloaded and run); until then each time is a plain read-only input in the same box.
let TimePickerInput: typeof TimePickerInputComponent | null = null;
const loadTimePickerInput = () =>
  import('./TimePickerInput.tsx').then((module) => {
    TimePickerInput = module.default;
  });

/**
 * The weekly working-hours editor (spec §3 Working-hours entry, §5 Active hours and
 * Availability): per day, Monday to Sunday, an active switch and one or more time frames with a
 * 12-hour time picker in 5-minute steps that cannot be cleared. Controlled: each change hands
 * the whole schedule to `onChange`; the rules (defaults, reading, validation) live in
 * machines/shared/workingHours.ts and the owning machine validates.
 */
export function WorkingHoursEditor({ value, onChange, error, issues, disabled }: WorkingHoursEditorProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap="3" data-testid="working-hours">
      {error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{i18n._(workingHoursMessages.banner)}</Alert.Title>
            <Alert.Description>{messageText(i18n, error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {value.map((entry) => {
        const dayName = i18n._(dayNames[entry.day]);
        const dayIssues = issues?.days[entry.day];
        // An inactive day's times stay editable (they are kept and sent), only dimmed.
        const dayDisabled = Boolean(disabled);
        return (
          <Flex
            key={entry.day}
            role="group"
            aria-label={dayName}
            data-day={entry.day}
            direction={{ base: 'column', md: 'row' }}
            gap="3"
            py="2"
            borderBottomWidth="1px"
            borderColor="gray.100"
          >
            <chakra.label display="flex" alignItems="center" gap="2.5" flex="0 0 10rem" fontSize="sm" fontWeight="medium" cursor="pointer" alignSelf="flex-start" pt="2">
              <chakra.input
                type="checkbox"
                role="switch"
                name={`${entry.day}-active`}
                checked={entry.isActive}
                disabled={disabled}
                onChange={(event) => onChange(setDayActive(value, entry.day, event.currentTarget.checked))}
                width="4"
                height="4"
                accentColor="blue.600"
                cursor="pointer"
              />
              {dayName}
            </chakra.label>
            {/* An inactive day keeps its times editable at full contrast (dimming them failed WCAG 1.4.3); its switch says it is off. */}
            <Stack gap="2" flex="1">
              {entry.times.map((frame, index) => (
                <TimeFrameRow
                  key={index}
                  dayName={dayName}
                  frame={frame}
                  disabled={dayDisabled}
                  error={messageText(i18n, dayIssues?.frames?.[index])}
                  onChange={(end, time) => onChange(setFrameTime(value, entry.day, index, end, time))}
                  onRemove={() => onChange(removeTimeFrame(value, entry.day, index))}
                />
              ))}
              {entry.isActive && dayIssues?.day ? (
                <Text fontSize="xs" color="fg.error" aria-live="polite">
                  {messageText(i18n, dayIssues.day)}
                </Text>
              ) : null}
              <Box>
                <Button size="xs" variant="outline" disabled={dayDisabled} onClick={() => onChange(addTimeFrame(value, entry.day))}>
                  {t`Add time frame`}
                </Button>
              </Box>
            </Stack>
          </Flex>
        );
      })}
    </Stack>
  );
}

function TimeFrameRow({
  dayName,
  frame,
  disabled,
  error,
  onChange,
  onRemove,
}: {
  dayName: string;
  frame: TimeFrame;
  disabled: boolean;
  error?: string;
  onChange: (end: keyof TimeFrame, time: string) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <Box>
      <Flex gap="2" alignItems="center" wrap="wrap">
        <TimePicker label={t`${dayName} from`} time={frame.from} disabled={disabled} onChange={(time) => onChange('from', time)} />
        <Text aria-hidden fontSize="sm" color="gray.600">
          –
        </Text>
        <TimePicker label={t`${dayName} to`} time={frame.to} disabled={disabled} invalid={Boolean(error)} onChange={(time) => onChange('to', time)} />
        <Button size="xs" variant="ghost" colorPalette="red" disabled={disabled} onClick={onRemove} aria-label={t`Remove time frame (${dayName})`}>
          {t`Remove`}
        </Button>
      </Flex>
      {error ? (
        <Text mt="1" fontSize="xs" color="fg.error" aria-live="polite">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function TimePicker(props: TimePickerProps) {
  const loaded = useLoadedAfterPaint(loadTimePickerInput, 'the time picker');
  // A field focused before the picker came gets the focus back in it (which opens its list).
  const [focusedEarly, setFocusedEarly] = useState(false);
  return (
    <Box width="8.5rem" css={{ '& .react-datepicker-wrapper': { width: '100%' } }}>
      {loaded && TimePickerInput ? (
        <TimePickerInput {...props} autoFocus={focusedEarly} />
      ) : (
        // Busy until the picker has come (tests wait for that).
        <Box aria-busy="true">
          <Input
            size="sm"
            bg="white"
            readOnly
            autoComplete="off"
            aria-label={props.label}
            aria-invalid={props.invalid ? true : undefined}
            disabled={props.disabled}
            value={timeToPickerText(props.time)}
            onFocus={() => setFocusedEarly(true)}
            onBlur={() => setFocusedEarly(false)}
          />
        </Box>
      )}
    </Box>
  );
}
