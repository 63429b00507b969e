import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * Input that no route should ever see, refused with a 400 before any schema, service or query runs:
 * - JSON nested deeper than {@link JSON_MAX_DEPTH} (checked on the raw text, before it is parsed, so that
 *   neither parsing nor a later `JSON.stringify` can run out of stack);
 * - control characters (NUL and the other C0 codes except tab, line feed and carriage return, and DEL) in any
 *   string or key of the path parameters, the query or the body. PostgreSQL cannot store NUL in text, and none
 *   of these has a place in a nickname, a post or an id.
 * Multipart text fields are read by their routes, which call {@link assertCleanInput} on them.
 */
export const JSON_MAX_DEPTH = 16;
/** Keys and array items walked in one request before giving up (the body limit already bounds this). */
const MAX_NODES = 20_000;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const CONTROL_MESSAGE = 'Text cannot contain control characters.';

/** True when the JSON text opens more than `max` objects or arrays inside each other (strings are skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** The path (`a.b.0`) of the first string or key holding a control character, `null` when there is none. */
export function findControlCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  let seen = 0;
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (++seen > MAX_NODES || depth > JSON_MAX_DEPTH + 1)
      throw new AppError('VALIDATION', 'That request is too complex.');
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) return path || '_';
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (CONTROL_CHARACTER.test(key)) return path || '_';
        stack.push({ value: item, path: itemPath, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the field when any string in `value` holds a control character. */
export function assertCleanInput(value: unknown): void {
  const field = findControlCharacter(value);
  if (field !== null) throw new AppError('VALIDATION', CONTROL_MESSAGE, { [field]: CONTROL_MESSAGE });
}

export type KnownRoute = { method: string; url: string };

export function registerInputGuard(app: FastifyInstance): void {
  // Every route registered after this, so that tests can walk all of them (the fuzz test does).
  const routes: KnownRoute[] = [];
  app.decorate('knownRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    }
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body, JSON_MAX_DEPTH)) {
      done(new AppError('VALIDATION', 'That request is nested too deeply.'), undefined);
      return;
    }
    void parseJson(request, body as string, done);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      // A multipart body is read by its route (the parser leaves it undefined), which checks its fields.
      if (request.body !== undefined) assertCleanInput(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    knownRoutes: KnownRoute[];
  }
}
