import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 4310);
/** The server's data dir for the run: wiped when the server starts; tests read the outbox in it. */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `burti-e2e-${e2ePort}`);
export const outboxDir = join(e2eDataDir, 'outbox');
