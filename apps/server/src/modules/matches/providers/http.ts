import type { z } from 'zod';
import { ProviderError, type ProviderName, type RequestGate } from './provider.js';

export type ProviderHttpOptions = {
  /** The API root, e.g. https://api.football-data.org (tests point it at the local fake). */
  baseUrl: string;
  /** Asked before each request; throws when the budget is spent. */
  gate?: RequestGate;
  /** How long one request may take before it counts as an outage (default 10 s). */
  timeoutMs?: number;
};

/** Counts the requests one provider call sends, so the call can report its cost. */
export type Meter = { cost: number };

/** Seconds or an HTTP date, as Retry-After says it; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

/**
 * One GET to a provider: the gate first, then the request with the provider's auth header, then the answer checked
 * against `schema`. Whatever goes wrong becomes a ProviderError of a kind the sync knows how to handle; nothing a
 * provider answers reaches the caller unvalidated.
 */
export async function getJson<S extends z.ZodType>(args: {
  provider: ProviderName;
  options: ProviderHttpOptions;
  path: string;
  headers: Record<string, string>;
  schema: S;
  meter: Meter;
  /** The Retry-After of a 429 that has none (ms). */
  defaultRetryMs?: (headers: Headers) => number;
}): Promise<{ body: z.infer<S>; headers: Headers }> {
  const { provider, options, path, schema, meter } = args;
  await options.gate?.(provider);
  const url = new URL(path, options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
  const fail = (kind: ProviderError['kind'], message: string, extra: { status?: number; retryAfterMs?: number } = {}) =>
    new ProviderError({ provider, kind, message, cost: meter.cost, ...extra });

  let response: Response;
  try {
    meter.cost++;
    response = await fetch(url, {
      headers: { accept: 'application/json', ...args.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw fail('outage', `${url.pathname}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status === 429) {
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? args.defaultRetryMs?.(response.headers) ?? 60_000;
    throw fail('rate_limited', `${url.pathname}: 429 Too Many Requests`, { status: 429, retryAfterMs: wait });
  }
  if (response.status >= 500) throw fail('outage', `${url.pathname}: ${response.status}`, { status: response.status });
  if (response.status === 401 || response.status === 403) {
    throw fail('unauthorized', `${url.pathname}: ${response.status} ${snippet(text)}`, { status: response.status });
  }
  if (!response.ok)
    throw fail('refused', `${url.pathname}: ${response.status} ${snippet(text)}`, { status: response.status });

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail('malformed', `${url.pathname}: the answer is not JSON (${snippet(text)})`, { status: response.status });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape';
    throw fail('malformed', `${url.pathname}: the answer is not of the documented shape (${where})`, {
      status: response.status,
    });
  }
  return { body: parsed.data, headers: response.headers };
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
}

/** "12" or 12 → 12; anything else → null. */
export function toInt(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return null;
}
