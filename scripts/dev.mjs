// `npm run dev`: the API with reload on change, and Vite's dev server (which proxies /api to it).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@burti/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@burti/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (process.exitCode ||= code ?? 0));
