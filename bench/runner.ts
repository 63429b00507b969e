/**
 * The benchmark's runner: starts and stops the server processes, drives them with autocannon, reads the CPU they and
 * PostgreSQL's backends use, and compares a read endpoint on the API and the baseline. bench/run.ts (the driver),
 * writes.ts, matchday.ts and embedded.ts use it; it imports none of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type pg from 'pg';
import { paced, type PacedResult } from './paced.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** The run's settings (environment), as bench/run.ts documents them. */
export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const fixedRate = Number(process.env.BENCH_RATE ?? 400);

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

/** The API as `npm start` runs it (the compiled bundle), and the baseline compiled the same way. */
export const API_SCRIPT = 'apps/server/dist/main.js';
export const BARE_SCRIPT = 'bench/.build/bare-server.mjs';

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
      `baseline ${bareSide.rps} req/s, ratio ${result.ratio}, ` +
      (fixedRuns.length
        ? `p99 at ${fixedRate} req/s ${fixed.p99} ms (${fixedRuns.map((r) => r.p99).join('/')}; ` +
          `the generator's loop late by at most ${fixedRuns.map((r) => r.clientDelay.max).join('/')} ms), `
        : 'no paced runs, ') +
      `CPU/request ${apiSide.cpuPerRequest ?? '?'} µs vs ${bareSide.cpuPerRequest ?? '?'} µs ` +
      `(PostgreSQL ${apiSide.databaseCpuPerRequest ?? '?'} vs ${bareSide.databaseCpuPerRequest ?? '?'} µs), ` +
      `errors ${apiSide.errors}/${bareSide.errors}/${fixed.errors}`,
  );
  return result;
}
