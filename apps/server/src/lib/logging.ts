import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyServerOptions, RawRequestDefaultExpression } from 'fastify';
import type { Env } from '../env.js';

/** Keys whose values never reach a log line: credentials, tokens, mail addresses and mailed links. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'email',
  'to',
  'link',
  '*.password',
  '*.token',
  '*.secret',
  '*.email',
  '*.to',
  '*.link',
];

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g;

/** Hides every email address in a log message (structured fields are redacted by path). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** pino-pretty is a development dependency: without it (a production install) logs stay JSON. */
function prettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's logger: JSON lines in production (each request's lines carry its `reqId`, taken from the proxy's
 * X-Request-Id when it sent a sane one), pretty in development; secrets and addresses never written.
 */
export function loggerOptions(config: {
  logLevel: Env['LOG_LEVEL'];
  prettyLogs?: boolean;
}): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId: (request: RawRequestDefaultExpression) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
    },
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // The path without its query: verification and reset links carry tokens there.
        req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
          userAgent: request.headers?.['user-agent'],
        }),
      },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg)) as typeof args;
          method.apply(this, masked);
        },
      },
      ...(config.prettyLogs && prettyPrinterInstalled()
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
  };
}
