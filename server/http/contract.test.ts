import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handlers/handlerContext.ts';
import { createSecurityHandlers, operationsTakingApiKeys } from '../handlers/security.ts';
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
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context, contract))).not.toThrow();
  });

  it('fail startup when an operation has no handler', () => {
    const { getHealth: _dropped, ...handlers } = createServiceHandlers(context);
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context, contract))).toThrow(
      /no handler for operation getHealth \(GET \/health\)/,
    );
  });

  it('fail startup when a security scheme has no handler', () => {
    expect(() => assertContractCovered(contract, createServiceHandlers(context), {})).toThrow(/no security handler for scheme bearerAuth/);
    const { apiKey: _dropped, ...bearerOnly } = createSecurityHandlers(context, contract);
    expect(() => assertContractCovered(contract, createServiceHandlers(context), bearerOnly)).toThrow(/no security handler for scheme apiKey/);
  });

  it('fail startup when a handler matches no operation', () => {
    const handlers = { ...createServiceHandlers(context), getWeather: async () => ({}) };
    expect(() => assertContractCovered(contract, handlers, createSecurityHandlers(context, contract))).toThrow(/handler getWeather matches no operation/);
  });

  it('read security: [] as public and the global requirement otherwise', () => {
    const byId = new Map(listOperations(contract).map((op) => [op.operationId, op]));
    expect(byId.get('createToken')!.securitySchemes).toEqual([]);
    expect(byId.get('getUser')!.securitySchemes).toEqual(['bearerAuth', 'apiKey']);
    expect(byId.get('changePassword')!.securitySchemes).toEqual(['bearerAuth']);
  });

  it('keep API keys off what only a signed-in user may do (issue 19), by each operation\'s own security', () => {
    const takingKeys = operationsTakingApiKeys(contract);
    const operations = listOperations(contract);
    const sessionOnlyPaths = /^\/(client\/(api-keys|webhooks|payment-methods|payments$|auto-recharge)|local-card-processor\/|user\/password$)/;
    const sessionOnly = operations.filter((op) => sessionOnlyPaths.test(op.path) && !(op.path === '/client/payments' && op.method === 'GET'));
    const named = ['revokeToken', 'updateUser', 'changePassword', 'setPassword', 'uploadFiles', 'createPayment', 'setAutoRecharge', 'deleteAutoRecharge'];
    expect(sessionOnly.length).toBeGreaterThan(15);
    expect([...sessionOnly.map((op) => op.operationId), ...named].filter((id) => takingKeys.has(id))).toEqual([]);
    // The rest of what a signed-in user may call takes keys too, reads (payment history included) and toolbox writes alike.
    expect(['listCalls', 'listWidgets', 'createAgent', 'getUser', 'listPayments', 'deleteFile'].filter((id) => !takingKeys.has(id))).toEqual([]);
    // Public operations take no credential at all.
    expect(takingKeys.has('createToken') || takingKeys.has('getHealth')).toBe(false);
  });

  it('list every operation the brief names', () => {
    const ids = listOperations(contract as Contract).map((op) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['createToken', 'revokeToken', 'registerUser', 'getMeta', 'getHealth', 'listScheduledCalls']));
  });
});
