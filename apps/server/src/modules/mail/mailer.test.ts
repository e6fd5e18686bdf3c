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

describe('attachments', () => {
  const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(200)}\n%%EOF\n`, 'latin1');

  /** The files of an .eml: each part's headers and its base64 body decoded. */
  function filesOf(eml: string): { headers: string; content: Buffer }[] {
    const boundary = /boundary="([^"]+)"/.exec(eml)?.[1] ?? '?';
    return eml
      .split(`--${boundary}`)
      .filter((part) => /Content-Disposition: attachment/.test(part))
      .map((part) => {
        const [headers = '', body = ''] = part.split('\r\n\r\n');
        return { headers, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
      });
  }

  it('writes the text and each file, which decode back to the same bytes', () => {
    const eml = toEml('Hosewright <x@y.z>', {
      to: 'r@example.com',
      subject: 'Estimate SE-00012',
      text: 'See the estimate attached.',
      attachments: [{ filename: 'estimate-SE-00012.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(eml).toContain('Content-Type: multipart/mixed;');
    expect(eml).toContain('\r\nSee the estimate attached.\r\n');
    const [file, ...others] = filesOf(eml);
    expect(others).toHaveLength(0);
    expect(file?.headers).toContain('Content-Type: application/pdf; name="estimate-SE-00012.pdf"');
    expect(file?.headers).toContain('filename="estimate-SE-00012.pdf"');
    expect(file?.content.equals(pdf)).toBe(true);
    expect(eml.split('\r\n').every((line) => line.length <= 998)).toBe(true);
  });

  it('keeps the text and html alternatives inside the mixed message', () => {
    const eml = toEml('Hosewright <x@y.z>', {
      to: 'r@example.com',
      subject: 'Hello',
      text: 'Plain',
      html: '<p>Rich</p>',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: pdf }],
    });
    expect(eml.indexOf('multipart/mixed')).toBeLessThan(eml.indexOf('multipart/alternative'));
    expect(eml).toContain('\r\n<p>Rich</p>\r\n');
    expect(filesOf(eml)[0]?.content.equals(pdf)).toBe(true);
  });

  it('sends a message without files exactly as before', () => {
    const now = new Date('2030-01-02T03:04:05Z');
    const plain = toEml('x@y.z', { to: 'r@example.com', subject: 'Hi', text: 'Body' }, now);
    const none = toEml('x@y.z', { to: 'r@example.com', subject: 'Hi', text: 'Body', attachments: [] }, now);
    const withoutId = (eml: string) =>
      eml
        .split('\r\n')
        .filter((line) => !line.startsWith('Message-ID:'))
        .join('\r\n');
    expect(withoutId(none)).toBe(withoutId(plain));
    expect(withoutId(plain)).toBe(
      [
        'From: x@y.z',
        'To: r@example.com',
        'Subject: Hi',
        'Date: Wed, 02 Jan 2030 03:04:05 GMT',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Body',
        '',
      ].join('\r\n'),
    );
  });
});
