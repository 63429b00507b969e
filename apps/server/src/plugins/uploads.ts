import multipart from '@fastify/multipart';
import { MEDIA_MAX_BYTES } from '@burti/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * Routes that take files. @fastify/multipart is registered only around them: it adds an onRequest and an
 * onResponse hook (for temporary files we never write) to every request of the context it is registered in, which
 * every read paid for. Elsewhere a multipart body has no parser and is answered 415 UNSUPPORTED_MEDIA.
 */
export function uploadRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
    register(scope);
  });
}

/**
 * Runs a route's reading of a multipart body: a body the parser cannot read (no boundary, a part cut short, a
 * broken header) is the client's fault and becomes a 400; the size limits keep their 413.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw error;
    throw new AppError('VALIDATION', 'That upload could not be read. Please try again.');
  }
}
