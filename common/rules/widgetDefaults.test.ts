import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_DISPLAY_RULES } from './displayRules.ts';
import { defaultNotifications, defaultWidgetConfiguration, TIMED_POPUP_DEFAULTS, WIDGET_COUNT_BOUNDS } from './widgetDefaults.ts';
import { defaultWorkingHours } from './workingHours.ts';

describe('a new widget (spec §9 defaults)', () => {
  it('has the widget defaults and working hours of spec §9', () => {
    const { settings } = defaultWidgetConfiguration('+14155550123');
    expect(settings).toMatchObject({ numberOfTries: 3, minutesBetweenTries: 1, ...TIMED_POPUP_DEFAULTS, showsAfter: 15, repeatAfter: 120, displaysPerVisit: 3 });
    expect(settings.activeHours).toEqual(defaultWorkingHours());
  });

  it('shows on every page to every visitor at once: the default display rules (issue 20)', () => {
    const first = defaultWidgetConfiguration(null);
    expect(first.settings.displayRules).toEqual(DEFAULT_DISPLAY_RULES);
    first.settings.displayRules!.includePages.push('/pricing');
    expect(defaultWidgetConfiguration(null).settings.displayRules!.includePages).toEqual([]);
  });

  it('calls the number given, or the agents when there is none', () => {
    expect(defaultWidgetConfiguration('+14155550123').settings).toMatchObject({ useAgents: false, agentNumber: '+14155550123' });
    expect(defaultWidgetConfiguration(null).settings).toMatchObject({ useAgents: true, agentNumber: null });
  });

  it('has the design defaults and default texts of spec §9', () => {
    const { globalSetup, callSetup, scheduleSetup } = defaultWidgetConfiguration(null);
    expect(globalSetup).toMatchObject({ layout: 'Vertical', textOptions: { size: 20 }, buttonOptions: { color: '#83D1FC', fontSize: 20 } });
    expect(globalSetup.screenBackground).toEqual({ color: 'Light', opacity: 70 });
    expect(globalSetup.floatingIcon).toMatchObject({ size: 100, bgColor: '#F5A624', position: 'right' });
    expect([callSetup.buttonText, callSetup.callBackText, scheduleSetup.buttonText, callSetup.disclaimer.text]).toEqual([
      'Call Me Now',
      'Schedule a call instead',
      'Schedule call',
      '100% Safe and Secure',
    ]);
  });

  it('hands out fresh copies, with every notification off', () => {
    const first = defaultWidgetConfiguration(null);
    first.settings.redirections.callNow.isActive = true;
    first.settings.activeHours[0]!.isActive = false;
    expect(defaultWidgetConfiguration(null).settings.redirections.callNow.isActive).toBe(false);
    expect(defaultWidgetConfiguration(null).settings.activeHours[0]!.isActive).toBe(true);
    expect(defaultNotifications()).toEqual({ email: { isActive: false, value: '' }, phoneNumber: { isActive: false, value: '' } });
  });
});

describe('WIDGET_COUNT_BOUNDS', () => {
  it('is what the contract enforces: each maximum is the bound less one', () => {
    const contract = parse(readFileSync(new URL('../../openapi/dashboard.yaml', import.meta.url), 'utf8')) as {
      components: { schemas: { WidgetSettings: { properties: Record<string, { maximum?: number }> } } };
    };
    const properties = contract.components.schemas.WidgetSettings.properties;
    for (const [field, bound] of Object.entries(WIDGET_COUNT_BOUNDS)) expect(properties[field]?.maximum, field).toBe(bound - 1);
  });
});
