/**
 * Outgoing email. Every message is recorded in `email_outbox`; it then goes out through SMTP when
 * `SMTP_URL` is set, or is written to `DATA_DIR/outbox/*.eml` (the embedded default) and its path logged.
 * Delivery failures are recorded on the outbox row and logged, never thrown: a lost email must not undo the
 * sign-up or reset that caused it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** A file sent with a message (an estimate's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent with the message; the outbox row keeps only the text (it has no column for files). */
  attachments?: MailAttachment[];
}

export interface SentMail {
  /** The `email_outbox` row. */
  id: string;
  delivered: boolean;
  /** The `.eml` file written when there is no SMTP server. */
  file?: string;
  error?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/** The slice of a pino/Fastify logger the mailer uses. */
export interface MailLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export type MailerConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;

const consoleLogger: MailLogger = {
  info: (obj, msg) => console.info(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export function createMailer(
  config: MailerConfig,
  database: Database,
  logger: MailLogger = consoleLogger,
): Mailer {
  const deliver = config.SMTP_URL
    ? smtpDelivery(config.SMTP_URL, config.MAIL_FROM)
    : fileDelivery(config, logger);
  return {
    async send(message) {
      const id = await recordInOutbox(database, message);
      try {
        const file = await deliver(message);
        await markOutbox(database, id, { delivered: true, error: null });
        return { id, delivered: true, ...(file ? { file } : {}) };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        logger.error({ to: message.to, subject: message.subject, error }, 'Email delivery failed');
        await markOutbox(database, id, { delivered: false, error });
        return { id, delivered: false, error };
      }
    },
  };
}

async function recordInOutbox(database: Database, message: MailMessage): Promise<string> {
  // The outbox is global (mail goes to people, not organisations), so it is written outside any tenant.
  const [row] = await database.withSystem((tx) =>
    tx
      .insert(emailOutbox)
      .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
      .returning({ id: emailOutbox.id }),
  );
  if (!row) throw new Error('The outbox row was not created');
  return row.id;
}

async function markOutbox(
  database: Database,
  id: string,
  outcome: { delivered: boolean; error: string | null },
): Promise<void> {
  // Global outbox table: see recordInOutbox.
  await database.withSystem((tx) =>
    tx
      .update(emailOutbox)
      .set({ ...outcome, sentAt: outcome.delivered ? new Date() : null })
      .where(eq(emailOutbox.id, id)),
  );
}

type Delivery = (message: MailMessage) => Promise<string | undefined>;

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    // The attachments are nodemailer's own shape (filename, contentType, content).
    await transport.sendMail({ from, ...message });
    return undefined;
  };
}

function fileDelivery(config: MailerConfig, logger: MailLogger): Delivery {
  const folder = path.join(config.dataDir, 'outbox');
  return async (message) => {
    await mkdir(folder, { recursive: true });
    const file = await writeUnique(folder, outboxFileName(message.to), toEml(config.MAIL_FROM, message));
    logger.info({ to: message.to, subject: message.subject, file }, `Email written to ${file}`);
    return file;
  };
}

/** `<ISO time with ':' and '.' replaced>-<recipient>.eml`, safe on every filesystem. */
export function outboxFileName(to: string, now = new Date()): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  return `${time}-${recipient}.eml`;
}

async function writeUnique(folder: string, name: string, content: string): Promise<string> {
  const base = name.replace(/\.eml$/, '');
  for (let n = 0; ; n++) {
    const file = path.join(folder, n === 0 ? name : `${base}-${n}.eml`);
    try {
      await writeFile(file, content, { flag: 'wx' });
      return file;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * An RFC 822 message with 8bit bodies, so the text (and every link in it) stays readable and unwrapped in the
 * file. Lines are far below the 998-character limit for the mails we send. Attachments make it
 * multipart/mixed, each file base64 in lines of 76 characters.
 */
export function toEml(from: string, message: MailMessage, now = new Date()): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'hosewright.local';
  const headers = [
    `From: ${encodeAddress(from)}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  const body = bodyEntity(message);
  const attachments = message.attachments ?? [];
  if (!attachments.length) return [...headers, ...body, ''].join('\r\n');
  const boundary = `=_hosewright_${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...body,
    ...attachments.flatMap((file) => {
      const name = encodeHeader(file.filename).replace(/["\\]/g, '_');
      return [
        `--${boundary}`,
        `Content-Type: ${file.contentType}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        ...(file.content.toString('base64').match(/.{1,76}/g) ?? []),
      ];
    }),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** The text (and html) of a message as one MIME entity: its headers, a blank line, its body. */
function bodyEntity(message: MailMessage): string[] {
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'];
  if (!message.html) return [...textPart, '', normalise(message.text)];
  const boundary = `=_hosewright_${randomUUID()}`;
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...textPart,
    '',
    normalise(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    normalise(message.html),
    `--${boundary}--`,
  ];
}

function normalise(body: string): string {
  return body.replace(/\r?\n/g, '\r\n');
}

function encodeAddress(address: string): string {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(address);
  if (!named) return address;
  return `${encodeHeader(named[1] ?? '')} <${named[2]}>`;
}

/** RFC 2047 encoded-word for headers that carry non-ASCII text. */
function encodeHeader(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point of the test
  if (/^[\x00-\x7f]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
