import { describe, expect, it } from 'vitest';
import {
  DEVICE_OPTIONS,
  SCHEDULE_OPTIONS,
  deviceDisplayOf,
  deviceOptionOf,
  scheduleOptionOf,
  showScheduleFormOf,
  showsTimedPopupFields,
} from './widgetWizard.options.ts';

describe('schedule option (spec §9: always, never, outside, during)', () => {
  it('maps each option to showScheduleForm', () => {
    expect(showScheduleFormOf('always')).toEqual({ duringWorkingHours: true, outsideWorkingHours: true });
    expect(showScheduleFormOf('never')).toEqual({ duringWorkingHours: false, outsideWorkingHours: false });
    expect(showScheduleFormOf('outside')).toEqual({ duringWorkingHours: false, outsideWorkingHours: true });
    expect(showScheduleFormOf('during')).toEqual({ duringWorkingHours: true, outsideWorkingHours: false });
  });

  it('reads every option back from its value', () => {
    for (const option of SCHEDULE_OPTIONS) expect(scheduleOptionOf(showScheduleFormOf(option))).toBe(option);
  });
});

describe('device option (spec §9: both, desktop, mobile)', () => {
  it('maps each option to deviceDisplay', () => {
    expect(deviceDisplayOf('both')).toEqual({ onDesktop: true, onMobile: true });
    expect(deviceDisplayOf('desktop')).toEqual({ onDesktop: true, onMobile: false });
    expect(deviceDisplayOf('mobile')).toEqual({ onDesktop: false, onMobile: true });
  });

  it('reads every option back, and neither device as both', () => {
    for (const option of DEVICE_OPTIONS) expect(deviceOptionOf(deviceDisplayOf(option))).toBe(option);
    expect(deviceOptionOf({ onDesktop: false, onMobile: false })).toBe('both');
  });
});

describe('timed-popup fields (spec §5 Widget general)', () => {
  const types = [
    { id: 1, name: 'Exit popup' },
    { id: 2, name: 'Timed popup' },
    { id: 3, name: 'Floating icon' },
  ];
  it('show for Timed popup and All Widgets only', () => {
    expect(showsTimedPopupFields(2, types)).toBe(true);
    expect(showsTimedPopupFields('all', types)).toBe(true);
    expect(showsTimedPopupFields(1, types)).toBe(false);
    expect(showsTimedPopupFields(3, types)).toBe(false);
    expect(showsTimedPopupFields(null, types)).toBe(false);
  });
});
