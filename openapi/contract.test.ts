// The SPA's API types are generated from the contract; this fails when someone edits
// openapi/dashboard.yaml without running `npm run api:types` (ARCHITECTURE.md, rule 1).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

describe('openapi/dashboard.yaml', () => {
  it('has up-to-date generated client types (npm run api:types)', () => {
    const check = () =>
      execFileSync('npx', ['openapi-typescript', 'openapi/dashboard.yaml', '-o', 'src/api/schema.gen.ts', '--check'], {
        cwd: root,
        stdio: 'pipe',
      });
    expect(check).not.toThrow();
  }, 60_000);
});
