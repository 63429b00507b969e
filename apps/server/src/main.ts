import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, configFromEnv, processConfigFromEnv } from './config.js';
import {
  DataDirLockedError,
  openDatabase,
  SkippedMigrationsError,
  type Database,
  type DatabaseLog,
} from './db/client.js';
import { loadDotEnv, readEnv } from './env.js';
import { serverRoot } from './paths.js';
import { describeVideoTools, videoTools } from './lib/video.js';

/** A configuration or lock problem is the operator's to fix: say what it is and stop, without a stack trace. */
function refuse(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof SkippedMigrationsError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof Error && error.message.startsWith('Invalid configuration')) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// `.env` in the working directory, else at the repository root (`npm run dev` runs in apps/server).
loadDotEnv(['.env', join(serverRoot, '../../.env')]);
let env: ReturnType<typeof readEnv>;
let config: ReturnType<typeof configFromEnv>;
try {
  env = readEnv();
  config = configFromEnv(env, join(serverRoot, '../web/dist'));
} catch (error) {
  refuse(error);
}
const settings = processConfigFromEnv(env);

// The database reports through the app's logger once there is one.
const started: { app?: FastifyInstance } = {};
const databaseLog: DatabaseLog = {
  warn: (obj, msg) => (started.app ? started.app.log.warn(obj, msg) : console.warn(msg, obj)),
};

let database: Database;
try {
  database = await openDatabase(
    settings.databaseUrl
      ? {
          kind: 'postgres',
          url: settings.databaseUrl,
          poolSize: settings.databasePoolSize,
          timeouts: settings.databaseTimeouts,
          log: databaseLog,
        }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db'), log: databaseLog },
  );
} catch (error) {
  refuse(error);
}

const server = await buildApp({ config, database });
started.app = server;

// A stray rejection is logged, not fatal: one failed background step must not take every fan's connection down.
process.on('unhandledRejection', (err) => server.log.error({ err }, 'unhandled rejection'));

/**
 * SIGTERM/SIGINT: stop accepting connections, end the notification streams with a reconnect hint, let in-flight
 * requests and jobs finish, close the pools, exit 0. Past the deadline the process exits anyway (code 1).
 */
closeWithGrace(
  {
    delay: settings.shutdownTimeoutMs,
    skip: ['unhandledRejection'],
    logger: { error: (message: unknown) => server.log.error(message) },
  },
  async ({ signal, err }) => {
    if (err) server.log.error({ err }, 'uncaught exception; shutting down');
    else server.log.info(`${signal ?? 'exit'} received, shutting down`);
    const started = Date.now();
    await server.close();
    server.log.info({ ms: Date.now() - started }, 'requests, streams and jobs finished');
    await database.close();
    server.log.info({ ms: Date.now() - started }, 'shut down cleanly');
  },
);

await server.listen({ host: env.HOST, port: env.PORT });
server.log.info(`${config.appName} is running at ${config.appUrl} (database: ${database.kind})`);
// Which ffmpeg cleans uploaded videos, and why that one (or that none can, so video uploads answer 503).
const tools = videoTools();
if (tools.available) server.log.info({ videoTools: tools }, describeVideoTools(tools));
else server.log.warn({ videoTools: tools }, describeVideoTools(tools));
