import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFcmSender } from './fcm.js';
import { buildPushPayload } from './payload.js';
import { createServiceAccountKey, startRecordingServer, type RecordedRequest } from './testing.js';

const key = createServiceAccountKey();
const payload = buildPushPayload({
  appName: 'Burti',
  type: 'follow',
  postId: null,
  actorId: 'actor-7',
  actorNickname: 'Mamardashvili',
});
const UNREGISTERED = {
  error: {
    code: 404,
    message: 'Requested entity was not found.',
    status: 'NOT_FOUND',
    details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
  },
};

let google: Awaited<ReturnType<typeof startRecordingServer>>;
let issued = 0;
let fcmStatus = 200;
beforeAll(async () => {
  google = await startRecordingServer((request) => {
    if (request.path === '/token')
      return { status: 200, json: { access_token: `ya29.token-${++issued}`, expires_in: 3599 } };
    const message = (JSON.parse(request.body.toString()) as { message: { token: string } }).message;
    if (message.token === 'gone-device-token') return { status: 404, json: UNREGISTERED };
    return { status: fcmStatus, json: fcmStatus === 200 ? { name: 'projects/burti-test/messages/1' } : {} };
  });
});
afterAll(async () => google.close());

const sender = () =>
  createFcmSender({
    projectId: 'burti-test',
    clientEmail: 'push@burti-test.iam.gserviceaccount.com',
    privateKey: key.privateKey,
    endpoint: google.url,
    tokenUrl: `${google.url}/token`,
  });

const since = (start: number, path?: string) =>
  google.requests.slice(start).filter((request) => !path || request.path === path);

describe('FCM HTTP v1 sender', () => {
  it('signs in as the service account and posts the message with a bearer token', async () => {
    const start = google.requests.length;
    const fcm = sender();
    expect(await fcm.send('device-token-android-1', payload)).toBe('sent');

    const [tokenRequest] = since(start, '/token') as [RecordedRequest];
    const form = new URLSearchParams(tokenRequest.body.toString());
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.') as [string, string, string];
    const verifier = createVerify('RSA-SHA256').update(`${header}.${claims}`);
    expect(verifier.verify(key.publicKey, signature, 'base64url')).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(decoded).toMatchObject({
      iss: 'push@burti-test.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${google.url}/token`,
    });
    expect(decoded.exp - decoded.iat).toBe(3600);

    const [send] = since(start, '/v1/projects/burti-test/messages:send') as [RecordedRequest];
    expect(send.method).toBe('POST');
    expect(send.headers.authorization).toBe(`Bearer ya29.token-${issued}`);
    expect(send.headers['content-type']).toBe('application/json');
    expect(JSON.parse(send.body.toString())).toEqual({
      message: {
        token: 'device-token-android-1',
        notification: { title: 'Burti', body: 'Mamardashvili started following you' },
        data: {
          type: 'follow',
          user_id: 'actor-7',
          user_nickname: 'Mamardashvili',
          title: 'Burti',
          body: 'Mamardashvili started following you',
        },
      },
    });
  });

  it('keeps the access token between messages and reports an unregistered token as gone', async () => {
    const start = google.requests.length;
    const fcm = sender();
    expect(await fcm.send('device-token-ios-1', payload)).toBe('sent');
    expect(await fcm.send('gone-device-token', payload)).toBe('gone');
    expect(since(start, '/token')).toHaveLength(1);
    expect(since(start)).toHaveLength(3);
  });

  it('throws when FCM fails in a way worth retrying, and signs in again after a 401', async () => {
    const start = google.requests.length;
    const fcm = sender();
    fcmStatus = 503;
    await expect(fcm.send('device-token-android-2', payload)).rejects.toThrow(/503/);
    fcmStatus = 401;
    await expect(fcm.send('device-token-android-2', payload)).rejects.toThrow(/401/);
    fcmStatus = 200;
    expect(await fcm.send('device-token-android-2', payload)).toBe('sent');
    expect(since(start, '/token')).toHaveLength(2);
  });
});
