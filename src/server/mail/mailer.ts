import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each message is logged and kept as an .eml file in `outboxDir`. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log?: (line: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    url.searchParams.set('connectionTimeout', '5000');
    url.searchParams.set('greetingTimeout', '5000');
    url.searchParams.set('socketTimeout', '10000');
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(opts.outboxDir, { recursive: true });
      const safe = mail.to.replace(/[^\w.@-]/g, '_');
      const file = join(opts.outboxDir, `${Date.now()}-${safe}.eml`);
      writeFileSync(file, info.message as Buffer);
      // The body may hold a code: only the outbox file has it, never the log.
      opts.log?.(`correo "${mail.subject}" guardado en ${file}`);
    },
  };
}
