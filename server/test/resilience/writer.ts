import { defaultNotifications, defaultWidgetConfiguration } from '../../../common/rules/widgetDefaults.ts';
import { DEMO_ACCOUNT } from '../../demo/demoAccount.ts';
import { CRASH_WIDGET } from './invariants.ts';

/** What the writers got done before the server died. */
export interface Writes {
  payments: number;
  widgetSaves: number;
}

async function call(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json().catch(() => ({}))) as Record<string, unknown>;
}

async function signInDemo(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, client_id: 'dashboard' }),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** A widget whose name, call text and two agent links are written by one save. */
function crashWidget(websiteId: number, agentIds: number[], number: number) {
  const name = `${CRASH_WIDGET} ${number}`;
  const settings = defaultWidgetConfiguration(null);
  settings.callSetup.main.text = name;
  return {
    name,
    typeId: 1,
    websiteId,
    isActive: number % 2 === 0,
    notifications: defaultNotifications(),
    settings,
    agentIds,
    callingRuleId: 1,
  };
}

/**
 * Writes as the demo account until the server goes away: one-time purchases through the local
 * card processor (intent, then confirmation), and widget saves (creations and whole
 * replacements). `ready` resolves once both loops are writing; `done` when the server died.
 */
export async function writeUntilKilled(base: string): Promise<{ ready: Promise<void>; done: Promise<Writes> }> {
  const token = await signInDemo(base);
  const writes: Writes = { payments: 0, widgetSaves: 0 };
  const card = await call(base, token, 'POST', '/local-card-processor/payment-methods', {
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  });
  const websites = (await call(base, token, 'GET', '/client/websites')).data as { id: number }[];
  const agents = ((await call(base, token, 'GET', '/client/agents')).data as { id: number; isRegular: boolean }[]).filter((a) => a.isRegular);
  const agentIds = agents.slice(0, 2).map((agent) => agent.id);
  if (websites.length === 0 || agentIds.length < 2) throw new Error('the demo account lacks websites or agents');

  let started = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const begun = () => {
    started += 1;
    if (started === 2) markReady();
  };

  const buying = (async () => {
    for (let first = true; ; first = false) {
      const intent = await call(base, token, 'POST', '/client/payments', { packId: 1 });
      if (first) begun();
      await call(base, token, 'POST', `/local-card-processor/payment-intents/${String(intent.client_secret)}/confirm`, { paymentMethodId: card.id });
      writes.payments += 1;
    }
  })();
  const saving = (async () => {
    let widgetId: number | null = null;
    for (let number = Date.now(); ; number += 1) {
      const body = crashWidget(websites[number % websites.length]!.id, agentIds, number);
      const saved: Record<string, unknown> =
        widgetId === null || number % 3 === 0
          ? await call(base, token, 'POST', '/client/widgets', body)
          : await call(base, token, 'PUT', `/client/widgets/${widgetId}`, body);
      if (widgetId === null) begun();
      widgetId = saved.id as number;
      writes.widgetSaves += 1;
    }
  })();
  // Both loops end only by failing: when the server is killed (or, before `ready`, a bug).
  const done = Promise.allSettled([buying, saving]).then(() => writes);
  return { ready: Promise.race([ready, buying, saving]), done };
}
