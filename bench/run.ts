/**
 * `npm run bench`: how the hot reads cost as the data grows. For each dataset size it makes a fresh
 * PostgreSQL database, fills it, starts the API on a loopback port and drives each endpoint with
 * autocannon for a few seconds, then prints requests per second and latency percentiles.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server;
 * BENCH_SECONDS (default 5) the time per endpoint; BENCH_SIZES=small,large which sizes to run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import type { AppConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { generateDataset, type DatasetSize } from './dataset.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const sizes: Record<string, DatasetSize> = {
  small: { users: 1_000, postsPerUser: 5, likesPerPost: 10, commentsPerPost: 2 },
  large: { users: 10_000, postsPerUser: 10, likesPerPost: 10, commentsPerPost: 2 },
};
const chosen = (process.env.BENCH_SIZES ?? 'small,large').split(',').filter((name) => name in sizes);

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `burti_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

type Result = { size: string; endpoint: string; rps: number; p50: number; p99: number; errors: number };

async function benchSize(sizeName: string, size: DatasetSize): Promise<Result[]> {
  return withDatabase(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
    const dataDir = await mkdtemp(join(tmpdir(), 'burti-bench-'));
    const config: AppConfig = {
      appName: 'Burti',
      appUrl: 'http://127.0.0.1',
      dataDir,
      mediaDir: join(dataDir, 'media'),
      outboxDir: join(dataDir, 'outbox'),
      mailFrom: 'bench@localhost',
      authSecret: randomBytes(32).toString('hex'),
      trustedOrigins: [],
      rateLimits: false,
      logLevel: 'silent',
      jobs: false,
    };
    const app = await buildApp({ config, database, logger: false });
    const started = Date.now();
    const { viewerToken, clubId } = await generateDataset(database.db, size);
    console.log(
      `${sizeName}: dataset of ${size.users * size.postsPerUser} posts ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const endpoints = [
      '/api/feed',
      `/api/clubs/${clubId}/posts`,
      '/api/notifications',
      `/api/leaderboard?clubId=${clubId}&window=30d`,
    ];
    const results: Result[] = [];
    try {
      for (const endpoint of endpoints) {
        const probe = await fetch(`http://127.0.0.1:${port}${endpoint}`, {
          headers: { authorization: `Bearer ${viewerToken}` },
        });
        if (probe.status === 404) continue; // an endpoint this build does not have
        const run = await autocannon({
          url: `http://127.0.0.1:${port}${endpoint}`,
          connections: 10,
          duration: seconds,
          headers: { authorization: `Bearer ${viewerToken}` },
        });
        results.push({
          size: sizeName,
          endpoint: endpoint.replace(/\/\d+/g, '/:id').replace(/clubId=\d+/, 'clubId=:id'),
          rps: Math.round(run.requests.average),
          p50: run.latency.p50,
          p99: run.latency.p99,
          errors: run.errors + run.non2xx,
        });
      }
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    return results;
  });
}

const all: Result[] = [];
for (const name of chosen) all.push(...(await benchSize(name, sizes[name]!)));
console.table(all);
const failed = all.filter((r) => r.errors > 0);
if (failed.length) {
  console.error('Some requests failed:', failed);
  process.exitCode = 1;
}
