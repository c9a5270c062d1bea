import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { type Contract, listOperations, loadContract } from '../http/contract.ts';

interface ResponseObject {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

interface OperationRoute {
  operationId: string;
  method: string;
  pattern: RegExp;
  responses: Record<string, ResponseObject>;
}

/**
 * Checks responses against the contract (STACK.md: responses are serialized, not validated —
 * validate them in tests). Each answer must use a status the operation declares, with a body
 * matching that status's schema; 4xx/5xx the operation does not list must still be `Error`.
 */
export class ContractResponses {
  readonly #contract: Contract;
  readonly #ajv: Ajv;
  readonly #routes: OperationRoute[];
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #prefix: string;

  /** `prefix`: where the contract's paths are served (openapi/widget.yaml: /widget-api). */
  constructor(contract: Contract = loadContract(), prefix = '/api') {
    this.#prefix = prefix;
    this.#contract = contract;
    this.#ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema(contract as object, 'contract');
    this.#routes = listOperations(contract).map((op) => ({
      operationId: op.operationId,
      method: op.method,
      pattern: new RegExp(`^${prefix}${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      responses: ((contract.paths[op.path]![op.method.toLowerCase()] as { responses: Record<string, ResponseObject> }).responses),
    }));
  }

  /** The contract operation answering `method url`, if any (`/dev/*` and the SPA have none). */
  operationFor(method: string, url: string): OperationRoute | undefined {
    const path = url.split('?')[0]!;
    return this.#routes.find((route) => route.method === method.toUpperCase() && route.pattern.test(path));
  }

  /** Throws a readable error when the answer breaks the contract. */
  check(method: string, url: string, status: number, contentType: string | undefined, body: string): void {
    const route = this.operationFor(method, url);
    if (!route) {
      if (url.startsWith(`${this.#prefix}/`)) this.#checkError(`${method} ${url}`, status, body);
      return;
    }
    const declared = route.responses[String(status)];
    const where = `${route.operationId} answered ${status}`;
    if (!declared) {
      if (status < 400) throw new Error(`${where}, a status the contract does not declare. Body: ${body}`);
      this.#checkError(where, status, body);
      return;
    }
    const response = this.#resolve(declared);
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
    if (!mediaType) {
      if (body !== '') throw new Error(`${where} with a body, but the contract declares none: ${body}`);
      return;
    }
    if (!contentType?.startsWith(mediaType)) {
      throw new Error(`${where} with content type ${contentType}, the contract says ${mediaType}`);
    }
    if (mediaType === 'application/json') this.#validate(where, media?.schema, body);
  }

  #checkError(where: string, status: number, body: string) {
    this.#validate(`${where} (status ${status})`, { $ref: '#/components/schemas/Error' }, body);
  }

  #validate(where: string, schema: unknown, body: string) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new Error(`${where} with a body that is not JSON: ${body}`);
    }
    const validate = this.#validator(schema);
    if (!validate(data)) {
      const problems = this.#ajv.errorsText(validate.errors, { separator: '\n  ' });
      throw new Error(`${where} with a body that breaks the contract:\n  ${problems}\nBody: ${body}`);
    }
  }

  #validator(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.#validators.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rebase(schema));
      this.#validators.set(key, validate);
    }
    return validate;
  }

  #resolve(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    const target = response.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.#contract);
    return this.#resolve(target as ResponseObject);
  }
}

/** Points the schema's local `#/…` references at the contract document registered as `contract`. */
function rebase(schema: unknown): object {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `contract${value}` : value,
  ) as object;
}
