import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const scratch = mkdtempSync(join(tmpdir(), 'wattdesk-outbox-'));
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

describe('the outbox mailer (no SMTP_URL: mails written as .eml files)', () => {
  it('writes each mail to the outbox, and makes the folder again when someone removed it', async () => {
    const outboxDir = join(scratch, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'Wattdesk <no-reply@wattdesk.test>', outboxDir, logger: pino({ level: 'silent' }) });
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    expect(readdirSync(outboxDir)).toHaveLength(1);
    rmSync(outboxDir, { recursive: true });
    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(outboxDir, files[0]!), 'utf8')).toContain('Subject: Second');
    mailer.close();
  });
});
