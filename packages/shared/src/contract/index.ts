/**
 * The API contract: every operation of the API, once, with the zod schemas of its input and answers.
 *
 * The server registers each route from its operation (apps/server/src/lib/route.ts): it validates params, query
 * and body with these schemas, serialises answers through them (a field a response schema does not list never
 * leaves the server) and generates the OpenAPI reference (/api/openapi.json, docs/openapi.json) from them.
 *
 * A client (the web app's typed `call`, a bot, a native app in TypeScript) uses the same objects:
 *
 *   import { operations, pathFor, type OperationQuery, type OperationResult } from '@burti/shared';
 *   const op = operations.getComments;                      // { method: 'GET', path: '/api/posts/:postId/comments', … }
 *   const url = pathFor(op.path, { postId }) + '?' + new URLSearchParams(query);   // query: OperationQuery<typeof op>
 *   const page: OperationResult<typeof op> = await (await fetch(url, { method: op.method })).json();
 *
 * Input types are `z.input` (what a client sends, before defaults and transforms); results are `z.output`.
 * Errors come back as `apiErrorSchema` (`{ error: { code, message, fields? } }`) with a code of `op.errors`,
 * except better-auth's own answers under /api/auth (see ./system.ts).
 */
import { activityOperations } from './activity.js';
import { matchAlertOperations } from './match-alerts.js';
import { matchOperations } from './matches.js';
import { peopleOperations } from './people.js';
import { postOperations } from './posts.js';
import { systemOperations } from './system.js';

export * from './operation.js';
export {
  authErrorSchema,
  healthResponse,
  signInBody,
  signUpBody,
  telegramSignInInput,
  telegramSignInResponse,
  type TelegramSignInResponse,
} from './system.js';

export const operations = {
  ...postOperations,
  ...peopleOperations,
  ...activityOperations,
  ...matchOperations,
  ...matchAlertOperations,
  ...systemOperations,
};
export type Operations = typeof operations;
export type OperationId = keyof Operations;
