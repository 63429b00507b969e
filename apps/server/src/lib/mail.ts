import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * SMTP when SMTP_URL is set; otherwise the dev outbox, where every message is written as an .eml file and
 * its link logged, so a fresh start can confirm accounts without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info(
        { to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to the dev outbox',
      );
    },
    close: () => transport.close(),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A short message with one button, in plain text and simple HTML. */
export function actionMail(args: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): Mail {
  const text = `${args.intro}\n\n${args.action}: ${args.link}\n\n${args.outro}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(args.intro)}</p>
<p><a href="${escapeHtml(args.link)}" style="display:inline-block;background:#d71920;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(args.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(args.outro)}</p>
</body></html>`;
  return { to: args.to, subject: args.subject, text, html, link: args.link };
}
