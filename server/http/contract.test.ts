import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handlers/handlerContext.ts';
import { createSecurityHandlers } from '../handlers/security.ts';
import { createServiceHandlers } from '../handlers/serviceHandlers.ts';
import { assertContractCovered, type Contract, listOperations, loadContract } from './contract.ts';

const contract = loadContract();
// Handlers are closures over the context; building them touches none of it.
const context = { config: {}, adapters: {} } as unknown as HandlerContext;

describe('the handlers and the contract', () => {
  it('have a handler for every operationId of openapi/dashboard.yaml, and nothing else', () => {
    const handlers = createServiceHandlers(context);
    const operationIds = listOperations(contract).map((op) => op.operationId);
    expect(Object.keys(handlers).sort()).toEqual([...operationIds].sort());
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context))).not.toThrow();
  });

  it('fail startup when an operation has no handler', () => {
    const { getHealth: _dropped, ...handlers } = createServiceHandlers(context);
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context))).toThrow(
      /no handler for operation getHealth \(GET \/health\)/,
    );
  });

  it('fail startup when a security scheme has no handler', () => {
    expect(() => assertContractCovered(contract, createServiceHandlers(context), {})).toThrow(/no security handler for scheme bearerAuth/);
  });

  it('fail startup when a handler matches no operation', () => {
    const handlers = { ...createServiceHandlers(context), getWeather: async () => ({}) };
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context))).toThrow(/handler getWeather matches no operation/);
  });

  it('read security: [] as public and the global requirement otherwise', () => {
    const byId = new Map(listOperations(contract).map((op) => [op.operationId, op]));
    expect(byId.get('createToken')!.securitySchemes).toEqual([]);
    expect(byId.get('getUser')!.securitySchemes).toEqual(['bearerAuth']);
  });

  it('list every operation the brief names', () => {
    const ids = listOperations(contract as Contract).map((op) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['createToken', 'revokeToken', 'registerUser', 'getMeta', 'getHealth', 'listScheduledCalls']));
  });
});
