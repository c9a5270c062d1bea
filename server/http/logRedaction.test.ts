import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serializeRequestForLog } from './logRedaction.ts';

const logged = (url: string) =>
  serializeRequestForLog({ method: 'POST', url, host: 'localhost', ip: '127.0.0.1' } as FastifyRequest).url;

describe('serializeRequestForLog', () => {
  it.each([
    ['/api/user/verify-email/abc_DEF-123', '/api/user/verify-email/[redacted]'],
    ['/api/user/change-email/verify/abc?x=1', '/api/user/change-email/verify/[redacted]?x=1'],
    ['/api/user/password-reset/abc', '/api/user/password-reset/[redacted]'],
  ])('keeps e-mailed codes out of the log: %s', (url, expected) => {
    expect(logged(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    expect(logged('/api/user/password-reset')).toBe('/api/user/password-reset');
    expect(logged('/api/client/widgets/3')).toBe('/api/client/widgets/3');
  });
});
