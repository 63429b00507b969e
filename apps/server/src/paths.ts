import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one level below it both as source (src/paths.ts)
 * and when built (dist/main.js bundles it), so files found from here (migrations, the web build) resolve the
 * same way in development and in production.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
