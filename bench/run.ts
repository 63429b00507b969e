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
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { checkDrift, loadDataset, SIZES, type DatasetSize } from './dataset.js';
import { encodingHeaders, fixtures, READS, viewersOf } from './endpoints.js';
import { runMatchday, type MatchdayResult } from './matchday.js';
import { paced, type PacedResult } from './paced.js';
import {
  runBoardsUnderLikes,
  runPushBench,
  runWriteBench,
  type BoardsUnderLikesResult,
  type WriteResult,
} from './writes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const fixedRate = Number(process.env.BENCH_RATE ?? 400);
const only = process.env.BENCH_ONLY?.split(',');
const keep = process.env.BENCH_KEEP === '1';
const engine = process.env.BENCH_ENGINE === 'embedded' ? 'embedded' : 'postgres';
const sizes = (process.env.BENCH_SIZES ?? (engine === 'embedded' ? 'S' : 'S,M')).split(',') as (keyof typeof SIZES)[];
const resultsDir = join(root, 'bench', 'results');
/** BENCH_ONLY names of the matchday phase (bench/matchday.ts): all of it, or one part. */
const MATCHDAY_PARTS = ['matchday', 'match', 'thread', 'match-stream', 'thread-posts'];
const authSecret = 'bench-secret-bench-secret-bench-secret-0123456789';

export type Side = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  max?: number;
  /** CPU microseconds the server process spent per answered request. */
  cpuPerRequest?: number;
  /** CPU microseconds PostgreSQL's backends spent per answered request. */
  databaseCpuPerRequest?: number;
};
export type ReadResult = {
  endpoint: string;
  api: Side;
  bare: Side | null;
  ratio: number | null;
  apiRounds: number[];
  bareRounds: number[];
  /** The median of the paced runs' p99s (null when any of them had an error). */
  fixedRateP99: number | null;
  /** Each paced run's p99, in order. */
  fixedRateP99Rounds?: number[];
  /** Each paced run's delay of the load generator's own event loop (p99 and longest, ms). */
  fixedRateClientDelay?: PacedResult['clientDelay'][];
  /** The slowest single answer (embedded runs: no request may wait more than a second). */
  maxLatency?: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The API as `npm start` runs it (the compiled bundle), and the baseline compiled the same way. */
export const API_SCRIPT = 'apps/server/dist/main.js';
export const BARE_SCRIPT = 'bench/.build/bare-server.mjs';

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

/** Starts a server process and resolves with its port once it answers. */
export async function startProcess(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  port: number,
): Promise<ChildProcess> {
  // A process left listening on the port would answer the readiness check and every request in its place.
  const taken = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${label}: port ${port} is already in use by another process`);
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // BENCH_PROFILE=<dir>: a V8 CPU profile of each server process (`<label>-<time>.cpuprofile`),
  // written there when it stops (open in DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`]
    : [];
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...loader, ...profile, ...flags, ...args], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (response.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${label} did not start`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time a process has used so far, in microseconds (Linux /proc; undefined elsewhere). */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return undefined;
  }
}

/** CPU time each PostgreSQL backend of a database has used so far, in microseconds, by process (Linux). */
export async function databaseCpu(
  client: pg.Client | undefined,
  database: string,
): Promise<Map<number, number> | undefined> {
  if (!client) return undefined;
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [database],
  );
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    const micros = cpuMicros(pid);
    if (micros !== undefined) used.set(pid, micros);
  }
  return used;
}

/**
 * CPU the database's backends used since `before`: each backend's own difference, and the whole of one that
 * started since. A backend that ended in between is left out (its last moments are lost). Subtracting one sum
 * from the other instead took away the whole life of every pool connection that closed meanwhile, as idle ones
 * do while the other server has its turn: it made one side's PostgreSQL CPU per request read 5× too low.
 */
export async function databaseCpuSince(
  client: pg.Client | undefined,
  database: string,
  before: Map<number, number> | undefined,
): Promise<number | undefined> {
  const after = await databaseCpu(client, database);
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, micros] of after) total += micros - (before.get(pid) ?? 0);
  return total;
}

/**
 * One autocannon run; each request signs in as one of the sessions (or names the viewer, for the baseline).
 * With `pid`, also the server process's CPU time per answered request.
 */
export async function drive(
  url: string,
  headersFor: (viewer: number) => Record<string, string>,
  viewers: number,
  options: {
    duration?: number;
    /** A number of requests instead of a duration. */
    amount?: number;
    rate?: number;
    connections?: number;
    pid?: number;
    database?: { client: pg.Client; name: string };
  } = {},
): Promise<Side> {
  let next = 0;
  const cpuBefore = cpuMicros(options.pid);
  const dbBefore = await databaseCpu(options.database?.client, options.database?.name ?? '');
  const result = await autocannon({
    url,
    connections: options.connections ?? connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? seconds }),
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [
      {
        setupRequest: (request) => {
          next = (next % viewers) + 1;
          return { ...request, headers: { ...request.headers, ...headersFor(next) } };
        },
      },
    ],
  });
  const cpuAfter = cpuMicros(options.pid);
  const dbUsed = await databaseCpuSince(options.database?.client, options.database?.name ?? '', dbBefore);
  const answered = result.requests.total;
  const perRequest = (before?: number, after?: number) =>
    before !== undefined && after !== undefined && answered ? Math.round((after - before) / answered) : undefined;
  return {
    cpuPerRequest: perRequest(cpuBefore, cpuAfter),
    databaseCpuPerRequest: perRequest(0, dbUsed),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    max: result.latency.max,
  };
}

/**
 * One read endpoint, the API and the baseline in turns: a warm-up of each, `rounds` runs of each alternating, then
 * as many paced runs of the API at the fixed rate. Each side's median round is kept, with every round's rate.
 */
export async function compareRead(args: {
  label: string;
  endpoint: string;
  apiUrl: string;
  bareUrl: string;
  apiHeaders: (viewer: number) => Record<string, string>;
  bareHeaders: (viewer: number) => Record<string, string>;
  viewers: number;
  apiPid?: number;
  barePid?: number;
  database: { client: pg.Client; name: string };
  /** Warm the API with a request from each viewer first: the thousands of a match are signed-in fans who read. */
  warmEachViewer?: boolean;
  /** Skip the paced runs at the fixed rate (fixedRateP99 is then null). */
  unpaced?: boolean;
}): Promise<ReadResult> {
  const { apiUrl, bareUrl, apiHeaders, bareHeaders, viewers, database } = args;
  if (args.warmEachViewer) await drive(apiUrl, apiHeaders, viewers, { amount: viewers });
  // Warm both (caches, connections, JIT) before anything counts.
  await drive(apiUrl, apiHeaders, viewers, { duration: 2 });
  await drive(bareUrl, bareHeaders, viewers, { duration: 2 });
  const apiRuns: Side[] = [];
  const bareRuns: Side[] = [];
  for (let round = 0; round < rounds; round++) {
    apiRuns.push(await drive(apiUrl, apiHeaders, viewers, { pid: args.apiPid, database }));
    bareRuns.push(await drive(bareUrl, bareHeaders, viewers, { pid: args.barePid, database }));
  }
  // As many paced runs as rounds, the median kept: one 8-second run's p99 is its 32nd slowest answer, which a
  // single stall of a shared machine decides (in one run the feed gave 21.7 ms, and 5.5 ms with the added work
  // of compressing each answer).
  const fixedRuns: PacedResult[] = [];
  for (let round = 0; round < (args.unpaced ? 0 : rounds); round++)
    fixedRuns.push(
      await paced(apiUrl, apiHeaders, viewers, { rate: fixedRate, seconds, warmupSeconds: round ? 0 : 1 }),
    );
  const fixed = {
    p99: median(fixedRuns.map((r) => r.p99)),
    errors: fixedRuns.reduce((n, r) => n + r.errors, 0),
  };
  const pick = (runs: Side[]): Side => {
    const mid = runs.find((r) => r.rps === median(runs.map((x) => x.rps)))!;
    return { ...mid, errors: runs.reduce((n, r) => n + r.errors, 0) };
  };
  const apiSide = pick(apiRuns);
  const bareSide = pick(bareRuns);
  const result: ReadResult = {
    endpoint: args.endpoint,
    api: apiSide,
    bare: bareSide,
    ratio: Math.round((apiSide.rps / Math.max(1, bareSide.rps)) * 100) / 100,
    apiRounds: apiRuns.map((r) => r.rps),
    bareRounds: bareRuns.map((r) => r.rps),
    fixedRateP99: fixed.errors || !fixedRuns.length ? null : fixed.p99,
    fixedRateP99Rounds: fixedRuns.map((r) => r.p99),
    fixedRateClientDelay: fixedRuns.map((r) => r.clientDelay),
  };
  console.log(
    `${args.label}: API ${apiSide.rps} req/s (p50 ${apiSide.p50} ms, p99 ${apiSide.p99} ms), ` +
      `baseline ${bareSide.rps} req/s, ratio ${result.ratio}, p99 at ${fixedRate} req/s ${fixed.p99} ms ` +
      `(${fixedRuns.map((r) => r.p99).join('/')}; the generator's loop late by at most ` +
      `${fixedRuns.map((r) => r.clientDelay.max).join('/')} ms), ` +
      `CPU/request ${apiSide.cpuPerRequest ?? '?'} µs vs ${bareSide.cpuPerRequest ?? '?'} µs ` +
      `(PostgreSQL ${apiSide.databaseCpuPerRequest ?? '?'} vs ${bareSide.databaseCpuPerRequest ?? '?'} µs), ` +
      `errors ${apiSide.errors}/${bareSide.errors}/${fixed.errors}`,
  );
  return result;
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
        ? await (
            await import('./embedded.js')
          ).benchEmbedded(
            size,
            { seconds, rounds, connections, only },
            { API_SCRIPT, drive, startProcess, stopProcess },
          )
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
