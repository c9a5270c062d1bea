// Issue 3, "Bad input and isolation": client B using client A's ids gets 404 (or the 400 the
// contract names) and the database stays as it was; lists never show another client's rows.
// The cases come from the matrix in tenantMatrix.ts, checked against the contract's operations.
import { asc } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { apiKeys } from '../../db/schema/apiKeys.ts';
import { autoRecharges, creditLedger, credits, paymentMethods, payments } from '../../db/schema/billing.ts';
import { callRecordings, calls, scheduledCalls } from '../../db/schema/calls.ts';
import { localCardPaymentIntents, localCardPaymentMethods } from '../../db/schema/localCardProcessor.ts';
import { agents, files, websites, widgetAgents, widgets } from '../../db/schema/toolbox.ts';
import { blockedVisitors } from '../../db/schema/widgetApi.ts';
import { loadContract } from '../../http/contract.ts';
import { startTestServer } from '../harness.ts';
import { isIdName, operationShapes, resolve } from './malformedVariants.ts';
import { makeTenant } from './tenantFixtures.ts';
import { type Pair, TENANT_MATRIX } from './tenantMatrix.ts';

const contract = loadContract();
const shapes = operationShapes(contract);

/** The id inputs of an operation, as the matrix names them: `path.id`, `query.websiteId`, `body.agentIds`. */
function idInputs(shape: (typeof shapes)[number]): string[] {
  const inputs = shape.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && isIdName(p.name)).map((p) => `${p.in}.${p.name}`);
  const body = shape.jsonBody ? resolve(contract, shape.jsonBody) : undefined;
  for (const name of Object.keys((body?.properties ?? {}) as object)) if (isIdName(name)) inputs.push(`body.${name}`);
  return inputs;
}

/** Every table that holds a client's rows; B's failed attempts must leave all of them as they were. */
const TENANT_TABLES: Record<string, PgTable> = {
  users,
  websites,
  agents,
  widgets,
  widgetAgents,
  files,
  credits,
  creditLedger,
  paymentMethods,
  autoRecharges,
  payments,
  localCardPaymentMethods,
  localCardPaymentIntents,
  calls,
  scheduledCalls,
  callRecordings,
  blockedVisitors,
  apiKeys,
};

let pair: Pair;
beforeAll(async () => {
  const server = await startTestServer();
  pair = { server, a: await makeTenant(server, 'tenant-a'), b: await makeTenant(server, 'tenant-b') };
});
afterAll(() => pair?.server.close());

async function snapshot(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(TENANT_TABLES)) {
    const rows = await pair.server.db.select().from(table).orderBy(asc(Object.values(table)[0] as never));
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

describe('the tenant-isolation matrix', () => {
  it('has an entry for every operation of the contract, and none for operations it lacks', () => {
    const operationIds = shapes.map((shape) => shape.operationId);
    expect(operationIds.filter((id) => !TENANT_MATRIX[id]), 'operations without an entry in server/test/contract/tenantMatrix.ts').toEqual([]);
    expect(Object.keys(TENANT_MATRIX).filter((id) => !operationIds.includes(id)), 'entries for operations the contract does not have').toEqual([]);
  });

  it('covers every id an operation takes (path, query, body) with a foreign-id case or a reason', () => {
    const uncovered: string[] = [];
    for (const shape of shapes) {
      const entry = TENANT_MATRIX[shape.operationId];
      if (!entry) continue;
      const covered = new Set([...(entry.foreignIds ?? []).map((c) => c.input), ...Object.keys(entry.referenceIds ?? {})]);
      for (const input of idInputs(shape)) if (!covered.has(input)) uncovered.push(`${shape.operationId}: ${input}`);
      const stale = [...covered].filter((input) => !idInputs(shape).includes(input));
      for (const input of stale) uncovered.push(`${shape.operationId}: ${input} is in the matrix but not in the contract`);
      const says = (entry.foreignIds?.length ?? 0) + (entry.lists?.length ?? 0) + (entry.checks?.length ?? 0) + (entry.noTenantId ? 1 : 0);
      if (says === 0) uncovered.push(`${shape.operationId}: the entry names no case and no reason`);
      for (const c of entry.foreignIds ?? []) if (c.status && !c.why) uncovered.push(`${shape.operationId}: ${c.input} expects ${c.status} without saying why`);
    }
    expect(uncovered).toEqual([]);
  });
});

describe.each(shapes.filter((s) => TENANT_MATRIX[s.operationId]?.foreignIds).map((s) => [s.operationId] as const))('%s with the ids of another client', (operationId) => {
  it.each(TENANT_MATRIX[operationId]!.foreignIds!.map((c) => [c.input, c] as const))('%s: answers like a missing row and changes nothing', async (_input, foreign) => {
    const before = await snapshot();
    const response = await pair.b.call(foreign.request(pair));
    const status = foreign.status ?? 404;
    expect(response.status, response.text).toBe(status);
    expect(response.body.error).toBe(status === 404 ? 'not_found' : 'invalid_request');
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(shapes.filter((s) => TENANT_MATRIX[s.operationId]?.lists).map((s) => [s.operationId] as const))('%s lists', (operationId) => {
  it.each(TENANT_MATRIX[operationId]!.lists!.map((c) => [c.label, c] as const))("%s: the caller's rows, never another client's", async (_label, list) => {
    const before = await snapshot();
    const ofB = await pair.b.call(list.request(pair));
    expect(ofB.status, ofB.text).toBe(200);
    expect(list.shows(ofB, pair.b), "B sees its own rows (so the check can fail)").toBe(true);
    expect(list.shows(ofB, pair.a), "B sees A's rows").toBe(false);
    const ofA = await pair.a.call(list.request(pair));
    expect(list.shows(ofA, pair.a)).toBe(true);
    expect(list.shows(ofA, pair.b)).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});

// Last: these change rows of their own (B's website, B's session…).
describe.each(shapes.filter((s) => TENANT_MATRIX[s.operationId]?.checks).map((s) => [s.operationId] as const))('%s across clients', (operationId) => {
  it.each(TENANT_MATRIX[operationId]!.checks!.map((c) => [c.label, c] as const))('%s', async (_label, check) => {
    await check.run(pair);
  });
});
