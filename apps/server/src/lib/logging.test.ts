import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskEmails } from './logging.js';

describe('logs', () => {
  it('are JSON lines with the request id on each, and never carry secrets or email addresses', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    const options = loggerOptions({ logLevel: 'info', prettyLogs: false });
    const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
    app.get('/verify', (request) => {
      request.log.info(
        { to: 'fan@example.ge', link: 'https://burti.ge/verify?token=s3cret-token', password: 'hunter22' },
        'mail to fan@example.ge written',
      );
      return { ok: true };
    });
    await app.ready();
    const response = await app.inject({
      method: 'GET',
      url: '/verify?token=s3cret-token',
      headers: { authorization: 'Bearer s3cret-bearer', cookie: 'session=s3cret-cookie', 'x-request-id': 'edge-42' },
    });
    expect(response.statusCode).toBe(200);
    await app.close();

    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const requestLines = records.filter((record) => record.reqId !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    expect(requestLines.every((record) => record.reqId === 'edge-42')).toBe(true);
    const all = lines.join('\n');
    expect(all).toContain('mail to [email] written');
    for (const secret of ['fan@example.ge', 's3cret-token', 's3cret-bearer', 's3cret-cookie', 'hunter22']) {
      expect(all).not.toContain(secret);
    }
  });

  it('masks addresses in messages', () => {
    expect(maskEmails('sent to nino.beridze+test@mail.example.ge today')).toBe('sent to [email] today');
  });
});
