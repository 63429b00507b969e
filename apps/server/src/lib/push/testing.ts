/**
 * Local stand-ins for the push providers, for tests: a push service that decrypts what it receives as a
 * browser would, a fake Google token endpoint with FCM, and a fake Telegram Bot API. All on 127.0.0.1.
 */
import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import webPush from 'web-push';
import type { WebPushTransport } from './web-push.js';

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: Buffer };
type Responder = (request: RecordedRequest) => { status: number; json?: unknown } | undefined;

/** An HTTP server on a free local port that records every request and answers through `respond`. */
export async function startRecordingServer(respond: Responder = () => undefined) {
  const requests: RecordedRequest[] = [];
  const waiters: (() => void)[] = [];
  let responder = respond;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = responder(recorded) ?? { status: 201 };
      res.writeHead(answer.status, answer.json === undefined ? {} : { 'content-type': 'application/json' });
      res.end(answer.json === undefined ? undefined : JSON.stringify(answer.json));
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    respondWith(next: Responder) {
      responder = next;
    },
    /** Resolves once `count` requests in all have arrived (rejects after `timeoutMs`). */
    async waitForRequests(count: number, timeoutMs = 10_000): Promise<RecordedRequest[]> {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push subscription (a P-256 key pair and a 16-byte auth secret) and how it decrypts a message. */
export function createSubscriber(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** Decrypts an aes128gcm body as the browser does before handing it to the service worker. */
    decrypt(body: Buffer): unknown {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}

/**
 * web-push's own request (encrypted body, VAPID headers) sent with fetch: web-push's sender speaks HTTPS only,
 * and the local push service is plain HTTP.
 */
export const fetchTransport: WebPushTransport = async (subscription, payload, options) => {
  const details = webPush.generateRequestDetails(subscription, payload, options);
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  const response = await fetch(details.endpoint, { method: details.method, headers, body: details.body });
  await response.arrayBuffer();
  return { statusCode: response.status };
};

/** A service account key pair, as in the JSON a Firebase project hands out. */
export function createServiceAccountKey() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
