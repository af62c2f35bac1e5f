import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type SmtpSink = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches, or rejects after the timeout. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

const addresses = (mail: ParsedMail): string[] => {
  const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return list.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));
};

/**
 * A real SMTP server on a free local port that keeps what it receives: the test double for a mail
 * provider, speaking SMTP to our real nodemailer transport. `onMessage` also lets a test harness
 * persist mail for other processes.
 */
export const startSmtpSink = async (options: { port?: number; onMessage?: (mail: ReceivedMail) => void } = {}): Promise<SmtpSink> => {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: addresses(parsed),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
          };
          messages.push(mail);
          options.onMessage?.(mail);
          for (const listener of listeners) listener(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const waitFor = (match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const existing = messages.find(match);
      if (existing) return resolve(existing);
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
      }, timeoutMs);
      const listener = (mail: ReceivedMail) => {
        if (!match(mail)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(mail);
      };
      listeners.add(listener);
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The first link in a mail's text that points at `path` on any origin. */
export const linkIn = (mail: ReceivedMail, path: string): URL => {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no link to ${path} in mail "${mail.subject}"`);
  return new URL(match[0]);
};
