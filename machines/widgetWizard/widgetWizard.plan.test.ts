import { describe, expect, it } from 'vitest';
import { applyChange } from './widgetWizard.change.ts';
import { initialDraft } from './widgetWizard.defaults.ts';
import { ALL_WIDGET_TYPES, type WidgetDraft } from './widgetWizard.draft.ts';
import { findWebsite, planAgent, planSaves, resolveAgent } from './widgetWizard.plan.ts';
import type { StoredWidget, WizardAgent } from './widgetWizard.types.ts';
import { normalizeDomain } from '../../common/rules/domainName.ts';

const widgetTypes = [
  { id: 1, name: 'Exit popup' },
  { id: 2, name: 'Timed popup' },
  { id: 3, name: 'Floating icon' },
];
const identity = (html: string) => html;

function draftWith(...changes: [string, unknown][]): WidgetDraft {
  return changes.reduce((draft, [path, value]) => applyChange(draft, path, value, widgetTypes), initialDraft());
}

describe('website (spec §4: created first when its domain is new)', () => {
  it('compares domains as the server normalizes them', () => {
    expect(normalizeDomain(' HTTPS://user:pw@Shop.Example.com:8080/cart?x=1 ')).toBe('shop.example.com');
    expect(normalizeDomain('www.example.com.')).toBe('www.example.com');
    expect(normalizeDomain('localhost')).toBeNull();
    expect(normalizeDomain('10.0.0.1')).toBeNull();
    const websites = [{ id: 1, domain: 'shop.example.com', publicKey: 'k', widgetCount: 1 }];
    expect(findWebsite(websites, 'http://shop.example.com/about')?.id).toBe(1);
    expect(findWebsite(websites, 'www.shop.example.com')).toBeNull();
  });
});

describe('agents (spec §4)', () => {
  const regular: WizardAgent = { id: 1, name: 'Grace Hopper', phone: '+14155550123', isRegular: true };
  const twin: WizardAgent = { id: 2, name: null, phone: '+14155550123', isRegular: false };

  it('agents in use need no plan; a number prefers a regular agent over a placeholder', () => {
    expect(planAgent(draftWith(['settings.settings.useAgents', true]), [regular])).toEqual({ kind: 'agents' });
    expect(planAgent(draftWith(['settings.settings.agentNumber', '+1 (415) 555-0123']), [twin, regular])).toEqual({ kind: 'reuse', agent: regular });
    expect(planAgent(draftWith(['settings.settings.agentNumber', '+14155550123']), [twin])).toEqual({ kind: 'reuse', agent: twin });
    expect(planAgent(draftWith(['settings.settings.agentNumber', '+1 415 555 0999']), [twin])).toEqual({ kind: 'create', phone: '+14155550999' });
  });

  it('a regular agent turns useAgents on with the chosen or first calling rule', () => {
    const resolved = resolveAgent(draftWith(['settings.settings.agentNumber', '+14155550123']), regular, [regular], [{ id: 5, name: 'Rule' }]);
    expect(resolved).toMatchObject({ agentIds: [1], callingRuleId: 5 });
    expect(resolved.settings.settings).toMatchObject({ useAgents: true, agentNumber: null });
  });
});

describe('saves (spec §4)', () => {
  const draft = draftWith(['name', ' Sales '], ['websiteUrl', 'shop.example.com'], ['settings.settings.agentNumber', '+14155550123']);

  it('All Widgets: one widget per type named "{name} - {type name}", timing only for the Timed popup', () => {
    const plan = planSaves({ draft: applyChange(draft, 'typeId', ALL_WIDGET_TYPES, widgetTypes), websiteId: 4, original: null, widgetTypes, sanitizeHtml: identity });
    expect(plan.kind).toBe('create');
    if (plan.kind !== 'create') return;
    expect(plan.bodies.map((b) => [b.name, b.typeId, b.websiteId, b.settings.settings.repeatAfter])).toEqual([
      ['Sales - Exit popup', 1, 4, null],
      ['Sales - Timed popup', 2, 4, 120],
      ['Sales - Floating icon', 3, 4, null],
    ]);
    expect(plan.bodies.every((body) => body.isActive)).toBe(true);
  });

  it('editing keeps the stored isActive and typeId', () => {
    const original = { id: 9, typeId: 3, isActive: false } as StoredWidget;
    const plan = planSaves({ draft: applyChange(draft, 'typeId', 1, widgetTypes), websiteId: 4, original, widgetTypes, sanitizeHtml: identity });
    expect(plan).toMatchObject({ kind: 'update', widgetId: 9, body: { typeId: 3, isActive: false, name: 'Sales' } });
  });

  it('sends empty optional values as null and sanitizes both disclaimers', () => {
    const plan = planSaves({
      draft: applyChange(applyChange(draft, 'typeId', 1, widgetTypes), 'settings.settings.customCallerId.value', '', widgetTypes),
      websiteId: 4,
      original: null,
      widgetTypes,
      sanitizeHtml: (html) => `[${html}]`,
    });
    if (plan.kind !== 'create') throw new Error('expected create');
    const { settings } = plan.bodies[0]!;
    expect(settings.settings.customCallerId.value).toBeNull();
    expect(settings.settings.waitingAudio.url).toBeNull();
    expect(settings.callSetup.disclaimer.text).toBe('[100% Safe and Secure]');
    expect(settings.scheduleSetup.disclaimer.text).toBe('[100% Safe and Secure]');
  });

  it('always sends the call flow of issue 18, the visitor\'s text trimmed', () => {
    const flow = applyChange(
      applyChange(applyChange(draft, 'typeId', 1, widgetTypes), 'settings.settings.missedCallRecovery.textVisitor.text', '  Sorry, we call you back.  ', widgetTypes),
      'settings.settings.recording.notice',
      true,
      widgetTypes,
    );
    const plan = planSaves({ draft: flow, websiteId: 4, original: null, widgetTypes, sanitizeHtml: identity });
    if (plan.kind !== 'create') throw new Error('expected create');
    expect(plan.bodies[0]!.settings.settings).toMatchObject({
      agentWhisper: true,
      missedCallRecovery: { textVisitor: { isActive: true, text: 'Sorry, we call you back.' }, scheduleCallback: true, notifyClient: true },
      recording: { notice: true, isActive: true },
    });
  });
});
