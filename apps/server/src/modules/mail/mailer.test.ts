import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { emailOutbox } from '../../db/schema.ts';
import { createMailer, type MailLogger, outboxFileName, toEml } from './mailer.ts';

let database: Database;
let dataDir: string;
const logged: string[] = [];
const logger: MailLogger = { info: (_obj, msg) => logged.push(msg), error: (_obj, msg) => logged.push(msg) };

beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  dataDir = await mkdtemp(path.join(tmpdir(), 'hosewright-mail-'));
});

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('createMailer without SMTP', () => {
  it('records the mail in the outbox, writes an .eml file and logs its path', async () => {
    const mailer = createMailer(
      { SMTP_URL: undefined, MAIL_FROM: 'Hosewright <no-reply@hosewright.local>', dataDir },
      database,
      logger,
    );
    const link = 'http://localhost:3000/idp/verify-email?token=abc_DEF-123';
    const sent = await mailer.send({ to: 'pat@example.com', subject: 'Hello', text: `Open:\n\n${link}\n` });
    const again = await mailer.send({ to: 'pat@example.com', subject: 'Hello again', text: 'Second' });

    expect(sent.delivered).toBe(true);
    expect(sent.file && again.file && sent.file !== again.file).toBe(true);
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    const content = await readFile(sent.file ?? '', 'utf8');
    expect(content).toMatch(/^From: Hosewright <no-reply@hosewright\.local>\r$/m);
    expect(content).toMatch(/^To: pat@example\.com\r$/m);
    expect(content).toMatch(/^Subject: Hello\r$/m);
    expect(content).toContain('Content-Transfer-Encoding: 8bit');
    expect(content).toMatch(new RegExp(`^${link.replace(/[.?]/g, '\\$&')}\\r$`, 'm'));
    expect(logged.some((line) => line.includes(sent.file ?? '?'))).toBe(true);

    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.id));
    expect(row).toMatchObject({ to: 'pat@example.com', subject: 'Hello', delivered: true, error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});

describe('the .eml format', () => {
  it('names files by time and recipient, safely', () => {
    expect(outboxFileName('a/b@example.com', new Date('2030-01-02T03:04:05.678Z'))).toBe(
      '2030-01-02T03-04-05-678Z-a_b@example.com.eml',
    );
  });

  it('encodes non-ASCII headers and keeps both parts readable', () => {
    const eml = toEml('Hosewright <x@y.z>', {
      to: 'r@example.com',
      subject: 'Café',
      text: 'Plain',
      html: '<p>Rich</p>',
    });
    expect(eml).toContain('Subject: =?UTF-8?B?Q2Fmw6k=?=');
    expect(eml).toContain('Content-Type: multipart/alternative;');
    expect(eml).toContain('\r\nPlain\r\n');
    expect(eml).toContain('\r\n<p>Rich</p>\r\n');
  });
});
