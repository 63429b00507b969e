// Runs npm scripts side by side and reports each one's time: `node scripts/parallel.mjs typecheck lint`.
// A script's output is printed whole when it ends (never interleaved with the others'); the exit code is the
// first failure's, after every script has finished, so one failing script never hides another's result.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

function run(script) {
  return new Promise((resolve) => {
    const from = Date.now();
    const chunks = [];
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString().trimEnd();
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`\n-- ${script}: ${status} in ${seconds(from)}s`);
      if (output) console.log(output);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(scripts.map(run));
console.log(`\n-- ${scripts.join(' + ')}: ${seconds(started)}s side by side`);
process.exit(codes.find((code) => code !== 0) ?? 0);
