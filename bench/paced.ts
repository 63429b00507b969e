import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * `clientDelay`: the p99 and the longest delay of this client's own event loop during the run (ms). A request is
 * sent late, and its answer read late, by as much: when it is near the latencies' p99, the tail is the client's.
 */
export type PacedResult = {
  sent: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  clientDelay: { p99: number; max: number };
};

/**
 * Latency at a fixed offered rate, measured open-loop: one request is due every 1/rate seconds, sent on time
 * whatever the earlier ones are doing, and its latency counts from when it was due (so a stall shows up in every
 * request it delays, not only in the one it hit). autocannon's rate limit sends each second's quota at once at
 * the top of the second, which measures the latency of a burst rather than of a steady rate.
 */
export async function paced(
  url: string,
  headersFor: (viewer: number) => Record<string, string>,
  viewers: number,
  options: { rate: number; seconds: number; warmupSeconds?: number },
): Promise<PacedResult> {
  // The first second at the rate is not counted: after the other side's runs, the server's remembered viewers
  // have expired all at once, which no steady stream of fans does.
  if (options.warmupSeconds)
    await paced(url, headersFor, viewers, { rate: options.rate, seconds: options.warmupSeconds });
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let viewer = 0;
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now();
  const pending: Promise<void>[] = [];

  const fire = (due: number) =>
    new Promise<void>((resolve) => {
      viewer = (viewer % viewers) + 1;
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          agent,
          headers: headersFor(viewer),
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        latencies.push(performance.now() - due);
        resolve();
      });
      req.end();
    });

  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out now; then sleep until the next one is due.
    while (sent < total && start + sent * interval <= now) {
      pending.push(fire(start + sent * interval));
      sent++;
    }
    const wait = start + sent * interval - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  await Promise.all(pending);
  loop.disable();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const tenths = (ms: number) => Math.round(ms * 10) / 10;
  const at = (q: number) => tenths(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  const clientDelay = { p99: tenths(loop.percentile(99) / 1e6), max: tenths(loop.max / 1e6) };
  return { sent, p50: at(0.5), p99: at(0.99), max: at(1), errors, clientDelay };
}
