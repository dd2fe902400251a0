import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.ts';

/** One received message as written to the mail folder (one JSON file per message). */
export interface CapturedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** ISO time the capture received the message. */
  receivedAt: string;
}

export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts every message without auth or TLS and writes it
 * to `mailDir`. Files appear atomically (written, then renamed) so pollers never see half.
 */
export async function startSmtpCapture(mailDir: string): Promise<SmtpCapture> {
  fs.mkdirSync(mailDir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = parseMail(raw);
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from,
            subject: parsed.subject,
            text: parsed.text,
            html: parsed.html,
            raw,
            receivedAt: new Date().toISOString(),
          };
          const name = `${Date.now()}-${String(++sequence).padStart(5, '0')}.json`;
          const tmp = path.join(mailDir, `.${name}.tmp`);
          fs.writeFileSync(tmp, JSON.stringify(mail, null, 2));
          fs.renameSync(tmp, path.join(mailDir, name));
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
