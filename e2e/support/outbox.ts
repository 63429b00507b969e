import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from './env';

/** Reads the newest mail to `to` from the dev outbox, as a fan reads their inbox. */
export async function readMail(
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(join(outboxDir, file), 'utf8');
      // Long headers fold onto indented lines; non-ASCII subjects (Georgian) are MIME encoded words.
      const headers = raw.slice(0, raw.indexOf('\n\n')).replace(/\r?\n[ \t]+/g, ' ');
      const toLine = /^To: (.*)$/m.exec(headers)?.[1] ?? '';
      const subjectLine = decodeWords(/^Subject: (.*)$/m.exec(headers)?.[1] ?? '');
      if (toLine.includes(to) && subject.test(subjectLine)) return { subject: subjectLine, text: decode(raw) };
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header, as text. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * The readable text of a message: quoted-printable soft line breaks and escapes undone (as UTF-8), and base64
 * parts (nodemailer's choice for mostly non-ASCII text, such as Georgian) decoded, so links and words read as sent.
 */
function decode(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\n]+\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  const qp = Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  return [qp, ...base64Parts].join('\n');
}

export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s"<>]+/.exec(text);
  if (!match) throw new Error('No link in the mail');
  return match[0];
}
