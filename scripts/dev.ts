// `npm run dev`: the Vite dev server (hot reload) on PORT with the API server behind its proxy
// on API_PORT, restarted by `node --watch` when server code changes.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);

const api = spawn(process.execPath, ['--watch', '--watch-preserve-output', join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
});

const { createServer } = await import('vite');
process.env.API_PORT = String(apiPort);
const vite = await createServer({ root, configFile: join(root, 'vite.config.ts'), server: { port, strictPort: true } });
await vite.listen();
vite.printUrls();
console.log(`dev: API server on http://localhost:${apiPort}, proxied under /api; the mailbox's address (with its key) is the API server's Mailbox line`);

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code !== null && code !== 0) console.error(`dev: API server exited with code ${code}`);
});
