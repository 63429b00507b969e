/** The part of http_ece (web-push's encryption library, no types of its own) the push tests use to decrypt. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  type DecryptParams = { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string };
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
