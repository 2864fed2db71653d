import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each mail is written to the
 * outbox folder as an .eml file, and the file is logged so a developer can
 * open it. The mail's links are not logged: they carry one-time tokens.
 * nodemailer loads with the first mail (about 12 MB of memory from start otherwise).
 */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    const transport = once(async () => (await import('nodemailer')).default.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport.get()).sendMail({ from: config.from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => void transport.made?.then((t) => t.close()),
    };
  }
  const transport = once(async () =>
    (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ from: config.from, ...mail });
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => void transport.made?.then((t) => t.close()),
  };
}

/** `make` run on the first `get()`, its promise shared by every later one. */
function once<T>(make: () => Promise<T>): { get(): Promise<T>; made?: Promise<T> } {
  const holder: { get(): Promise<T>; made?: Promise<T> } = { get: () => (holder.made ??= make()) };
  return holder;
}
