/**
 * `BENCH_ENGINE=embedded npm run bench`: what `npm start` gives on one machine. Dataset S is loaded into an
 * embedded PGlite data dir, the real server starts on it, and the reads are driven at the same concurrency as on
 * PostgreSQL. There is no baseline here (PGlite lives inside one process). It also times the first start on a
 * fresh DATA_DIR: migrations, seed and the first answer of /api/health.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { loadDataset, type DatasetSize, type SqlClient } from './dataset.js';
import { encodingHeaders, fixtures, READS, viewersOf } from './endpoints.js';
import { API_SCRIPT, drive, startProcess, stopProcess, type ReadResult, type Side } from './runner.js';

const authSecret = 'bench-secret-bench-secret-bench-secret-0123456789';

export async function benchEmbedded(
  size: DatasetSize,
  options: { seconds: number; rounds: number; connections: number; only?: string[] },
) {
  const port = 23_300;
  const env = (dataDir: string) => ({
    NODE_ENV: 'production',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: authSecret,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  });

  // The first start of `npm start`'s server on an empty DATA_DIR.
  const fresh = mkdtempSync(join(tmpdir(), 'burti-fresh-'));
  const t0 = Date.now();
  const first = await startProcess('API', [API_SCRIPT], env(fresh), '/api/health', port);
  const firstStartSeconds = (Date.now() - t0) / 1000;
  await stopProcess(first);
  rmSync(fresh, { recursive: true, force: true });
  console.log(`embedded: first start on a fresh DATA_DIR answered in ${firstStartSeconds.toFixed(1)} s`);

  const dataDir = mkdtempSync(join(tmpdir(), 'burti-embedded-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  const pglite = database.pglite!;
  const client: SqlClient = {
    query: async (text: string, params?: unknown[]) =>
      params ? pglite.query(text, params) : { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] },
  };
  const report = await loadDataset(client, size);
  console.log(`embedded ${size.name}: loaded in ${report.seconds.toFixed(0)} s`);
  const fx = await fixtures(client);
  await database.close();

  const api = await startProcess('API', [API_SCRIPT], env(dataDir), '/api/health', port);
  const reads: ReadResult[] = [];
  try {
    for (const endpoint of READS.filter((e) => !options.only || options.only.includes(e.name))) {
      const url = `http://127.0.0.1:${port}${endpoint.api(fx)}`;
      const encoding = encodingHeaders(endpoint);
      const headers = (v: number) => ({ authorization: `Bearer bench-session-${v}`, ...encoding });
      const viewers = viewersOf(endpoint, size.sessions);
      await drive(url, headers, viewers, { duration: 2, connections: options.connections });
      const runs: Side[] = [];
      for (let round = 0; round < options.rounds; round++) {
        runs.push(await drive(url, headers, viewers, { duration: options.seconds, connections: options.connections }));
      }
      const mid = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
      reads.push({
        endpoint: endpoint.name,
        api: { ...mid, errors: runs.reduce((n, r) => n + r.errors, 0) },
        bare: null,
        ratio: null,
        apiRounds: runs.map((r) => r.rps),
        bareRounds: [],
        fixedRateP99: null,
        maxLatency: Math.max(...runs.map((r) => r.max ?? 0)),
      });
      console.log(
        `embedded ${size.name} ${endpoint.name}: ${mid.rps} req/s (p50 ${mid.p50} ms, p99 ${mid.p99} ms, ` +
          `slowest ${Math.max(...runs.map((r) => r.max ?? 0))} ms; by round ${runs.map((r) => r.max).join(' / ')}), ` +
          `errors ${runs.reduce((n, r) => n + r.errors, 0)}`,
      );
    }
  } finally {
    await stopProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { size: size.name, engine: 'embedded', load: report.seconds, firstStartSeconds, reads };
}
