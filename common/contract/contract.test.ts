// The contracts' types are generated from the hand-written OpenAPI files; this fails when someone
// edits openapi/*.yaml without running `npm run api:types` (ARCHITECTURE.md, rule 1).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe.each([
  ['openapi/dashboard.yaml', 'common/contract/dashboard.gen.ts'],
  ['openapi/widget.yaml', 'common/contract/widgetApi.gen.ts'],
])('%s', (contract, generated) => {
  it(`has up-to-date generated types in ${generated} (npm run api:types)`, () => {
    const check = () => execFileSync('npx', ['openapi-typescript', contract, '-o', generated, '--check'], { cwd: root, stdio: 'pipe' });
    expect(check).not.toThrow();
  }, 60_000);
});
