/**
 * The baseline of `npm run bench`: a bare `node:http` server on a `pg` pool that sends the API's own SQL
 * (built by the same query functions) with no auth, no validation and no framework, and answers the rows as
 * JSON. The viewer is named by the `x-viewer` header. What the API costs beyond this is its own overhead.
 *
 * GET /explain?endpoint=NAME&viewer=ID runs EXPLAIN (ANALYZE, BUFFERS) of that endpoint's SQL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Statement } from '../apps/server/src/db/client.js';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD } from '../apps/server/src/plugins/compression.js';
import { readEndpoints, toQuery, type BareEndpoint } from './endpoints.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
pool.on('error', () => undefined);
const endpoints: Record<string, BareEndpoint> = readEndpoints();

/** Runs one of the API's reads as the API does: a named prepared statement (see queryPrepared). */
async function run(query: SQL | Statement, client: pg.Pool | pg.PoolClient = pool) {
  return (await client.query<Record<string, unknown>>(toQuery(query))).rows;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://bare');
  const viewer = String(request.headers['x-viewer'] ?? url.searchParams.get('viewer') ?? '');
  if (url.pathname === '/explain') {
    const endpoint = endpoints[url.searchParams.get('endpoint') ?? ''];
    if (!endpoint) return send(response, 404, { error: 'no such endpoint' });
    const queries = endpoint.explain(viewer, url.searchParams);
    const plans: string[] = [];
    // In a transaction rolled back: EXPLAIN ANALYZE runs the statement, and a write's plan must not write.
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const query of queries) {
        const { text, values } = toQuery(query);
        const rows = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
        plans.push(
          `${text}\n-- params: ${JSON.stringify(values)}\n${rows.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
        );
      }
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return response.end(plans.join('\n\n'));
  }
  const endpoint = endpoints[url.pathname.slice(1)];
  if (!endpoint) return send(response, 404, { error: 'no such endpoint' });
  const body = await endpoint.handle({ viewer, params: url.searchParams, run, pool });
  send(response, endpoint.status ?? 200, body, request.headers['accept-encoding']);
}

/** Answers JSON; in brotli, at the API's quality and threshold, when the client accepts it. */
function send(response: ServerResponse, status: number, body: unknown, acceptEncoding = '') {
  const text = JSON.stringify(body);
  const size = Buffer.byteLength(text);
  if (size >= COMPRESS_THRESHOLD && /\bbr\b/.test(acceptEncoding)) {
    const compressed = brotliCompressSync(text, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size },
    });
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      'content-length': compressed.length,
    });
    return response.end(compressed);
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': size });
  response.end(text);
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    send(response, 500, { error: String(error) });
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
