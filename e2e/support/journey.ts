/**
 * What every journey file needs around its steps: a value from `beforeAll` that must be there, a step that
 * checks what every page must be (no uncaught error, no picture that failed to load, no serious or critical
 * accessibility problem) and explains its own failure (screenshot, the page, where it has been, its errors,
 * the server's last words), and waiting for an element or a value.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { assertAccessible } from './a11y.ts';
import { chromePath, launchBrowser, type Session, screenshot } from './browser.ts';
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
