/**
 * The system Chromium driven by playwright-core: one browser per test file, a new context per test.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchPictures } from './a11y.ts';
import { REPO_ROOT } from './server.ts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e/.artifacts');

export function chromePath(): string {
  const executable = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executable)) {
    throw new Error(
      `No Chromium executable at ${executable}. Install the Debian package 'chromium' ` +
        '(apt-get update && apt-get install -y chromium), or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
  return executable;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught page errors, console errors and refused API calls (with the server's message) seen so far, for
   * assertions and failure messages.
   */
  problems: string[];
  /** Every main-frame URL the page has been on, in order. */
  visited: string[];
  /** Picture requests of the session's pages that failed ('404 <url>'), not yet reported by a step. */
  failedPictures: string[];
  close(): Promise<void>;
}

/**
 * A fresh context (no cookies, no storage) and page with the given viewport, in Toronto's time zone unless
 * another is named.
 */
export async function newSession(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  timezoneId = 'America/Toronto',
): Promise<Session> {
  const phone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-CA',
    timezoneId,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const problems: string[] = [];
  const visited: string[] = [];
  const failedPictures: string[] = [];
  watchPictures(context, failedPictures);
  page.on('pageerror', (error) =>
    problems.push(`pageerror: ${error.message}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() < 400 || !pathname.startsWith('/api/')) return;
    const call = `${response.request().method()} ${pathname}`;
    response.json().then(
      (body: { code?: unknown; message?: unknown }) =>
        problems.push(`api: ${call} answered ${response.status()} ${body.code}: ${body.message}`),
      () => problems.push(`api: ${call} answered ${response.status()}`),
    );
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  return { context, page, problems, visited, failedPictures, close: () => context.close() };
}

/** A full-page screenshot in e2e/.artifacts/<name>.png (gitignored); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The path of a URL, for readable assertions. */
export function pathOf(url: string): string {
  return new URL(url).pathname;
}
