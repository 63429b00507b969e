// Starts the real server for the end-to-end run from a clean data dir.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const root = fileURLToPath(new URL('../..', import.meta.url));
const child = spawn('node_modules/.bin/tsx', ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => process.exit(code ?? 0));
