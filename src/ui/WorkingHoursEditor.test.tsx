// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstWorkingHoursMessage, validateWorkingHours } from '../../machines/shared/workingHours.ts';
import { defaultWorkingHours, type WorkingHours } from '../../common/rules/workingHours.ts';
import { messages as enMessages } from '../locales/en/messages.po';
import { system } from './system.ts';
import { format } from 'date-fns';
import { TIME_FORMAT, timeToPickerText } from './timePicker.ts';
import { WorkingHoursEditor } from './WorkingHoursEditor.tsx';

const i18n = setupI18n({ locale: 'en', messages: { en: enMessages } });

/** The editor with its value kept in state, as a machine would keep it, validated on each change. */
function Harness({ onChange }: { onChange: (value: WorkingHours[]) => void }) {
  const [value, setValue] = useState(defaultWorkingHours);
  const issues = validateWorkingHours(value);
  return (
    <WorkingHoursEditor
      value={value}
      issues={issues}
      error={firstWorkingHoursMessage(issues)}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderEditor(onChange = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Harness onChange={onChange} />
      </ChakraProvider>
    </I18nProvider>,
  );
  return onChange;
}

describe('WorkingHoursEditor', () => {
  afterEach(cleanup);

  it('shows the seven days with their switches and 12-hour times', () => {
    renderEditor();
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(7);
    expect(screen.getByRole('switch', { name: 'Monday' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Saturday' })).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Monday from')).toHaveProperty('value', '9:00 AM');
    expect(screen.getByLabelText('Monday to')).toHaveProperty('value', '5:00 PM');
    // An inactive day keeps its times, ready for when it is turned on.
    expect(screen.getByLabelText('Sunday from')).toHaveProperty('value', '9:00 AM');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds and removes time frames and turns days on and off', () => {
    const onChange = renderEditor();
    const monday = screen.getByRole('group', { name: 'Monday' });
    fireEvent.click(within(monday).getByRole('button', { name: 'Add time frame' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ day: 'monday', isActive: true, times: [{ from: '09:00', to: '17:00' }, { from: '17:00', to: '18:00' }] }]));
    expect(within(monday).getAllByLabelText('Monday from')).toHaveLength(2);
    fireEvent.click(within(monday).getAllByRole('button', { name: 'Remove time frame (Monday)' })[0]!);
    expect(within(monday).getByLabelText('Monday from')).toHaveProperty('value', '5:00 PM');
    fireEvent.click(screen.getByRole('switch', { name: 'Saturday' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([{ day: 'saturday', isActive: true, times: [{ from: '09:00', to: '17:00' }] }]));
  });

  it('shows the banner and the message when no day is active', () => {
    renderEditor();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) fireEvent.click(screen.getByRole('switch', { name: day }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('At least one day must be selected and every selected day must have valid start/end time');
    expect(alert.textContent).toContain('A minimum of one active day is required.');
  });

  it('writes each time as the picker does, before the picker has loaded', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(timeToPickerText(time)).toBe(format(new Date(2000, 0, 1, Math.floor(minutes / 60), minutes % 60), TIME_FORMAT));
    }
    expect(timeToPickerText('25:00')).toBe('');
  });

  it('shows each time read-only and busy until the picker has come after the first paint, then the picker', async () => {
    renderEditor();
    const monday = screen.getByLabelText('Monday from');
    expect(monday).toHaveProperty('readOnly', true);
    expect(monday.closest('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Monday from').closest('.react-datepicker-wrapper')).not.toBeNull(), { timeout: 5_000 });
    expect(screen.getByLabelText('Monday from')).toHaveProperty('value', '9:00 AM');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('names an active day left without a time frame', () => {
    renderEditor();
    const friday = screen.getByRole('group', { name: 'Friday' });
    fireEvent.click(within(friday).getByRole('button', { name: 'Remove time frame (Friday)' }));
    expect(within(friday).getByText('A minimum of one time frame for active days is required.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('A minimum of one time frame for active days is required.');
  });
});
