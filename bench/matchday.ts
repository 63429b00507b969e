/**
 * Matchday at scale (issue 41, item 8), the last part of `npm run bench` on PostgreSQL: the dataset plus a derby.
 *
 * The derby and its fans are loaded first (bench/matchday-data.ts, once per database).
 *
 * Then, with the API and the baseline started for it:
 * - the match page and the thread's first page, API against baseline in turns (compareRead), each request signed
 *   in as the next of the thousands of fans;
 * - the fan-out: every fan opens the match's stream (raw HTTP in child processes, bench/sse-fans.ts), an
 *   administrator posts a goal from the console, and each stream's arrival is timed from the request;
 * - thread posts from distinct fans at a fixed rate, then the counters compared with a recount.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatasetSize } from './dataset.js';
import { loadMatchday, type MatchdaySetup } from './matchday-data.js';
import { API_SCRIPT, BARE_SCRIPT, compareRead, startProcess, stopProcess, type ReadResult } from './runner.js';

export type FanoutRound = {
  fans: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  /** The console's own answer to the goal (ms). */
  consoleMs: number;
  loadAverage: number[];
};
export type ThreadPostsResult = {
  perSecond: number;
  seconds: number;
  sent: number;
  created: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** Stored minus recounted, each zero when exact: the thread's posts, the two clubs', the posting fans'. */
  drift: { thread: number; clubs: number; fans: number };
  loadAverage: number[];
};
export type MatchdayResult = {
  fans: number;
  threadPosts: number;
  reads: ReadResult[];
  fanout: FanoutRound[] | null;
  threadPostsRun: ThreadPostsResult | null;
  failures: string[];
  plans: string[];
};

const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

export async function runMatchday(args: {
  size: DatasetSize;
  url: string;
  database: string;
  apiEnv: Record<string, string>;
  apiPort: number;
  barePort: number;
  only?: string[];
}): Promise<MatchdayResult> {
  const { size, url, database, apiEnv, apiPort, barePort } = args;
  const wants = (name: string) => !args.only || args.only.includes(name) || args.only.includes('matchday');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const setup = await loadMatchday(client, size);
  const { matchId, fans } = setup;
  console.log(`${size.name} matchday: ${fans.length} signed-in fans, ${setup.threadPosts} thread posts`);
  const reads: ReadResult[] = [];
  const plans: string[] = [];
  let fanout: FanoutRound[] | null = null;
  let threadPostsRun: ThreadPostsResult | null = null;
  const failures: string[] = [];
  const api = await startProcess('API', [API_SCRIPT], apiEnv, '/api/health', apiPort);
  try {
    const paths = { match: `/api/matches/${matchId}`, thread: `/api/matches/${matchId}/posts` } as const;
    const names = (['match', 'thread'] as const).filter(wants);
    if (names.length) {
      const bare = await startProcess('baseline', [BARE_SCRIPT], { DATABASE_URL: url }, '/explain', barePort);
      try {
        for (const name of names) {
          reads.push(
            await compareRead({
              label: `${size.name} ${name} (${fans.length} fans)`,
              endpoint: name,
              apiUrl: `http://127.0.0.1:${apiPort}${paths[name]}`,
              bareUrl: `http://127.0.0.1:${barePort}/${name}?match=${matchId}`,
              apiHeaders: (v) => ({ authorization: `Bearer ${fans[v - 1]!.token}` }),
              bareHeaders: (v) => ({ 'x-viewer': fans[v - 1]!.id }),
              viewers: fans.length,
              apiPid: api.pid,
              barePid: bare.pid,
              database: { client, name: database },
              warmEachViewer: true,
              // The figures asked of these reads are rates; no paced runs (a fixed 400 a second is not asked).
              unpaced: true,
            }),
          );
          const plan = await fetch(
            `http://127.0.0.1:${barePort}/explain?endpoint=${name}&viewer=${fans[0]!.id}&match=${matchId}`,
          );
          plans.push(`## ${name}\n\n${await plan.text()}\n`);
        }
      } finally {
        await stopProcess(bare);
      }
    }
    // A part that fails is reported as failed, and the others still run.
    const failed = (part: string) => (error: unknown) => {
      console.error(`${size.name} ${part} failed:`, error);
      failures.push(`${part}: ${String(error)}`);
      return null;
    };
    if (wants('match-stream'))
      fanout = await runFanout({ size, setup, apiPort, appUrl: apiEnv.APP_URL! }).catch(failed('match-stream'));
    if (wants('thread-posts'))
      threadPostsRun = await runThreadPosts({ size, setup, client, apiPort, appUrl: apiEnv.APP_URL! }).catch(
        failed('thread-posts'),
      );
  } finally {
    await stopProcess(api);
    await client.end();
  }
  return { fans: fans.length, threadPosts: setup.threadPosts, reads, fanout, threadPostsRun, failures, plans };
}

const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const FANOUT_PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? 2);

type FanMessage =
  | { type: 'opened'; opened: number; failed: number; reasons: Record<string, number> }
  | { type: 'received'; marker: string; times: number[] };

/**
 * Every fan opens the match's stream, split across child processes (bench/sse-fans.ts: raw HTTP, one socket a
 * fan). Once each has the match's first state, an administrator posts a goal from the console (with an
 * Idempotency-Key); each stream's arrival of that goal is timed from the moment the request was sent (wall clock,
 * the same for every process of the machine). Rounds of one goal each, the streams left open in between.
 */
async function runFanout(args: {
  size: DatasetSize;
  setup: MatchdaySetup;
  apiPort: number;
  appUrl: string;
}): Promise<FanoutRound[]> {
  const { size, setup, apiPort, appUrl } = args;
  const script = fileURLToPath(new URL('./sse-fans.ts', import.meta.url));
  const children: ChildProcess[] = [];
  const inbox: FanMessage[][] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const until = async (done: () => boolean, ms: number, what: string) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`matchday fan-out: ${what} timed out`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  const rounds: FanoutRound[] = [];
  try {
    const per = Math.ceil(setup.fans.length / FANOUT_PROCESSES);
    for (let k = 0; k < FANOUT_PROCESSES; k++) {
      const tokens = setup.fans.slice(k * per, (k + 1) * per).map((f) => f.token);
      if (!tokens.length) continue;
      const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const box: FanMessage[] = [];
      inbox.push(box);
      child.on('message', (message: FanMessage) => {
        box.push(message);
        wake();
      });
      children.push(child);
      child.send({ type: 'open', port: apiPort, path: `/api/matches/${setup.matchId}/stream`, tokens });
    }
    const t0 = Date.now();
    const opened = () => inbox.map((box) => box.findLast((m) => m.type === 'opened'));
    const allOpened = () =>
      opened().reduce((n, m) => n + (m && m.type === 'opened' ? m.opened + m.failed : 0), 0) === setup.fans.length;
    const progress = setInterval(() => {
      const n = opened().reduce((sum, m) => sum + (m && m.type === 'opened' ? m.opened : 0), 0);
      console.log(
        `${size.name} match stream: ${n} of ${setup.fans.length} open after ${Math.round((Date.now() - t0) / 1000)} s`,
      );
    }, 15_000);
    await until(allOpened, 900_000, 'opening the streams').finally(() => clearInterval(progress));
    const totals = opened().reduce(
      (n, m) => (m && m.type === 'opened' ? { opened: n.opened + m.opened, failed: n.failed + m.failed } : n),
      { opened: 0, failed: 0 },
    );
    const reasons = opened().map((m) => (m && m.type === 'opened' ? m.reasons : {}));
    console.log(
      `${size.name} match stream: ${totals.opened} streams open (${totals.failed} failed; retried: ` +
        `${JSON.stringify(reasons)}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    // Let the openings' work settle before the first goal.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      const marker = `Bench Scorer ${Date.now().toString(36)}-${round}`;
      for (const child of children) child.send({ type: 'arm', marker });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const loadAverage = load();
      const sent = Date.now();
      const answer = await fetch(`http://127.0.0.1:${apiPort}/api/admin/matches/${setup.matchId}/events`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${setup.adminToken}`,
          origin: appUrl,
          'content-type': 'application/json',
          'idempotency-key': `bench-goal-${Date.now().toString(36)}-${round}`,
        },
        body: JSON.stringify({ kind: 'goal', side: round % 2 ? 'away' : 'home', player: marker }),
      });
      const consoleMs = Date.now() - sent;
      if (answer.status !== 200) throw new Error(`the console answered ${answer.status}: ${await answer.text()}`);
      await answer.arrayBuffer();
      for (const child of children) child.send({ type: 'report', after: 5_000 });
      const reports = () =>
        inbox.map((box) =>
          box.find((m): m is Extract<FanMessage, { type: 'received' }> => m.type === 'received' && m.marker === marker),
        );
      await until(() => reports().every(Boolean), 30_000, 'the goal reports');
      const times = reports()
        .flatMap((m) => m?.times ?? [])
        .map((t) => t - sent)
        .sort((a, b) => a - b);
      const result: FanoutRound = {
        fans: totals.opened,
        received: times.length,
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        max: times.at(-1) ?? NaN,
        consoleMs,
        loadAverage,
      };
      rounds.push(result);
      console.log(
        `${size.name} match stream, goal ${round + 1}: ${result.received} of ${result.fans} streams received it, ` +
          `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (console answered in ${consoleMs} ms; ` +
          `load average ${loadAverage.join(' ')})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
  return rounds;
}

/**
 * Thread posts at a fixed rate (open loop, one due every 1/rate s) for `seconds`, each from the next of the fans
 * (distinct while there are more fans than posts), half in Georgian script; then the counters against a recount:
 * the thread's posts against those the API created, the two clubs' posts_count and each posting fan's.
 */
async function runThreadPosts(args: {
  size: DatasetSize;
  setup: MatchdaySetup;
  client: pg.Client;
  apiPort: number;
  appUrl: string;
}): Promise<ThreadPostsResult> {
  const { size, setup, client, apiPort, appUrl } = args;
  const rate = Number(process.env.BENCH_THREAD_POST_RATE ?? 50);
  const seconds = Number(process.env.BENCH_THREAD_POST_SECONDS ?? 30);
  const threadCount = async () =>
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from posts where match_id = $1 and deleted_at is null`,
        [setup.matchId],
      )
    ).rows[0]!.n;
  const before = await threadCount();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * seconds);
  // Distinct fans, taken from the end of the list (the reads above took theirs from its start).
  const posters = Array.from({ length: total }, (_, i) => setup.fans[setup.fans.length - 1 - (i % setup.fans.length)]!);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let created = 0;
  const loadAverage = load();
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const fire = (k: number, due: number) =>
    new Promise<void>((resolve) => {
      const fan = posters[k]!;
      const text =
        k % 2 === 0
          ? `გოლი! ${k}-ე პოსტი დერბიდან, ტრიბუნა ყვირის`
          : `Goal! Post ${k} from the derby, the stand is roaring #derby`;
      const body = JSON.stringify({ text, matchId: setup.matchId });
      const req = request(
        {
          host: '127.0.0.1',
          port: apiPort,
          method: 'POST',
          path: '/api/posts',
          agent,
          headers: {
            authorization: `Bearer ${fan.token}`,
            origin: appUrl,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'idempotency-key': `bench-thread-${setup.matchId}-${Date.now().toString(36)}-${k}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            if (res.statusCode === 201) created++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        latencies.push(performance.now() - due);
        resolve();
      });
      req.end(body);
    });
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / rate <= now) {
      pending.push(fire(sent, start + (sent * 1000) / rate));
      sent++;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (sent * 1000) / rate - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();
  const after = await threadCount();
  const clubs = await client.query<{ n: number }>(
    `select count(*)::int as n from clubs c
     where c.id in ($1, $2)
       and c.posts_count <> (select count(*) from posts p where p.club_id = c.id and p.deleted_at is null)`,
    [setup.homeClubId, setup.awayClubId],
  );
  const fans = await client.query<{ n: number }>(
    `select count(*)::int as n from profiles a
     where a.id = any($1::text[])
       and a.posts_count <> (select count(*) from posts p where p.author_id = a.id and p.deleted_at is null)`,
    [[...new Set(posters.map((f) => f.id))]],
  );
  latencies.sort((a, b) => a - b);
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  const result: ThreadPostsResult = {
    perSecond: rate,
    seconds,
    sent,
    created,
    errors: sent - created,
    statuses,
    p50: tenths(quantile(latencies, 0.5)),
    p99: tenths(quantile(latencies, 0.99)),
    max: tenths(latencies.at(-1) ?? NaN),
    drift: { thread: after - before - created, clubs: clubs.rows[0]!.n, fans: fans.rows[0]!.n },
    loadAverage,
  };
  console.log(
    `${size.name} thread posts: ${sent} at ${rate}/s for ${seconds} s from ${new Set(posters.map((f) => f.id)).size} ` +
      `fans → ${created} created (statuses ${JSON.stringify(statuses)}), p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `max ${result.max} ms; thread ${before} → ${after}; drift ${JSON.stringify(result.drift)} ` +
      `(load average ${loadAverage.join(' ')})`,
  );
  return result;
}
