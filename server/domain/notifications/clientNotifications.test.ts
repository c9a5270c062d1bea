import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNotifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/accounts.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { accountWithWidget, fastDeps, fixedClock } from '../../test/callTestKit.ts';
import { markPaid as markPaidIn, recordingAdapters } from '../../test/notificationTestKit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { NOTIFICATION_ATTEMPTS, NOTIFICATION_LEASE_MS, NOTIFICATIONS_KEPT_MS, NotificationsWorker, retryDelayMs } from '../../workers/notificationsWorker.ts';
import { requestInstantCall, requestScheduledCall } from '../callEngine/callRequests.ts';
import { NOTIFICATION_LIMITS } from './clientNotifications.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PUBLIC_URL = 'https://app.example.com';

const markPaid = (userId: number) => markPaidIn(server.db, userId);

function worker(adapters: ReturnType<typeof recordingAdapters>, now = () => Date.now()) {
  const log = { info: () => undefined, warn: () => undefined };
  return new NotificationsWorker({ db: server.db, mail: adapters.mail, texts: adapters.texts, publicUrl: PUBLIC_URL, log, now });
}

/**
 * A widget notifying `email` and `phone` (each active when given), with a labelled custom field,
 * of an account that has paid (unless `paid: false`).
 */
async function notifyingWidget(notify: { email?: string; phone?: string; paid?: boolean }) {
  const setup = await accountWithWidget(server.db, { useSchedule: false });
  if (notify.paid !== false) await markPaid(setup.userId);
  const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
  const settings = widget!.settings as { scheduleSetup: Record<string, { isActive: boolean; text: string }> };
  settings.scheduleSetup.customField1 = { isActive: true, text: 'Your question' };
  await server.db
    .update(widgets)
    .set({
      settings,
      notifications: {
        email: { isActive: notify.email !== undefined, value: notify.email ?? '' },
        phoneNumber: { isActive: notify.phone !== undefined, value: notify.phone ?? '' },
      },
    })
    .where(eq(widgets.id, setup.widgetId));
  return setup;
}

const rowsOf = (userId: number) => server.db.select().from(clientNotifications).where(eq(clientNotifications.userId, userId));

describe('client notifications', () => {
  it('a scheduled callback notifies by e-mail and text, with the visitor, page, widget, custom fields and a link', async () => {
    const setup = await notifyingWidget({ email: 'owner@example.com', phone: '+12015550142' });
    const at = new Date(Date.now() + 2 * 86_400_000);
    const { scheduledCallId } = await requestScheduledCall(server.db, fastDeps(), {
      ...setup.request('+15005550004'),
      scheduledAt: at,
      customFields: { customField1: 'Do you install heat pumps?' },
    });
    const queued = await rowsOf(setup.userId);
    expect(queued.map((row) => [row.event, row.channel, row.to, row.scheduledCallId])).toEqual(
      expect.arrayContaining([
        ['callback_scheduled', 'email', 'owner@example.com', scheduledCallId],
        ['callback_scheduled', 'text', '+12015550142', scheduledCallId],
      ]),
    );
    const adapters = recordingAdapters();
    expect(await worker(adapters).runOnce()).toBeGreaterThanOrEqual(2);
    const mail = adapters.sent.mails.find((m) => m.to === 'owner@example.com')!;
    expect(mail.subject).toBe('Callback scheduled: +15005550004 (Floating icon)');
    expect(mail.text).toContain('Visitor: +15005550004');
    expect(mail.text).toContain('Widget: Floating icon');
    expect(mail.text).toMatch(/Page: https:\/\/.+\/pricing/);
    expect(mail.text).toContain('Your question: Do you install heat pumps?');
    expect(mail.text).toContain(`${PUBLIC_URL}/upcoming-calls`);
    expect(mail.html).toContain('Do you install heat pumps?');
    const text = adapters.sent.texts.find((t) => t.to === '+12015550142')!;
    expect(text.body).toMatch(/^Callback scheduled: \+15005550004, [A-Z][a-z]{2} \d{1,2} \d\d:\d\d\. https:\/\/app\.example\.com\/upcoming-calls$/);
    expect(text.body).not.toContain('heat pumps');
    expect(text.from).toMatch(/^\+\d+$/);
    expect((await rowsOf(setup.userId)).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('a Call now that no agent answered notifies "Missed call" with its outcome and a link to the day in Calls History', async () => {
    const setup = await notifyingWidget({ email: 'owner@example.com' });
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550003'));
    await deps.placements.settle();
    const rows = await rowsOf(setup.userId);
    expect(rows.map((row) => [row.event, row.channel, row.callId])).toEqual([
      ['call_requested', 'email', callId],
      // The widget's recovery (issue 18): the visitor's text goes out with the notifications.
      ['missed_call_text', 'text', callId],
      ['call_missed', 'email', callId],
    ]);
    const adapters = recordingAdapters();
    await worker(adapters).runOnce();
    const requested = adapters.sent.mails.find((m) => m.subject.startsWith('New call request'))!;
    expect(requested.subject).toBe('New call request: +15005550003 (Floating icon)');
    expect(requested.text).toContain('Your agents are being called now.');
    const mail = adapters.sent.mails.find((m) => m.subject.startsWith('Missed call'))!;
    expect(mail.text).toContain('No agent answered.');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/calls\\?dateFrom=\\d{4}-\\d\\d-\\d\\d&dateTo=\\d{4}-\\d\\d-\\d\\d&websiteId=${setup.websiteId}`));
  });

  it('a connected call is announced once, as requested; a widget without active notifications notifies nobody', async () => {
    const quiet = await notifyingWidget({});
    const connected = await notifyingWidget({ email: 'owner@example.com' });
    const deps = fastDeps();
    await requestInstantCall(server.db, deps, quiet.request('+15005550003'));
    await requestInstantCall(server.db, deps, connected.request('+15005550004'));
    // A repeat within the duplicate window is the same call: not announced again.
    await requestInstantCall(server.db, deps, connected.request('+15005550004'));
    await deps.placements.settle();
    // Only the visitor's text of the missed call's recovery, which is not the client's notification.
    expect((await rowsOf(quiet.userId)).map((row) => row.event)).toEqual(['missed_call_text']);
    expect((await rowsOf(connected.userId)).map((row) => row.event)).toEqual(['call_requested']);
  });

  it('retries a failed send later, and gives up after the last attempt with its error kept', async () => {
    const setup = await notifyingWidget({ email: 'owner@example.com' });
    await requestScheduledCall(server.db, fastDeps(), { ...setup.request(), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    const clock = fixedClock(new Date());
    const adapters = recordingAdapters();
    adapters.sent.failing = true;
    const retrying = worker(adapters, () => clock.now().getTime());
    for (let attempt = 1; attempt <= NOTIFICATION_ATTEMPTS; attempt += 1) {
      await retrying.runOnce();
      const [row] = await rowsOf(setup.userId);
      expect(row).toMatchObject({ attempts: attempt, sentAt: null, lastError: 'SMTP is down' });
      if (attempt < NOTIFICATION_ATTEMPTS) {
        expect(row!.dueAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(attempt));
        // Not due before its time.
        await retrying.runOnce();
        expect((await rowsOf(setup.userId))[0]!.attempts).toBe(attempt);
        clock.at = new Date(row!.dueAt);
      } else {
        expect(row!.failedAt).not.toBeNull();
      }
    }
    adapters.sent.failing = false;
    clock.at = new Date(clock.at.getTime() + 86_400_000);
    await retrying.runOnce();
    expect(adapters.sent.mails.filter((m) => m.to === 'owner@example.com' && m.subject.startsWith('Callback'))).toHaveLength(0);
  });

  it('two instances polling at once send each notification once', async () => {
    const setup = await notifyingWidget({ email: 'owner@example.com', phone: '+12015550142' });
    for (let i = 0; i < 5; i += 1) {
      await requestScheduledCall(server.db, fastDeps({ duplicateWindowSeconds: 0 }), {
        ...setup.request(`+1201555017${i}`),
        scheduledAt: new Date(Date.now() + 86_400_000),
        customFields: {},
      });
    }
    const first = recordingAdapters();
    const second = recordingAdapters();
    await Promise.all([worker(first).runOnce(), worker(second).runOnce()]);
    const mine = (sent: ReturnType<typeof recordingAdapters>['sent']) => [
      ...sent.mails.filter((m) => m.to === 'owner@example.com').map((m) => m.subject),
      ...sent.texts.filter((t) => t.to === '+12015550142').map((t) => t.body),
    ];
    const all = [...mine(first.sent), ...mine(second.sent)];
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
  });

  it("leaves the claims another instance took over while its own send outlasted the lease: only the notification in flight may go out twice", async () => {
    const setup = await notifyingWidget({ email: 'slow@example.com' });
    for (let i = 0; i < 3; i += 1) {
      await requestScheduledCall(server.db, fastDeps({ duplicateWindowSeconds: 0 }), {
        ...setup.request(`+1201555018${i}`),
        scheduledAt: new Date(Date.now() + 86_400_000),
        customFields: {},
      });
    }
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const slow = recordingAdapters();
    let first = true;
    slow.mail.send = async (message) => {
      if (message.to === 'slow@example.com' && first) {
        first = false;
        entered();
        await gate;
      }
      slow.sent.mails.push(message);
    };
    const started = Date.now();
    const stalled = worker(slow, () => started).runOnce();
    await inFlight;
    // Another instance polls once the first one's leases have run out.
    const other = recordingAdapters();
    await worker(other, () => started + NOTIFICATION_LEASE_MS + 1000).runOnce();
    release();
    await stalled;
    const to = (sent: ReturnType<typeof recordingAdapters>['sent']) => sent.mails.filter((m) => m.to === 'slow@example.com');
    expect(to(other.sent)).toHaveLength(3);
    expect(to(slow.sent)).toHaveLength(1);
    expect((await rowsOf(setup.userId)).every((row) => row.sentAt !== null)).toBe(true);
  });

  it("lets an account that never paid notify only itself: its own e-mail address and phone number", async () => {
    const unpaid = await notifyingWidget({ email: 'stranger@example.com', phone: '+12015550142', paid: false });
    const own = await notifyingWidget({ paid: false });
    const [account] = await server.db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, own.userId));
    await server.db
      .update(widgets)
      .set({ notifications: { email: { isActive: true, value: account!.email.toUpperCase() }, phoneNumber: { isActive: true, value: account!.phone } } })
      .where(eq(widgets.id, own.widgetId));
    for (const setup of [unpaid, own]) {
      await requestScheduledCall(server.db, fastDeps(), { ...setup.request(), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    }
    const adapters = recordingAdapters();
    await worker(adapters).runOnce();
    expect(adapters.sent.mails.filter((m) => m.to === 'stranger@example.com')).toEqual([]);
    expect((await rowsOf(unpaid.userId)).map((row) => row.lastError)).toEqual([
      'notifications to others than the account itself start once it has bought credits',
      'notifications to others than the account itself start once it has bought credits',
    ]);
    expect((await rowsOf(own.userId)).every((row) => row.sentAt !== null)).toBe(true);
    expect(adapters.sent.texts.some((t) => t.to === account!.phone)).toBe(true);
  });

  it("drops a text to a number outside the account's call destinations, and past the hourly limit, saying why", async () => {
    const abroad = await notifyingWidget({ phone: '+442079460958' });
    await requestScheduledCall(server.db, fastDeps(), { ...abroad.request(), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    const adapters = recordingAdapters();
    await worker(adapters).runOnce();
    expect(adapters.sent.texts.filter((t) => t.to === '+442079460958')).toEqual([]);
    expect(await rowsOf(abroad.userId)).toMatchObject([{ sentAt: null, failedAt: expect.any(Date), lastError: "the number is outside the account's call destinations" }]);

    // A crowd of events on one account: the limit lets its first texts of the hour through.
    const busy = await notifyingWidget({ phone: '+12015550177' });
    const scheduled = await requestScheduledCall(server.db, fastDeps(), { ...busy.request(), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    const max = NOTIFICATION_LIMITS.text.perRecipient.max;
    await server.db.insert(clientNotifications).values(
      Array.from({ length: max }, () => ({ userId: busy.userId, event: 'callback_scheduled' as const, channel: 'text' as const, to: '+12015550177', scheduledCallId: scheduled.scheduledCallId })),
    );
    while ((await worker(adapters).runOnce()) > 0);
    expect(adapters.sent.texts.filter((t) => t.to === '+12015550177')).toHaveLength(max);
    const dropped = (await rowsOf(busy.userId)).filter((row) => row.failedAt !== null);
    expect(dropped.map((row) => row.lastError)).toEqual([`over the limit of ${max} notifications by text message an hour to one recipient`]);
  });


  it('deletes sent and dropped notifications once they are NOTIFICATIONS_KEPT_MS old, and keeps pending ones', async () => {
    const setup = await notifyingWidget({ email: 'kept@example.com' });
    for (let i = 0; i < 2; i += 1) {
      await requestScheduledCall(server.db, fastDeps({ duplicateWindowSeconds: 0 }), { ...setup.request(`+1201555019${i}`), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    }
    await worker(recordingAdapters()).runOnce();
    expect((await rowsOf(setup.userId)).every((row) => row.sentAt !== null)).toBe(true);
    await requestScheduledCall(server.db, fastDeps({ duplicateWindowSeconds: 0 }), { ...setup.request('+12015550199'), scheduledAt: new Date(Date.now() + 86_400_000), customFields: {} });
    const [pending] = (await rowsOf(setup.userId)).filter((row) => row.sentAt === null);
    await server.db.update(clientNotifications).set({ dueAt: new Date(Date.now() + 365 * 86_400_000) }).where(eq(clientNotifications.id, pending!.id));
    // A new worker cleans at its first poll.
    await worker(recordingAdapters(), () => Date.now() + NOTIFICATIONS_KEPT_MS - 60_000).runOnce();
    expect(await rowsOf(setup.userId)).toHaveLength(3);
    await worker(recordingAdapters(), () => Date.now() + NOTIFICATIONS_KEPT_MS + 60_000).runOnce();
    expect((await rowsOf(setup.userId)).map((row) => row.id)).toEqual([pending!.id]);
  });
});
