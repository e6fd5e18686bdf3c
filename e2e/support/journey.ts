/**
 * What every journey file needs around its steps: the browser, the server and a signed-in page for the whole
 * file, a value from `beforeAll` that must be there, a step that checks what every page must be (no uncaught
 * error, no picture that failed to load, no serious or critical accessibility problem) and explains its own
 * failure (screenshot, the page, where it has been, its errors, the server's last words), and waiting for an
 * element or a value.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { assertAccessible } from './a11y.ts';
import {
  chromePath,
  launchBrowser,
  newSession,
  type Session,
  screenshot,
  type ViewportName,
} from './browser.ts';
import { signIn } from './flows.ts';
import type { RunningServer } from './server.ts';

/**
 * A journey file's `beforeAll`: the browser and the server, started side by side. It fails at once when there
 * is no browser, before the server starts; when either fails, the other is closed and the error names both.
 */
export async function launchWithServer(
  start: () => Promise<RunningServer>,
): Promise<{ browser: Browser; server: RunningServer }> {
  chromePath();
  const [b, s] = await Promise.allSettled([launchBrowser(), start()]);
  if (b.status === 'fulfilled' && s.status === 'fulfilled') return { browser: b.value, server: s.value };
  await Promise.allSettled([
    b.status === 'fulfilled' ? b.value.close() : undefined,
    s.status === 'fulfilled' ? s.value.stop() : undefined,
  ]);
  const reasons = [b, s].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  throw new Error(reasons.map((r) => (r instanceof Error ? r.message : String(r))).join('\n\n'));
}

export interface JourneyOptions {
  /** Starts the file's server, e.g. `() => startServer({ name: 'kits server' })`. */
  server: () => Promise<RunningServer>;
  /** Who signs in on the file's page. */
  who: { email: string; password: string };
  viewport: ViewportName;
  /** A size for the page other than its viewport's, set before signing in. */
  size?: { width: number; height: number };
}

export interface Journey {
  /** The browser, the server and the signed-in page; each fails when `beforeAll` did not make it. */
  browser(): Browser;
  server(): RunningServer;
  session(): Session;
  /** `runStep` on the signed-in page. */
  step(name: string, steps: (page: Page, baseUrl: string) => Promise<void>): Promise<void>;
}

/**
 * The setup most journey files share, called at the top level of the file: a `beforeAll` that starts the
 * browser and the server (`launchWithServer`), opens one page in `viewport` and signs `who` in on it, and an
 * `afterAll` that closes the page, the browser and the server. A file that makes data after signing in (say
 * through the API) adds its own `beforeAll` below this call, which runs after this one; a page of its own
 * (another viewport, a visitor) it opens with `browser()`, steps on with `runStep` and closes itself.
 */
export function signedInJourney(options: JourneyOptions): Journey {
  let browser: Browser | undefined;
  let server: RunningServer | undefined;
  let session: Session | undefined;

  beforeAll(async () => {
    ({ browser, server } = await launchWithServer(options.server));
    session = await newSession(browser, options.viewport);
    if (options.size) await session.page.setViewportSize(options.size);
    await signIn(session.page, server.baseUrl, options.who.email, options.who.password);
  });

  afterAll(async () => {
    await session?.close().catch(() => undefined);
    await Promise.allSettled([browser?.close(), server?.stop()]);
  });

  return {
    browser: () => need(browser, 'The browser'),
    server: () => need(server, 'The server'),
    session: () => need(session, 'The signed-in page'),
    step: (name, steps) => runStep(name, session, server, steps),
  };
}

export function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not available (see the beforeAll failure)`);
  return value;
}

/**
 * Runs one step on `session`. It fails on uncaught page errors too, on pictures the session's pages could
 * not load, and on serious or critical axe findings on any page the session has open; on failure a screenshot
 * `<name>-FAILED.png` is taken and the error message gains the page URL and title, the URLs visited, the
 * page's problems and the end of the server's output.
 */
export async function runStep(
  name: string,
  session: Session | undefined,
  server: RunningServer | undefined,
  steps: (page: Page, baseUrl: string) => Promise<void>,
): Promise<void> {
  const running = need(server, 'The server');
  const current = need(session, 'The page');
  try {
    await steps(current.page, running.baseUrl);
    const errors = current.problems.filter((p) => p.startsWith('pageerror'));
    expect(errors, 'uncaught errors in the page').toEqual([]);
    await checkPages(current);
  } catch (error) {
    const shot = await screenshot(current.page, `${name}-FAILED`).catch(() => 'none');
    const details = [
      `page: ${current.page.url()}`,
      `title: ${await current.page.title().catch(() => '?')}`,
      `visited:\n  ${current.visited.slice(-15).join('\n  ')}`,
      `page problems:\n  ${current.problems.join('\n  ') || '(none)'}`,
      `screenshot: ${shot}`,
      `server output (end):\n${running.output().slice(-4000)}`,
    ].join('\n');
    if (error instanceof Error) {
      error.message = `${error.message}\n--- ${name}\n${details}`;
      throw error;
    }
    throw new Error(`${String(error)}\n--- ${name}\n${details}`);
  }
}

/**
 * Fails when a picture the session's pages asked for failed to load (each is reported once), or when axe
 * finds a serious or critical problem on a page the session has open.
 */
export async function checkPages(session: Session): Promise<void> {
  expect(session.failedPictures.splice(0), 'pictures that failed to load').toEqual([]);
  await assertAccessible(session.context.pages());
}

export async function visible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Polls `read` until `accept` says yes; returns the last value, or throws with it after `timeout`. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}
