import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../errors.js';

/**
 * Web Push endpoints come from the browser, i.e. from whoever calls the API: left unchecked, the push worker
 * would POST wherever a client says (server-side request forgery). An endpoint must be https on a public host:
 * no loopback, private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast or reserved address,
 * whether written as an address or reached through a name. It is checked when a browser subscribes and again
 * when a message is sent, after DNS resolution, on the very connection that carries the message.
 *
 * `allowLocal` (WEB_PUSH_ALLOW_LOCAL_ENDPOINTS, refused in production) lets tests use a push service on 127.0.0.1.
 */
export type EndpointPolicy = { allowLocal?: boolean };

export type ResolveAll = (hostname: string) => Promise<string[]>;

/** Only ordinary public unicast addresses: ipaddr.js names every special-purpose range otherwise. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as IPv4
  return parsed.range() === 'unicast';
}

const RESOLVE_TIMEOUT_MS = 3_000;

export const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

export type EndpointProblem = 'not_https' | 'not_public' | 'unresolved';

/** Why an endpoint may not be used, or null when it may. Name resolution failures are reported as 'unresolved'. */
export async function endpointProblem(
  endpoint: string,
  policy: EndpointPolicy = {},
  resolve: ResolveAll = resolveAll,
): Promise<EndpointProblem | null> {
  if (policy.allowLocal) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_https';
  }
  if (url.protocol !== 'https:' || url.username || url.password) return 'not_https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : 'not_public';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'not_public';
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every(isPublicAddress) ? null : 'not_public';
}

/**
 * At subscribe time: refuses an endpoint that is not https, or whose host is or resolves to a non-public
 * address. A name that does not resolve at this moment is let through (nothing can be sent to it, and the send
 * checks again), so a passing DNS hiccup does not cost the fan their notifications.
 */
export async function assertSubscribableEndpoint(
  endpoint: string,
  policy: EndpointPolicy = {},
  resolve: ResolveAll = resolveAll,
): Promise<void> {
  const problem = await endpointProblem(endpoint, policy, resolve);
  if (problem === 'not_https') {
    throw new AppError('VALIDATION', 'A push endpoint must be an https address.', { endpoint: 'Must be https.' });
  }
  if (problem === 'not_public') {
    throw new AppError('VALIDATION', 'A push endpoint must be on a public host.', {
      endpoint: 'Must be a public push service.',
    });
  }
}

/** The error a send refused by the guard throws: the subscription is unusable, not the push service down. */
export class EndpointRefusedError extends Error {
  constructor(readonly problem: EndpointProblem) {
    super(`push endpoint refused: ${problem}`);
    this.name = 'EndpointRefusedError';
  }
}

/**
 * A `lookup` for the HTTPS agent that carries the message: it resolves as usual and fails the connection when
 * any address is not public, so a name that resolved to a public address a moment ago (the check before the
 * send) cannot be switched to a private one for the connection itself (DNS rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const failure = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
        code: 'ENOTPUBLIC',
      });
      return callback(failure, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
};
