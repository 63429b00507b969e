import { errorCodes, type ApiErrorBody } from '@burti/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors.js';
import { isUnavailableError } from '../lib/unavailable.js';

function body(code: keyof typeof errorCodes, message?: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message: message ?? errorCodes[code].message, ...(fields ? { fields } : {}) } };
}

/** One place where every failure becomes a clear 4xx (or a 500 that never leaks a stack). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (error instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join('.') || '_';
        fields[key] ??= issue.code === 'unrecognized_keys' ? 'These fields cannot be changed.' : issue.message;
      }
      const first = error.issues[0];
      const message =
        first?.code === 'unrecognized_keys'
          ? `These fields cannot be changed: ${first.keys.join(', ')}.`
          : (first?.message ?? errorCodes.VALIDATION.message);
      return reply.status(400).send(body('VALIDATION', message, fields));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(body('FILE_TOO_LARGE'));
    }
    if (
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      fastifyError.code === 'FST_PARTS_LIMIT' ||
      fastifyError.code === 'FST_FILES_LIMIT'
    ) {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
    }
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED'));
    }
    if (fastifyError.statusCode === 503 || isUnavailableError(error)) {
      request.log.warn({ err: error }, 'a store is unavailable; answered 503');
      return reply.status(503).header('retry-after', '5').send(body('UNAVAILABLE'));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const code =
        fastifyError.statusCode === 415
          ? 'UNSUPPORTED_MEDIA'
          : fastifyError.statusCode === 404
            ? 'NOT_FOUND'
            : 'VALIDATION';
      return reply.status(fastifyError.statusCode).send(body(code, fastifyError.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('INTERNAL'));
  });
}
