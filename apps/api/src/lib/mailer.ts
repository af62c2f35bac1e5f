import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

export type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string; logger: FastifyBaseLogger };

/**
 * Real SMTP when SMTP_URL is set. Without it, each message is rendered by the same nodemailer pipeline
 * to an .eml file in the outbox folder and logged, so a local install can still follow reset links.
 */
export const createMailer = ({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer => {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once, not for every mail (a charge pass writes a receipt per session: bench/money-in.ts's
  // profile put 2 % of its CPU in mkdir), and again if someone removed it meanwhile.
  let folder: Promise<unknown> | undefined;
  const write = async (file: string, content: Buffer) => {
    await (folder ??= mkdir(outboxDir, { recursive: true }));
    try {
      await writeFile(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await (folder = mkdir(outboxDir, { recursive: true }));
      await writeFile(file, content);
    }
  };
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`);
      await write(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file, text: message.text }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
};
