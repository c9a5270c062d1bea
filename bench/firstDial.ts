// Call now to first dial (issue 7): the real app (PGlite on a temporary data directory — or the
// PostgreSQL of DATABASE_URL, e.g. `npx node scripts/with-postgres.ts node bench/run.ts --only
// firstdial` — and the call simulator at its default speed) listening on a local port; 100 visitors, each from their own
// address and number, ask one widget for a call at the same moment (POST /widget-api/calls), the
// issue's case and the hardest (every request meets the same counters and balance). A softer,
// mixed crowd: BENCH_ACCOUNTS and BENCH_WIDGETS spread it over accounts and their widgets
// (visitor i asks widget i mod their number), BENCH_JITTER sends each after a random delay of up
// to that many ms (measured from its own sending). Measured from sending each request to its 202,
// and to the simulator's first agent dial of that call (RingRequest.onFirstDial).
// The crowd sends from a worker thread (crowdSource): from the server's own event loop, as before
// issue 17, a request could not even be written until the server's loop came round, so the
// server saw one request per turn of its loop instead of a crowd, and the figures included that
// wait of the client's. Times on both sides are performance.timeOrigin + performance.now().
// Also the embeddable script's size (dist/widget/widget.js, gzip).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Telephony } from '../server/adapters/telephony/telephony.ts';
import type { Database } from '../server/db/client.ts';
import { widgetAgents, widgets } from '../server/db/schema/toolbox.ts';
import { changeCredits } from '../server/domain/credits/ledger.ts';
import { createWebhookEndpoint, MAX_PENDING_TEST_EVENTS, sendWebhookTestEvent } from '../server/domain/webhooks/webhookEndpoints.ts';
import { saveCallLimits } from '../server/domain/limits/callVelocity.ts';
import { CALL_LIMIT_MAX } from '../common/rules/callLimits.ts';
import { accountWithWidget } from '../server/test/callTestKit.ts';
import { startInstance } from '../server/test/instance.ts';
import { ms, printColumns } from './table.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const WIDGET_SCRIPT = path.join(root, 'dist/widget/widget.js');
const CONCURRENT = 100;
const WARMUP = 10;
/** The crowd's targets: accounts, and widgets on each account's website. */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1);
const WIDGETS_PER_ACCOUNT = Number(process.env.BENCH_WIDGETS ?? 1);
/** Each visitor sends after a random delay of up to this (ms), measured from its own sending. */
const JITTER_MS = Number(process.env.BENCH_JITTER ?? 0);

export interface FirstDialFigures {
  engine: 'pglite' | 'postgresql';
  requests: number;
  /** Request sent → first agent dial, one request at a time (the warm-up), ms. */
  alone: { p50: number; p99: number; max: number };
  /** Request sent → first agent dial, ms. */
  firstDial: { p50: number; p99: number; max: number };
  /** Request sent → 202 received, ms. */
  response: { p50: number; p99: number; max: number };
  /**
   * The same crowd again once each account has a webhook endpoint for call.requested and
   * call.completed that accepts connections and never answers (issue 19: nothing slow outside the
   * product sits on the call path), holding deliveries open while the crowd comes: request →
   * first dial and → 202, and how many deliveries the receiver held.
   */
  hangingWebhook: { firstDial: { p50: number; p99: number; max: number }; response: { p50: number; p99: number; max: number }; held: number };
  widgetBytes: number;
  widgetGzipBytes: number;
}

/** A moment comparable across threads (ms). */
const now = () => performance.timeOrigin + performance.now();

/**
 * The crowd, in a worker thread: each visitor from their own address and number, on a connection
 * of their own opened at the same moment; posts [{ number, sent, answered, status, body }] (sent:
 * when the request is written, the connection just open; answered: the answer's first bytes). Plain
 * sockets and prebuilt requests: with http.request a visitor cost its thread about 0.3 ms, so the
 * last of 100 left some 30 ms after the first and, on this 2-core machine, the crowd's own sending
 * took turns with the server it measured.
 */
const crowdSource = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { host, port, targets, count, jitterMs, numberBase } = workerData;
const at = () => performance.timeOrigin + performance.now();
const requests = Array.from({ length: count }, (_, i) => {
  const number = '+1212555' + String(numberBase + i).padStart(4, '0');
  const { key, widgetId } = targets[i % targets.length];
  const body = JSON.stringify({ key, widgetId, phone: number, url: 'https://shop.example/pricing' });
  const head = 'POST /widget-api/calls HTTP/1.1\\r\\nhost: ' + host + ':' + port + '\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + Buffer.byteLength(body) +
    '\\r\\nx-forwarded-for: 10.' + (i >> 8) + '.' + (i & 255) + '.1\\r\\norigin: https://shop.example\\r\\nconnection: close\\r\\n\\r\\n';
  return { number, bytes: Buffer.from(head + body) };
});
Promise.all(requests.map(({ number, bytes }) => new Promise((resolve) => setTimeout(resolve, Math.random() * jitterMs)).then(() => new Promise((resolve, reject) => {
  let sent = 0;
  let answered = 0;
  const chunks = [];
  const socket = net.connect(port, host, () => {
    sent = at();
    socket.write(bytes);
  });
  socket.on('data', (chunk) => {
    if (!answered) answered = at();
    chunks.push(chunk);
  });
  socket.on('error', reject);
  socket.setTimeout(60000, () => socket.destroy(new Error('no answer within a minute')));
  socket.on('close', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    resolve({ number, sent, answered, status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\\r\\n\\r\\n') + 4) });
  });
})))).then((results) => parentPort.postMessage(results));
`;

interface CrowdResult {
  number: string;
  sent: number;
  answered: number;
  status: number;
  body: string;
}

interface CrowdTarget {
  key: string;
  widgetId: number;
}

/** The crowd from `numberBase` on: a second crowd needs numbers of its own (a number asking again within two minutes is a duplicate). */
function sendCrowd(address: AddressInfo, targets: CrowdTarget[], numberBase = 0): Promise<CrowdResult[]> {
  const worker = new Worker(crowdSource, { eval: true, workerData: { host: address.address, port: address.port, targets, count: CONCURRENT, jitterMs: JITTER_MS, numberBase } });
  return new Promise<CrowdResult[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => worker.terminate());
}

/** A copy of the widget `widgetId` (another type) on its website, calling the same agents. */
async function anotherWidget(db: Database, widgetId: number, agentIds: number[]): Promise<number> {
  const [widget] = await db.select().from(widgets).where(eq(widgets.id, widgetId));
  const [copy] = await db
    .insert(widgets)
    .values({ userId: widget!.userId, websiteId: widget!.websiteId, typeId: 1, name: 'Call button', isActive: true, callingRuleId: widget!.callingRuleId, settings: widget!.settings })
    .returning({ id: widgets.id });
  if (agentIds.length > 0) await db.insert(widgetAgents).values(agentIds.map((agentId, position) => ({ widgetId: copy!.id, agentId, position })));
  return copy!.id;
}

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

async function widgetScriptSize(log: (line: string) => void): Promise<{ bytes: number; gzip: number }> {
  if (!existsSync(WIDGET_SCRIPT)) {
    log('building the widget script (dist/widget/widget.js)');
    const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '-c', 'widget/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the widget build failed (exit code ${code})`);
  }
  const script = readFileSync(WIDGET_SCRIPT);
  return { bytes: script.length, gzip: gzipSync(script, { level: 9 }).length };
}

export async function measureFirstDial(log: (line: string) => void): Promise<FirstDialFigures> {
  const widget = await widgetScriptSize(log);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-firstdial-'));
  /** First agent dial per visitor number (now()). */
  const dialedAt = new Map<string, number>();
  const timed = (simulator: Telephony): Telephony => ({
    description: simulator.description,
    isLocal: simulator.isLocal,
    timeScale: simulator.timeScale,
    ringAgents: (request) =>
      simulator.ringAgents({
        ...request,
        onFirstDial: () => {
          if (!dialedAt.has(request.customerNumber)) dialedAt.set(request.customerNumber, now());
          request.onFirstDial?.();
        },
      }),
    bridge: (request) => simulator.bridge(request),
    holdVisitor: (request) => simulator.holdVisitor(request),
    release: (line) => simulator.release(line),
  });
  // Each visitor from their own address (X-Forwarded-For), as on the open web: the per-address limit is not what is measured.
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const instance = await startInstance({ dataDir, databaseUrl, env: { TRUST_PROXY: 'true', LOG_LEVEL: 'warn' }, telephony: timed });
  try {
    const targets: CrowdTarget[] = [];
    const accounts: number[] = [];
    let setup: Awaited<ReturnType<typeof accountWithWidget>> | undefined;
    for (let account = 0; account < ACCOUNTS; account += 1) {
      const created = await accountWithWidget(instance.db, { useAgents: true, callingRuleId: 1, numberOfTries: 1, agents: [{ phone: '+14155550201' }, { phone: '+14155550202' }] });
      setup ??= created;
      accounts.push(created.userId);
      await changeCredits(instance.db, { userId: created.userId, delta: 1_000, reason: 'adjustment' });
      // A client expecting the crowd: its call limits (issue 15) let the requests through.
      await saveCallLimits(instance.db, created.userId, { perWidget: CALL_LIMIT_MAX, perAccount: CALL_LIMIT_MAX });
      targets.push({ key: created.publicKey, widgetId: created.widgetId });
      for (let more = 1; more < WIDGETS_PER_ACCOUNT; more += 1) targets.push({ key: created.publicKey, widgetId: await anotherWidget(instance.db, created.widgetId, created.agentIds) });
    }
    await instance.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
    const callNow = async (i: number) => {
      const number = `+1212555${String(i).padStart(4, '0')}`;
      const sent = now();
      const response = await fetch(`${base}/widget-api/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${i >> 8}.${i & 255}.1`, origin: 'https://shop.example' },
        body: JSON.stringify({ key: setup!.publicKey, widgetId: setup!.widgetId, phone: number, url: 'https://shop.example/pricing' }),
      });
      const answered = now();
      if (response.status !== 202) throw new Error(`POST /widget-api/calls answered ${response.status}: ${await response.text()}`);
      return { number, sent, answered };
    };
    const warmup = [];
    for (let i = 0; i < WARMUP; i += 1) {
      warmup.push(await callNow(9_000 + i));
      while (!dialedAt.has(warmup.at(-1)!.number)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    log(`${CONCURRENT} concurrent Call now requests`);
    const sent = await sendCrowd(instance.app.server.address() as AddressInfo, targets);
    await allDialled(sent);
    const first = {
      engine: databaseUrl ? ('postgresql' as const) : ('pglite' as const),
      requests: CONCURRENT,
      alone: quantiles(warmup.map(({ number, sent: at }) => dialedAt.get(number)! - at)),
      firstDial: quantiles(sent.map(({ number, sent: at }) => dialedAt.get(number)! - at)),
      response: quantiles(sent.map(({ sent: at, answered }) => answered - at)),
    };

    // The same crowd, with every account's webhooks going to a receiver that never answers.
    const hanging = createServer(() => {});
    let held = 0;
    hanging.on('connection', () => (held += 1));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const receiver = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`;
      for (const userId of accounts) {
        const endpoint = await createWebhookEndpoint(instance.db, userId, { url: receiver, events: ['call.requested', 'call.completed'] }, { allowLoopback: true });
        // Test events first, so that the receiver already holds deliveries open (each waits for its
        // 10-second timeout: two at a time, the endpoint's share) while the crowd comes.
        for (let i = 0; i < MAX_PENDING_TEST_EVENTS; i += 1) await sendWebhookTestEvent(instance.db, userId, endpoint.id);
      }
      const heldBy = Date.now() + 10_000;
      while (held === 0 && Date.now() < heldBy) await new Promise((resolve) => setTimeout(resolve, 20));
      if (held === 0) throw new Error('the hanging receiver was never called: the webhooks worker did not deliver');
      log(`${CONCURRENT} concurrent Call now requests, webhooks to a receiver that never answers (${held} deliveries held open)`);
      const second = await sendCrowd(instance.app.server.address() as AddressInfo, targets, CONCURRENT);
      await allDialled(second);
      const hangingWebhook = {
        firstDial: quantiles(second.map(({ number, sent: at }) => dialedAt.get(number)! - at)),
        response: quantiles(second.map(({ sent: at, answered }) => answered - at)),
        held,
      };
      return {
        ...first,
        hangingWebhook,
        widgetBytes: widget.bytes,
        widgetGzipBytes: widget.gzip,
      };
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  } finally {
    await instance.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  async function allDialled(crowd: CrowdResult[]): Promise<void> {
    const refused = crowd.find(({ status }) => status !== 202);
    if (refused) throw new Error(`POST /widget-api/calls answered ${refused.status}: ${refused.body}`);
    const deadline = Date.now() + 120_000;
    while (crowd.some(({ number }) => !dialedAt.has(number))) {
      if (Date.now() > deadline) throw new Error('some calls were never dialed within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * Issue 19: with webhooks to a hanging receiver, the crowd's p99 stays within this factor of the
 * same crowd without webhooks (a second crowd meets a warmer server, and the triggers write the
 * events: a little slower is the cost of the events, not of the receiver).
 */
export const HANGING_WEBHOOK_MAX_RATIO = 1.25;

/** Issue 17's targets under 100 simultaneous requests (p99, ms), and the widget script's budget. */
export const FIRST_DIAL_TARGETS = { responseP99: 100, firstDialP99: 250, widgetGzipKb: 12 } as const;

export function printFirstDial(figures: FirstDialFigures): void {
  const verdict = (value: number, target: number) => `${value <= target ? 'meets' : 'BELOW'} ≤ ${target}`;
  printColumns(`Call now → first agent dial (simulator, ${figures.engine}), ${figures.requests} concurrent requests (${ACCOUNTS} accounts × ${WIDGETS_PER_ACCOUNT} widgets, up to ${JITTER_MS} ms apart)`, ['p50', 'p99', 'max', 'target (p99)'], [
    [`one at a time, ${WARMUP} requests (ms)`, [ms(figures.alone.p50), ms(figures.alone.p99), ms(figures.alone.max), '']],
    ['request → first dial (ms)', [ms(figures.firstDial.p50), ms(figures.firstDial.p99), ms(figures.firstDial.max), verdict(figures.firstDial.p99, FIRST_DIAL_TARGETS.firstDialP99)]],
    ['request → 202 answer (ms)', [ms(figures.response.p50), ms(figures.response.p99), ms(figures.response.max), verdict(figures.response.p99, FIRST_DIAL_TARGETS.responseP99)]],
  ]);
  // Issue 19: the ceiling is the crowd without webhooks, measured in the same run.
  const hanging = figures.hangingWebhook;
  const ratio = (value: number, ceiling: number) => `${(value / ceiling).toFixed(2)}× (${value / ceiling <= HANGING_WEBHOOK_MAX_RATIO ? 'meets' : 'ABOVE'} ≤ ${HANGING_WEBHOOK_MAX_RATIO}×)`;
  printColumns(`The same crowd again, each account's webhooks going to a receiver that never answers (${hanging.held} deliveries held open)`, ['p50', 'p99', 'max', 'p99 ÷ without webhooks'], [
    ['request → first dial (ms)', [ms(hanging.firstDial.p50), ms(hanging.firstDial.p99), ms(hanging.firstDial.max), ratio(hanging.firstDial.p99, figures.firstDial.p99)]],
    ['request → 202 answer (ms)', [ms(hanging.response.p50), ms(hanging.response.p99), ms(hanging.response.max), ratio(hanging.response.p99, figures.response.p99)]],
  ]);
  const gzipKb = figures.widgetGzipBytes / 1024;
  console.log(`\nWidget script dist/widget/widget.js: ${(figures.widgetBytes / 1024).toFixed(1)} kB, ${gzipKb.toFixed(1)} kB gzip (${verdict(gzipKb, FIRST_DIAL_TARGETS.widgetGzipKb)} kB)`);
}
