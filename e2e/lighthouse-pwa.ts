/**
 * Stores Lighthouse's installability result for the running app:
 *   E2E_PORT=4350 npx tsx e2e/lighthouse-pwa.ts [url]   (the app must be running, e.g. `npm start`)
 * writes docs/lighthouse/pwa.json. tests/pwa.spec.ts runs the same audits on every e2e run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPwaAudits } from './support/lighthouse';

const url = process.argv[2] ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3000}/`;
const result = await runPwaAudits(url);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'lighthouse', 'pwa.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ url, checkedAt: new Date().toISOString(), ...result }, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
