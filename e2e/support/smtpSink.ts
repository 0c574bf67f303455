import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface SinkMail {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpSink() {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForCode(to: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.filter((m) => m.to === to).at(-1);
        // Only the code in the sentence: headers (Message-ID, MIME boundaries) may hold other 6-digit runs.
        const code = mail && / es (\d{6})\b/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no code mailed to ${to}`);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
