import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir } from './env';

/** Reads the newest mail to `to` from the dev outbox, as a fan reads their inbox. */
export async function readMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(join(outboxDir, file), 'utf8');
      const headers = raw.slice(0, raw.indexOf('\n\n'));
      const toLine = /^To: (.*)$/m.exec(headers)?.[1] ?? '';
      const subjectLine = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
      if (toLine.includes(to) && subject.test(subjectLine)) return { subject: subjectLine, text: decode(raw) };
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Undoes quoted-printable soft line breaks and escapes so the link reads as sent. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s"<>]+/.exec(text);
  if (!match) throw new Error('No link in the mail');
  return match[0];
}
