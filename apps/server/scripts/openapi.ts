// The OpenAPI document as the server builds it, on a throwaway embedded database, with the settings of a default
// deployment (rate limits on, so their operations show them). `--check` compares instead of writing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const dataDir = await mkdtemp(join(tmpdir(), 'burti-openapi-'));
const database = await openDatabase({ kind: 'pglite' });
const app = await buildApp({
  config: {
    appName: 'Burti',
    appUrl: 'http://localhost:3000',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    mailFrom: 'Burti <no-reply@localhost>',
    authSecret: 'x'.repeat(32),
    trustedOrigins: ['http://localhost:3000'],
    rateLimits: true,
    logLevel: 'silent',
    jobs: false,
  },
  database,
  logger: false,
});
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== document) {
    console.error('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  await writeFile(target, document);
  console.log(`wrote ${target}`);
}
