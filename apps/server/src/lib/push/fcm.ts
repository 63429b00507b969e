import { createSign } from 'node:crypto';
import { pushDataStrings, type DeliveryOutcome, type PushPayload } from './payload.js';

export type FcmOptions = {
  projectId: string;
  /** The service account's `client_email` and PEM `private_key`. */
  clientEmail: string;
  privateKey: string;
  /** https://fcm.googleapis.com, overridable so tests post to a local server. */
  endpoint: string;
  /** https://oauth2.googleapis.com/token, overridable likewise. */
  tokenUrl: string;
};

export type FcmSender = { send(token: string, payload: PushPayload): Promise<DeliveryOutcome> };

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TOKEN_LIFETIME_SECONDS = 3600;
const REQUEST_TIMEOUT_MS = 10_000;

type FcmErrorBody = { error?: { status?: string; details?: { errorCode?: string }[] } };

/**
 * FCM HTTP v1 for the native app's tokens (Android and iOS alike). Authorises with an OAuth 2.0 access token
 * obtained by Google's service-account flow: a JWT signed RS256 with the account's key, exchanged at the token
 * endpoint, kept until shortly before it expires.
 */
export function createFcmSender(options: FcmOptions): FcmSender {
  let cached: { token: string; expiresAt: number } | undefined;
  let fetching: Promise<string> | undefined;

  async function fetchAccessToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const assertion = signJwt(
      { alg: 'RS256', typ: 'JWT' },
      { iss: options.clientEmail, scope: SCOPE, aud: options.tokenUrl, iat: now, exp: now + TOKEN_LIFETIME_SECONDS },
      options.privateKey,
    );
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`The FCM token endpoint answered ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('The FCM token endpoint answered without an access token');
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? TOKEN_LIFETIME_SECONDS) * 1000 };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - Date.now() > 60_000) return cached.token;
    fetching ??= fetchAccessToken().finally(() => {
      fetching = undefined;
    });
    return fetching;
  }

  return {
    async send(token, payload) {
      const url = `${options.endpoint.replace(/\/$/, '')}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: payload.title, body: payload.body },
            data: pushDataStrings(payload),
          },
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.ok) return 'sent';
      const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
      const errorCode = body.error?.details?.find((detail) => detail.errorCode)?.errorCode;
      if (response.status === 404 || errorCode === 'UNREGISTERED') return 'gone';
      if (response.status === 401) cached = undefined; // the access token was revoked or expired early
      // A message FCM refuses as invalid is refused again on retry (a bad payload, a token of another project).
      if (response.status === 400 || response.status === 403) return 'rejected';
      throw new Error(`FCM answered ${response.status} ${errorCode ?? body.error?.status ?? ''}`.trim());
    },
  };
}

function signJwt(header: object, claims: object, privateKey: string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey, 'base64url');
  return `${unsigned}.${signature}`;
}
