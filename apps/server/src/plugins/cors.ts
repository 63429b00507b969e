import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin access to the API for the app's other shells: the native app's page (capacitor://localhost on
 * iOS, https://localhost on Android) calls the deployed API on its own origin, and any origin listed in
 * TRUSTED_ORIGINS may too. The same list is better-auth's trustedOrigins, so one setting allows an origin for
 * both. Sessions cross origins as `Authorization: Bearer …` (the sign-in answer's `set-auth-token`, exposed here);
 * credentials stay allowed for trusted origins that keep a cookie.
 */
export async function registerCors(app: FastifyInstance, { origins }: { origins: readonly string[] }): Promise<void> {
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'last-event-id'],
    exposedHeaders: ['set-auth-token'],
    maxAge: 600,
  });
}
