/**
 * `npm run bench`: every hot endpoint at a realistic size, the API side by side with a bare baseline.
 *
 * For each dataset size it makes a PostgreSQL database, migrates it, loads the dataset (bench/dataset.ts),
 * builds and starts the real server as `npm start` runs it (apps/server/dist/main.js) and the baseline
 * (bench/bare-server.ts, compiled the same way: node:http + pg,
 * the same SQL, no auth or validation) as separate processes, and drives both with autocannon in turns:
 * API, baseline, API, baseline… so both see the same machine. It prints and stores req/s, p50 and p99 (the
 * median of the rounds), p99 at a fixed offered rate (the median of as many paced runs), errors, the ratio
 * API / baseline, EXPLAIN (ANALYZE, BUFFERS) of each endpoint's SQL, the write runs and a counter drift check.
 *
 * Settings (environment):
 *   BENCH_SIZES=S,M          which sizes (S: 100k posts, M: 1M posts)
 *   BENCH_ENGINE=postgres    or `embedded`: size S on PGlite, the API alone (npm start's engine)
 *   BENCH_SECONDS=8          length of one run; BENCH_ROUNDS=3 runs per side; BENCH_CONNECTIONS=32
 *   BENCH_RATE=400           the fixed offered rate (req/s) for the latency run (open loop, bench/paced.ts)
 *   BENCH_ONLY=feed,post     only these endpoints (also like, push, boards-under-likes, and matchday: match, thread,
 *                            match-stream, thread-posts or all four)
 *   BENCH_KEEP=1             keep the database (burti_bench_<size>) and reuse it next time
 *   BENCH_NODE_FLAGS         extra Node flags for every server it starts, e.g. `--trace-gc` (BENCH_VERBOSE=1 shows their output)
 *   BENCH_DATABASE_URL       the server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_API_PORT=23100     the API's port (the baseline's is 100 above): two runs side by side need two
 *   BENCH_LABEL=matchday     results go to `<engine>-<size>-<label>.json` (a partial run leaves the full run's file be)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { checkDrift, loadDataset, SIZES, type DatasetSize } from './dataset.js';
import { encodingHeaders, fixtures, READS, viewersOf } from './endpoints.js';
import { runMatchday, type MatchdayResult } from './matchday.js';
import {
  API_SCRIPT,
  BARE_SCRIPT,
  compareRead,
  connections,
  fixedRate,
  root,
  rounds,
  seconds,
  startProcess,
  stopProcess,
  type ReadResult,
} from './runner.js';
import {
  runBoardsUnderLikes,
  runPushBench,
  runWriteBench,
  type BoardsUnderLikesResult,
  type WriteResult,
} from './writes.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY?.split(',');
const keep = process.env.BENCH_KEEP === '1';
const engine = process.env.BENCH_ENGINE === 'embedded' ? 'embedded' : 'postgres';
const sizes = (process.env.BENCH_SIZES ?? (engine === 'embedded' ? 'S' : 'S,M')).split(',') as (keyof typeof SIZES)[];
const resultsDir = join(root, 'bench', 'results');
/** BENCH_ONLY names of the matchday phase (bench/matchday.ts): all of it, or one part. */
const MATCHDAY_PARTS = ['matchday', 'match', 'thread', 'match-stream', 'thread-posts'];
const authSecret = 'bench-secret-bench-secret-bench-secret-0123456789';

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Compiles both servers, so that neither pays for a TypeScript loader at run time. */
async function buildServers() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  await build({
    entryPoints: [join(root, 'bench', 'bare-server.ts')],
    outfile: join(root, BARE_SCRIPT),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm dependencies stay imports; the workspace's own TypeScript (@burti/shared, the API's queries) is bundled.
    external: ['apps/server/package.json', 'packages/shared/package.json', 'package.json']
      .flatMap((file) => {
        const manifest = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<
          string,
          Record<string, string> | undefined
        >;
        return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      })
      .filter((name) => !name.startsWith('@burti/'))
      .flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
}

async function prepareDatabase(size: DatasetSize): Promise<{ name: string; load: number | null }> {
  const name = `burti_bench_${size.name.toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount;
    if (exists && keep) {
      const probe = new pg.Client({ connectionString: databaseUrl(name) });
      await probe.connect();
      const loaded = await probe
        .query(`select 1 from session where id = 'bench-session-1'`)
        .catch(() => ({ rowCount: 0 }));
      // The last run's writes left dead rows behind (a board index full of them reads slower than a fresh load):
      // the reads start from the state a load leaves.
      if (loaded.rowCount) await probe.query('vacuum (analyze)');
      await probe.end();
      if (loaded.rowCount) {
        await (await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 1 })).close();
        console.log(`${size.name}: reusing ${name}`);
        return { name, load: null };
      }
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 1 });
  await database.close();
  // Two connections, one a core: independent steps of the load run side by side.
  const clients = [0, 1].map(() => new pg.Client({ connectionString: databaseUrl(name) }));
  try {
    for (const client of clients) await client.connect();
    const report = await loadDataset(clients, size);
    console.log(`${size.name}: loaded in ${report.seconds.toFixed(0)} s`);
    return { name, load: report.seconds };
  } finally {
    for (const client of clients) await client.end();
  }
}

async function benchPostgres(size: DatasetSize) {
  const { name, load } = await prepareDatabase(size);
  const url = databaseUrl(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const fx = await fixtures(client);
  const dataDir = mkdtempSync(join(tmpdir(), 'burti-bench-'));
  // Below Linux's ephemeral range (32768–60999): a connection to PostgreSQL can hold a port in it, in TIME_WAIT
  // for a minute after a run, and the next run's server then cannot listen there.
  const apiPort = Number(process.env.BENCH_API_PORT ?? 23_100);
  const barePort = apiPort + 100;
  const apiEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${apiPort}`,
    BETTER_AUTH_SECRET: authSecret,
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    JOBS: 'false',
  };
  const api = await startProcess('API', [API_SCRIPT], apiEnv, '/api/health', apiPort);
  const bare = await startProcess(
    'baseline',
    [BARE_SCRIPT],
    { DATABASE_URL: url, BENCH_FIXTURES: JSON.stringify(fx) },
    '/explain',
    barePort,
  ).catch(async (error: unknown) => {
    await stopProcess(api);
    throw error;
  });
  const reads: ReadResult[] = [];
  const plans: string[] = [];
  try {
    for (const endpoint of READS.filter((e) => !only || only.includes(e.name))) {
      const encoding = encodingHeaders(endpoint);
      reads.push(
        await compareRead({
          label: `${size.name} ${endpoint.name}`,
          endpoint: endpoint.name,
          apiUrl: `http://127.0.0.1:${apiPort}${endpoint.api(fx)}`,
          bareUrl: `http://127.0.0.1:${barePort}/${endpoint.name}`,
          apiHeaders: (v) => ({ authorization: `Bearer bench-session-${v}`, ...encoding }),
          bareHeaders: (v) => ({ 'x-viewer': `fan-${v}`, ...encoding }),
          viewers: viewersOf(endpoint, size.sessions),
          apiPid: api.pid,
          barePid: bare.pid,
          database: { client, name },
        }),
      );
      const plan = await fetch(`http://127.0.0.1:${barePort}/explain?endpoint=${endpoint.name}&viewer=fan-1`);
      plans.push(`## ${endpoint.name}\n\n${await plan.text()}\n`);
    }
  } finally {
    await stopProcess(api);
    await stopProcess(bare);
  }
  let writes: WriteResult[] = [];
  if (!only || only.includes('like'))
    writes = await runWriteBench({ size, url, apiEnv, apiPort, barePort, rounds, seconds, connections });
  let push = null;
  if (!only || only.includes('push'))
    push = await runPushBench({ size, url, apiEnv, apiPort, seconds: Math.max(seconds, 20) });
  let boardsUnderLikes: BoardsUnderLikesResult | null = null;
  if (!only || only.includes('boards-under-likes'))
    boardsUnderLikes = await runBoardsUnderLikes({
      size,
      url,
      apiEnv,
      apiPort,
      boardPath: `/api/leaderboard?clubId=${fx.clubId}&window=7d`,
      rounds,
      seconds,
      connections,
    });
  // Last: the matchday phase adds its derby (and its thread's posts, the newest of all) to the database.
  let matchday: Omit<MatchdayResult, 'plans'> | null = null;
  if (!only || MATCHDAY_PARTS.some((part) => only.includes(part))) {
    const { plans: matchdayPlans, ...summary } = await runMatchday({
      size,
      url,
      database: name,
      apiEnv,
      apiPort,
      barePort,
      only,
    });
    matchday = summary;
    plans.push(...matchdayPlans);
  }
  const drift = await checkDrift(client);
  await client.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (!keep) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return { size: size.name, engine: 'postgres', load, reads, writes, push, boardsUnderLikes, matchday, drift, plans };
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  await buildServers();
  for (const sizeName of sizes) {
    const size = SIZES[sizeName];
    const before = loadavg();
    const started = new Date();
    const result =
      engine === 'embedded'
        ? await (await import('./embedded.js')).benchEmbedded(size, { seconds, rounds, connections, only })
        : await benchPostgres(size);
    const after = loadavg();
    const machine = {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverageBefore: before.map((n) => Math.round(n * 100) / 100),
      loadAverageAfter: after.map((n) => Math.round(n * 100) / 100),
      node: process.version,
      started: started.toISOString(),
      settings: { seconds, rounds, connections, fixedRate },
    };
    const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
    const file = join(resultsDir, `${result.engine}-${size.name}${label}`);
    const { plans, ...summary } = result as typeof result & { plans?: string[] };
    writeFileSync(`${file}.json`, JSON.stringify({ machine, ...summary }, null, 2) + '\n');
    if (plans?.length) writeFileSync(`${file}-plans.md`, `# Query plans, dataset ${size.name}\n\n${plans.join('\n')}`);
    console.log(
      `\n${size.name} on ${result.engine}: load average ${machine.loadAverageBefore.join(' ')} → ${machine.loadAverageAfter.join(' ')}`,
    );
    console.table(
      result.reads.map((r) => ({
        endpoint: r.endpoint,
        'API req/s': r.api.rps,
        'API p50': r.api.p50,
        'API p99': r.api.p99,
        [`p99 @${fixedRate}/s`]: r.fixedRateP99,
        'bare req/s': r.bare?.rps ?? '',
        ratio: r.ratio ?? '',
        'CPU µs API/bare': r.api.cpuPerRequest ? `${r.api.cpuPerRequest}/${r.bare?.cpuPerRequest ?? ''}` : '',
        errors: r.api.errors,
      })),
    );
    if ('writes' in result && result.writes.length) console.table(result.writes);
    if ('push' in result && result.push) console.log('push', result.push);
    if ('matchday' in result && result.matchday) {
      const { reads: matchdayReads, fanout, threadPostsRun } = result.matchday;
      if (matchdayReads.length)
        console.table(
          matchdayReads.map((r) => ({
            endpoint: r.endpoint,
            'API req/s': r.api.rps,
            'API p99': r.api.p99,
            'bare req/s': r.bare?.rps ?? '',
            ratio: r.ratio ?? '',
            rounds: `${r.apiRounds.join('/')} vs ${r.bareRounds.join('/')}`,
          })),
        );
      if (fanout) console.table(fanout);
      if (threadPostsRun) console.log('thread posts', threadPostsRun);
    }
    if ('drift' in result) {
      console.log('counter drift', result.drift);
      if (Object.values(result.drift).some((n) => n !== 0)) process.exitCode = 1;
    }
  }
}

await main();
