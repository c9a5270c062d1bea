import { describe, expect, it } from 'vitest';
import { defaultWidgetConfiguration } from '../../../common/rules/widgetDefaults.ts';
import { filterWidgets, widgetWithActivity, widgetWithPicture, type Widget } from './widgets.rows.ts';

function widget(id: number, websiteId: number, typeId: number, isActive: boolean): Widget {
  return {
    id,
    name: `Widget ${id}`,
    typeId,
    websiteId,
    callingRuleId: null,
    agentIds: [],
    isActive,
    widgetType: { id: typeId, name: 'Floating icon' },
    websiteUrl: `site${websiteId}.example`,
    callingRule: null,
    agents: [],
    notifications: {} as Widget['notifications'],
    settings: {} as Widget['settings'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const widgets = [widget(1, 10, 1, true), widget(2, 10, 3, false), widget(3, 20, 3, true), widget(4, 20, 1, false)];
const ids = (rows: Widget[]) => rows.map((row) => row.id);

describe('filterWidgets (spec §2 Widgets filters)', () => {
  it('keeps every widget with every filter on All, in the API order', () => {
    expect(ids(filterWidgets(widgets, { websiteId: null, typeId: null, status: null }))).toEqual([1, 2, 3, 4]);
  });

  it('narrows by website, type and status, together', () => {
    expect(ids(filterWidgets(widgets, { websiteId: 20, typeId: null, status: null }))).toEqual([3, 4]);
    expect(ids(filterWidgets(widgets, { websiteId: null, typeId: 3, status: null }))).toEqual([2, 3]);
    expect(ids(filterWidgets(widgets, { websiteId: null, typeId: null, status: 'inactive' }))).toEqual([2, 4]);
    expect(ids(filterWidgets(widgets, { websiteId: 10, typeId: 3, status: 'active' }))).toEqual([]);
  });
});

describe('widgetWithActivity', () => {
  it('sends the widget whole with the new isActive (the update replaces it)', () => {
    const row = { ...widget(7, 10, 2, false), agentIds: [3, 5], callingRuleId: 2 };
    expect(widgetWithActivity(row, true)).toEqual({
      name: 'Widget 7',
      typeId: 2,
      websiteId: 10,
      callingRuleId: 2,
      agentIds: [3, 5],
      isActive: true,
      notifications: row.notifications,
      settings: row.settings,
    });
  });
});

describe('widgetWithPicture (spec §4: a widget picture updated in place)', () => {
  it('sends the widget as listed with the new picture, switched on, and nothing else changed', () => {
    const listed = { ...widget(5, 10, 1, true), settings: defaultWidgetConfiguration('+14155550123') };
    const body = widgetWithPicture(listed, '/files/7/agent.png');
    expect(body.settings.callSetup.picture).toEqual({ ...listed.settings.callSetup.picture, isActive: true, src: '/files/7/agent.png' });
    expect({ ...body, settings: { ...body.settings, callSetup: listed.settings.callSetup } }).toEqual(widgetWithActivity(listed, true));
  });
});
