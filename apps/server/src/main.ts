import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { DataDirLockedError, openDatabase, type Database } from './db/client.js';
import { readEnv } from './env.js';

const env = readEnv();
const config = configFromEnv(env, fileURLToPath(new URL('../../web/dist', import.meta.url)));

let database: Database;
try {
  database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ config, database });
await app.listen({ host: env.HOST, port: env.PORT });
app.log.info(`${config.appName} is running at ${config.appUrl} (database: ${database.kind})`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
