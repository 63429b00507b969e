/**
 * The write runs of `npm run bench`: the like toggle (API against the baseline sending the same statements), push
 * delivery (likes at a steady rate notify authors whose phones are registered with FCM; a local FCM server counts
 * what arrives), and a board read while likes arrive.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { DatasetSize } from './dataset.js';
import {
  API_SCRIPT,
  BARE_SCRIPT,
  cpuMicros,
  databaseCpu,
  databaseCpuSince,
  drive,
  startProcess,
  stopProcess,
  type Side,
} from './runner.js';

export type WriteResult = {
  endpoint: string;
  apiRps: number;
  apiP99: number;
  bareRps: number;
  ratio: number;
  errors: number;
  /** CPU microseconds per write, API / baseline: the server process, and PostgreSQL's backends. */
  cpuPerWrite?: [number | undefined, number | undefined];
  databaseCpuPerWrite?: [number | undefined, number | undefined];
};

/** Whose CPU a run counts: a server process, and the backends of the benchmark's database. */
type Meter = { pid?: number; client: pg.Client; database: string };
export type PushResult = {
  likesPerSecond: number;
  likesSent: number;
  delivered: number;
  deliveredPerSecond: number;
  maxQueueDepth: number;
  drainedWithinSeconds: number;
  burstDeliveredPerSecond: number;
};

type Pair = { viewer: number; post: string };

/**
 * Recent live posts of visible authors, the fans (with sessions, not blocked by an administrator) who may react to
 * them (no block either way, not their own post), and who already likes what.
 */
async function likeTargets(client: pg.Client, size: DatasetSize, count: number, skip = 0) {
  const viewerIds = Array.from({ length: size.sessions }, (_, i) => `fan-${i + 1}`);
  const { rows } = await client.query<{ viewer: string; post: string; liked: boolean }>(
    `with target as (
       select p.id, p.author_id from posts p join profiles a on a.id = p.author_id
       where p.deleted_at is null and not a.is_blocked and not (a.id = any($2::text[]))
       order by p.created_at desc limit $1 offset $3
     )
     select v.id as viewer, t.id as post, exists (select 1 from likes l where l.post_id = t.id and l.user_id = v.id) as liked
     from target t cross join profiles v
     where v.id = any($2::text[]) and not v.is_blocked
       and not exists (select 1 from user_blocks b where (b.blocker_id = v.id and b.blocked_id = t.author_id)
                                                     or (b.blocker_id = t.author_id and b.blocked_id = v.id))`,
    [count, viewerIds, skip],
  );
  const pairs = rows.map((r) => ({ viewer: Number(r.viewer.slice(4)), post: r.post }));
  // A fixed shuffle: requests in flight touch different posts, as the likes of a whole network do.
  let seed = 42;
  for (let i = pairs.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const state = new Map<string, boolean>();
  for (const row of rows) if (row.liked) state.set(`${row.viewer.slice(4)}:${row.post}`, true);
  return { pairs, state };
}

/**
 * Each request flips one (fan, post) pair: a like where there is none, an unlike where there is one. Pairs are
 * taken in turn so that concurrent requests touch different rows, as real fans mostly do.
 */
function toggles(pairs: Pair[], state: Map<string, boolean>) {
  let next = 0;
  return (): { pair: Pair; like: boolean } => {
    const pair = pairs[next++ % pairs.length]!;
    const key = `${pair.viewer}:${pair.post}`;
    const like = !state.get(key);
    state.set(key, like);
    return { pair, like };
  };
}

/** The API's like (POST) or unlike (DELETE) of the pair's post, signed in as the pair's fan. */
const apiToggle = (appUrl: string) => (pair: Pair, like: boolean) => ({
  method: like ? ('POST' as const) : ('DELETE' as const),
  path: `/api/posts/${pair.post}/like`,
  headers: { authorization: `Bearer bench-session-${pair.viewer}`, origin: appUrl },
});

/** The round with the median rate. */
const medianRun = (runs: Side[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

async function driveToggles(
  url: string,
  next: () => { pair: Pair; like: boolean },
  request: (pair: Pair, like: boolean) => { method: 'POST' | 'DELETE'; path: string; headers: Record<string, string> },
  options: { duration: number; connections: number; rate?: number; meter?: Meter },
): Promise<Side> {
  const autocannon = (await import('autocannon')).default;
  const { meter } = options;
  const cpuBefore = cpuMicros(meter?.pid);
  const dbBefore = await databaseCpu(meter?.client, meter?.database ?? '');
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [
      {
        setupRequest: (req) => {
          const { pair, like } = next();
          const { method, path, headers } = request(pair, like);
          return { ...req, method, path, headers: { ...req.headers, ...headers } };
        },
      },
    ],
  });
  if (result.non2xx && process.env.BENCH_VERBOSE) console.warn('status codes', result.statusCodeStats);
  const cpuAfter = cpuMicros(meter?.pid);
  const dbUsed = await databaseCpuSince(meter?.client, meter?.database ?? '', dbBefore);
  const perWrite = (before?: number, after?: number) =>
    before !== undefined && after !== undefined && result.requests.total
      ? Math.round((after - before) / result.requests.total)
      : undefined;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest: perWrite(cpuBefore, cpuAfter),
    databaseCpuPerRequest: perWrite(0, dbUsed),
  };
}

type Args = {
  size: DatasetSize;
  url: string;
  apiEnv: Record<string, string>;
  apiPort: number;
  barePort: number;
  rounds: number;
  seconds: number;
  connections: number;
};

export async function runWriteBench(args: Args): Promise<WriteResult[]> {
  const { size, url, apiEnv, apiPort, barePort, rounds, seconds, connections } = args;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { pairs, state } = await likeTargets(client, size, 500);
  const database = new URL(url).pathname.slice(1);
  // Jobs on, as in production: every new like enqueues its push in the like's transaction.
  const api = await startProcess('API', [API_SCRIPT], { ...apiEnv, JOBS: 'true' }, '/api/health', apiPort);
  const bare = await startProcess('baseline', [BARE_SCRIPT], { DATABASE_URL: url }, '/explain', barePort);
  const next = toggles(pairs, state);
  const apiRequest = apiToggle(apiEnv.APP_URL!);
  const bareRequest = (pair: Pair, like: boolean) => ({
    method: 'POST' as const,
    path: `/like?post=${pair.post}&on=${like ? 1 : 0}`,
    headers: { 'x-viewer': `fan-${pair.viewer}` },
  });
  const apiRuns: Side[] = [];
  const bareRuns: Side[] = [];
  try {
    await driveToggles(`http://127.0.0.1:${apiPort}`, next, apiRequest, { duration: 2, connections });
    await driveToggles(`http://127.0.0.1:${barePort}`, next, bareRequest, { duration: 2, connections });
    for (let round = 0; round < rounds; round++) {
      const apiMeter = { pid: api.pid, client, database };
      const bareMeter = { pid: bare.pid, client, database };
      apiRuns.push(
        await driveToggles(`http://127.0.0.1:${apiPort}`, next, apiRequest, {
          duration: seconds,
          connections,
          meter: apiMeter,
        }),
      );
      bareRuns.push(
        await driveToggles(`http://127.0.0.1:${barePort}`, next, bareRequest, {
          duration: seconds,
          connections,
          meter: bareMeter,
        }),
      );
    }
  } finally {
    await stopProcess(api);
    await stopProcess(bare);
    await client.end();
  }
  const apiSide = medianRun(apiRuns);
  const bareSide = medianRun(bareRuns);
  const result: WriteResult = {
    endpoint: 'like-toggle',
    apiRps: apiSide.rps,
    apiP99: apiSide.p99,
    bareRps: bareSide.rps,
    ratio: Math.round((apiSide.rps / Math.max(1, bareSide.rps)) * 100) / 100,
    errors: [...apiRuns, ...bareRuns].reduce((n, r) => n + r.errors, 0),
    cpuPerWrite: [apiSide.cpuPerRequest, bareSide.cpuPerRequest],
    databaseCpuPerWrite: [apiSide.databaseCpuPerRequest, bareSide.databaseCpuPerRequest],
  };
  console.log(
    `${size.name} like-toggle: API ${apiSide.rps} writes/s (p99 ${apiSide.p99} ms), baseline ${bareSide.rps}, ` +
      `ratio ${result.ratio}, rounds ${apiRuns.map((r) => r.rps).join('/')} vs ${bareRuns.map((r) => r.rps).join('/')}, ` +
      `CPU/write ${apiSide.cpuPerRequest ?? '?'} vs ${bareSide.cpuPerRequest ?? '?'} µs ` +
      `(PostgreSQL ${apiSide.databaseCpuPerRequest ?? '?'} vs ${bareSide.databaseCpuPerRequest ?? '?'} µs)`,
  );
  return [result];
}

/** A stand-in for FCM on loopback: the token endpoint and the send endpoint, counting deliveries. */
async function fakeFcm(): Promise<{ server: Server; port: number; delivered: number[] }> {
  const delivered: number[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/token') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'bench-access-token', expires_in: 3600 }));
        return;
      }
      delivered.push(Date.now());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: `projects/bench/messages/${delivered.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, delivered };
}

async function queueDepth(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = 'push' and state in ('created', 'retry', 'active')`,
  );
  return rows[0]!.n;
}

/**
 * Likes at a steady 100 a second for `seconds`, each notifying an author with a registered phone, while the queue
 * depth is sampled every half second; then a burst as fast as the API takes likes, to measure the drain rate.
 */
export async function runPushBench(args: {
  size: DatasetSize;
  url: string;
  apiEnv: Record<string, string>;
  apiPort: number;
  seconds: number;
}): Promise<PushResult> {
  const { size, url, apiEnv, apiPort, seconds } = args;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const fcm = await fakeFcm();
  // Likes of one post within minutes join one notification and one push, so each like here is the first on its
  // post: posts past the newest 1,000 (the like toggle's), one like each.
  const { pairs, state } = await likeTargets(client, size, 8_000, 1_000);
  const posts = [...new Set(pairs.map((p) => p.post))];
  // Only likes that create a notification count: pairs not yet liked, by fans who are not the author.
  await client.query(
    `insert into notification_tokens (user_id, token, platform)
     select distinct p.author_id, 'bench-fcm-' || p.author_id, 'android' from posts p where p.id = any($1::uuid[])
     on conflict do nothing`,
    [posts],
  );
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const env = {
    ...apiEnv,
    JOBS: 'true',
    FCM_PROJECT_ID: 'bench',
    FCM_CLIENT_EMAIL: 'bench@bench.iam.gserviceaccount.com',
    FCM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    FCM_ENDPOINT: `http://127.0.0.1:${fcm.port}`,
    FCM_TOKEN_URL: `http://127.0.0.1:${fcm.port}/token`,
  };
  const api = await startProcess('API', [API_SCRIPT], env, '/api/health', apiPort);
  const fresh = (() => {
    const taken = new Set<string>();
    const unliked = pairs.filter((p) => {
      if (state.get(`${p.viewer}:${p.post}`) || taken.has(p.post)) return false;
      taken.add(p.post);
      return true;
    });
    let k = 0;
    return () => {
      const pair = unliked[k++ % unliked.length]!;
      return { pair, like: true };
    };
  })();
  // Every pair is one not yet liked: each request is a like (POST).
  const request = apiToggle(apiEnv.APP_URL!);
  const rate = 100;
  let maxDepth = 0;
  const sampler = setInterval(() => {
    void queueDepth(client).then((n) => (maxDepth = Math.max(maxDepth, n)));
  }, 500);
  try {
    const before = fcm.delivered.length;
    const steady = await driveToggles(`http://127.0.0.1:${apiPort}`, fresh, request, {
      duration: seconds,
      connections: 8,
      rate,
    });
    const sent = Math.round(steady.rps * seconds);
    if (steady.errors) console.warn(`${size.name} push: ${steady.errors} of the likes failed`);
    const drainStart = Date.now();
    while ((await queueDepth(client)) > 0 && Date.now() - drainStart < 60_000)
      await new Promise((r) => setTimeout(r, 100));
    const drainedWithinSeconds = (Date.now() - drainStart) / 1000;
    const delivered = fcm.delivered.length - before;
    // The depth that counts is the steady load's; the burst below measures the drain rate on its own.
    clearInterval(sampler);
    maxDepth = Math.max(maxDepth, await queueDepth(client));

    // The burst: likes as fast as they come for a few seconds, then how fast the queue empties.
    const burstFrom = fcm.delivered.length;
    await driveToggles(`http://127.0.0.1:${apiPort}`, fresh, request, { duration: 5, connections: 32 });
    const backlog = await queueDepth(client);
    const t0 = Date.now();
    const d0 = fcm.delivered.length;
    while ((await queueDepth(client)) > 0 && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 100));
    const burstSeconds = (Date.now() - t0) / 1000;
    const burstDelivered = fcm.delivered.length - d0;
    console.log(
      `${size.name} push: ${sent} likes at ${rate}/s → ${delivered} delivered, queue at most ${maxDepth}, ` +
        `empty ${drainedWithinSeconds.toFixed(1)} s after; burst backlog ${backlog} drained at ` +
        `${Math.round(burstDelivered / Math.max(0.001, burstSeconds))}/s (${fcm.delivered.length - burstFrom} in all)`,
    );
    return {
      likesPerSecond: rate,
      likesSent: sent,
      delivered,
      deliveredPerSecond: Math.round(delivered / seconds),
      maxQueueDepth: maxDepth,
      drainedWithinSeconds,
      burstDeliveredPerSecond: Math.round(burstDelivered / Math.max(0.001, burstSeconds)),
    };
  } finally {
    clearInterval(sampler);
    await stopProcess(api);
    fcm.server.close();
    await client.end();
  }
}

export type BoardsUnderLikesResult = {
  endpoint: string;
  likesPerSecond: number;
  /** Medians of the rounds: the board read alone, and while the likes arrive. */
  alone: Side;
  withLikes: Side;
  aloneRounds: number[];
  withLikesRounds: number[];
  likeErrors: number;
};

/**
 * The 7-day board read by the API alone and while likes arrive at a steady 100 a second, in turns. Each like leaves
 * activity pending, so the reads apply it as they go (jobs off, as in the read runs: no applier of its own). The
 * baseline has no part here: it applies nothing.
 */
export async function runBoardsUnderLikes(args: {
  size: DatasetSize;
  url: string;
  apiEnv: Record<string, string>;
  apiPort: number;
  boardPath: string;
  rounds: number;
  seconds: number;
  connections: number;
}): Promise<BoardsUnderLikesResult> {
  const { size, url, apiEnv, apiPort, boardPath, rounds, seconds, connections } = args;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { pairs, state } = await likeTargets(client, size, 500);
  const api = await startProcess('API', [API_SCRIPT], apiEnv, '/api/health', apiPort);
  const next = toggles(pairs, state);
  const likeRequest = apiToggle(apiEnv.APP_URL!);
  const base = `http://127.0.0.1:${apiPort}`;
  const boardHeaders = (v: number) => ({ authorization: `Bearer bench-session-${v}` });
  const likesPerSecond = 100;
  const alone: Side[] = [];
  const withLikes: Side[] = [];
  let likeErrors = 0;
  try {
    await drive(`${base}${boardPath}`, boardHeaders, size.sessions, { duration: 2, connections });
    for (let round = 0; round < rounds; round++) {
      alone.push(await drive(`${base}${boardPath}`, boardHeaders, size.sessions, { duration: seconds, connections }));
      const [reads, likes] = await Promise.all([
        drive(`${base}${boardPath}`, boardHeaders, size.sessions, { duration: seconds, connections }),
        driveToggles(base, next, likeRequest, { duration: seconds, connections: 4, rate: likesPerSecond }),
      ]);
      withLikes.push(reads);
      likeErrors += likes.errors;
    }
  } finally {
    await stopProcess(api);
    await client.end();
  }
  const result: BoardsUnderLikesResult = {
    endpoint: 'leaderboard-7d-under-likes',
    likesPerSecond,
    alone: medianRun(alone),
    withLikes: medianRun(withLikes),
    aloneRounds: alone.map((r) => r.rps),
    withLikesRounds: withLikes.map((r) => r.rps),
    likeErrors,
  };
  console.log(
    `${size.name} leaderboard-7d under ${likesPerSecond} likes/s: API ${result.withLikes.rps} req/s ` +
      `(p50 ${result.withLikes.p50} ms, p99 ${result.withLikes.p99} ms), alone ${result.alone.rps} req/s ` +
      `(p99 ${result.alone.p99} ms), rounds ${result.withLikesRounds.join('/')} vs ${result.aloneRounds.join('/')}, ` +
      `like errors ${likeErrors}`,
  );
  return result;
}
