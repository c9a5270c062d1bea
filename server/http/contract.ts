import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { parse } from 'yaml';

/** openapi/dashboard.yaml: the single, hand-written contract (ARCHITECTURE.md rule 1). */
export const CONTRACT_PATH = fileURLToPath(new URL('../../openapi/dashboard.yaml', import.meta.url));

/** The parsed contract; only the parts the server reads are typed. */
export interface Contract {
  openapi: string;
  security?: SecurityRequirement[];
  paths: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

type SecurityRequirement = Record<string, string[]>;

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The path as the contract writes it, e.g. /user/verify-email/{token}. */
  path: string;
  /** Names of the security schemes the operation needs; empty for `security: []`. */
  securitySchemes: string[];
  /** The media types the request body may have, and whether a body is required. */
  requestBody: { required: boolean; mediaTypes: string[] } | undefined;
  /** The media types its answers may have (JSON, CSV, WAV…). */
  responseMediaTypes: string[];
}

export function loadContract(path = CONTRACT_PATH): Contract {
  return parse(readFileSync(path, 'utf8')) as Contract;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function listOperations(contract: Contract): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const { operationId, security, requestBody, responses } = operation as {
        operationId?: string;
        security?: SecurityRequirement[];
        requestBody?: { required?: boolean; content?: Record<string, unknown> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      };
      if (!operationId) throw new Error(`The contract's ${method.toUpperCase()} ${path} has no operationId`);
      const requirements = security ?? contract.security ?? [];
      operations.push({
        operationId,
        method: method.toUpperCase(),
        path,
        securitySchemes: [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))],
        requestBody: requestBody && {
          required: requestBody.required === true,
          mediaTypes: Object.keys(requestBody.content ?? {}),
        },
        responseMediaTypes: [...new Set(Object.values(responses ?? {}).flatMap((response) => Object.keys(response.content ?? {})))],
      });
    }
  }
  return operations;
}

/** The operationId of the contract operation a request was routed to (fastify-openapi-glue puts it in the route's schema). */
export function operationIdOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
}

/**
 * Fails startup when an operation has no handler or a security scheme no security handler.
 * fastify-openapi-glue would otherwise answer 500 "not implemented" at request time, or only
 * log a warning and let requests through unchecked (STACK.md, Server).
 */
export function assertContractCovered(
  contract: Contract,
  serviceHandlers: Record<string, unknown>,
  securityHandlers: Record<string, unknown>,
): void {
  const operations = listOperations(contract);
  const missingHandlers = operations.filter((op) => typeof serviceHandlers[op.operationId] !== 'function');
  const schemes = new Set([
    ...Object.keys(contract.components?.securitySchemes ?? {}),
    ...operations.flatMap((op) => op.securitySchemes),
  ]);
  const missingSecurity = [...schemes].filter((name) => typeof securityHandlers[name] !== 'function');
  const known = new Set(operations.map((op) => op.operationId));
  const unknownHandlers = Object.keys(serviceHandlers).filter((name) => !known.has(name));

  const problems = [
    ...missingHandlers.map((op) => `no handler for operation ${op.operationId} (${op.method} ${op.path})`),
    ...missingSecurity.map((name) => `no security handler for scheme ${name}`),
    ...unknownHandlers.map((name) => `handler ${name} matches no operation of the contract`),
  ];
  if (problems.length > 0) throw new Error(`The server does not match openapi/dashboard.yaml:\n  ${problems.join('\n  ')}`);
}
