import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReceivedMail } from '@wattdesk/test-support';

/** Where this worker's product and its mail sink are, as worker-stack.ts published them. */
export const stack = () => {
  const baseUrl = process.env.E2E_BASE_URL;
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!baseUrl || !mailDir) throw new Error('the e2e stack is not running (worker-stack.ts did not run)');
  return { baseUrl, mailDir };
};

type StoredMail = Omit<ReceivedMail, 'attachments'> & { attachments: { filename: string; contentType: string; base64: string }[] };

const readMails = async (): Promise<StoredMail[]> => {
  const { mailDir } = stack();
  const files = (await readdir(mailDir)).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as StoredMail));
};

/** Polls the SMTP sink's folder for a mail to `to` whose subject contains `subject`. */
export const waitForMail = async (to: string, subject: string, timeoutMs = 15_000): Promise<StoredMail> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readMails()).reverse().find((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} about "${subject}" within ${timeoutMs} ms`);
};

export const mailCount = async (to: string) => (await readMails()).filter((mail) => mail.to.includes(to.toLowerCase())).length;
