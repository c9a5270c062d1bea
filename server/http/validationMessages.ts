import type { FastifySchemaValidationError } from 'fastify';

const FORMAT_NAMES: Record<string, string> = {
  email: 'e-mail address',
  'date-time': 'date and time (ISO 8601)',
  date: 'date (YYYY-MM-DD)',
  uri: 'URL',
  uuid: 'UUID',
};

const PART_NAMES: Record<string, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/**
 * Turns the first schema violation into one readable sentence naming the field, e.g.
 * "field password must be at least 5 characters long." (contract: 400 invalid_request).
 */
export function describeValidationError(errors: FastifySchemaValidationError[], context = 'body'): string {
  // An if/then failure reports the inner violation first; the "must match then" line adds nothing.
  const error = errors.find((e) => e.keyword !== 'if') ?? errors[0];
  if (!error) return 'The request is not valid.';
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const part = PART_NAMES[context] ?? context;
  const subject = path ? `${part} ${path}` : context === 'body' ? 'the request body' : `the ${part}s`;
  const child = (name: unknown) => `${part} ${path ? `${path}.` : ''}${String(name)}`;

  switch (error.keyword) {
    case 'required':
      return `${capitalize(child(params.missingProperty))} is required.`;
    case 'additionalProperties':
      return `${capitalize(child(params.additionalProperty))} is not allowed.`;
    case 'minLength':
      return `${capitalize(subject)} must be at least ${params.limit} characters long.`;
    case 'maxLength':
      return `${capitalize(subject)} must be at most ${params.limit} characters long.`;
    case 'format':
      return `${capitalize(subject)} must be a valid ${FORMAT_NAMES[String(params.format)] ?? params.format}.`;
    case 'enum':
      return `${capitalize(subject)} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `${capitalize(subject)} must be ${JSON.stringify(params.allowedValue)}.`;
    case 'minProperties':
      return `${capitalize(subject)} must have at least ${params.limit} ${params.limit === 1 ? 'field' : 'fields'}.`;
    case 'minimum':
      return `${capitalize(subject)} must be at least ${params.limit}.`;
    case 'maximum':
      return `${capitalize(subject)} must be at most ${params.limit}.`;
    case 'minItems':
      return `${capitalize(subject)} must have at least ${params.limit} items.`;
    case 'maxItems':
      return `${capitalize(subject)} must have at most ${params.limit} items.`;
    case 'pattern':
      return `${capitalize(subject)} is not valid.`;
    case 'type':
      return `${capitalize(subject)} must be of type ${params.type}.`;
    default:
      return `${capitalize(subject)} ${error.message ?? 'is not valid'}.`;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
