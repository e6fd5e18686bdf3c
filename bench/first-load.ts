/**
 * First load, as a new visitor's browser meets the built app: the JavaScript transferred (compressed, as it
 * crossed the wire: CDP `Network.loadingFinished` encodedDataLength) and the first contentful paint, for the
 * signed-out `/` and `/features` and the signed-in `/dashboard`, in the system Chromium against the server
 * started as a user starts it (e2e/support/server.ts). Every page opens in a fresh context: no HTTP cache and
 * no service worker, under Lighthouse's mobile conditions (slow 4G, CPU 4x slower), so the paint figure
 * compares with what a phone sees. It builds the app first (`npm run build`).
 *
 * Run alone: `npx tsx bench/first-load.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { signIn } from '../e2e/support/flows.ts';
import { DEMO, REPO_ROOT, type RunningServer, startServer } from '../e2e/support/server.ts';
import type { ScenarioResult } from './inventory.ts';

interface PageLoad {
  scriptBytes: number;
  /** The part of `scriptBytes` that had arrived by the first contentful paint. */
  scriptBytesBeforePaint: number;
  scripts: number;
  fcpMs: number;
}

/** Lighthouse's mobile defaults: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const HOME_BUDGET_KB = 120;
const DASHBOARD_BUDGET_KB = 300;
const FCP_BUDGET_MS = 1800;

/** Loads `url` in `context` and measures it; `ready` waits for what the page must show. */
async function measure(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<PageLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scriptRequests = new Set<string>();
  /** Each script's bytes and when it finished, in CDP's clock (seconds). */
  const arrived: { bytes: number; at: number }[] = [];
  let navigationStart: number | undefined;
  let lastScriptAt = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document' && navigationStart === undefined) navigationStart = event.timestamp;
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptRequests.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!scriptRequests.has(event.requestId)) return;
    arrived.push({ bytes: event.encodedDataLength, at: event.timestamp });
    lastScriptAt = Date.now();
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await ready(page);
  // Scripts the page asks for after load (lazy routes, idle work) count too: wait until none came for 2 s.
  const deadline = Date.now() + 30_000;
  while (Date.now() - lastScriptAt < 2_000 && Date.now() < deadline) await page.waitForTimeout(250);
  const fcpMs = (await page.evaluate(
    "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1",
  )) as number;
  await page.close();
  const paintAt = (navigationStart ?? 0) + fcpMs / 1000;
  const sum = (list: { bytes: number }[]) => list.reduce((total, s) => total + s.bytes, 0);
  return {
    scriptBytes: sum(arrived),
    scriptBytesBeforePaint: fcpMs < 0 ? 0 : sum(arrived.filter((s) => s.at <= paintAt)),
    scripts: scriptRequests.size,
    fcpMs,
  };
}

function figures(label: string, load: PageLoad, budgetKb: number): ScenarioResult[] {
  const kb = load.scriptBytes / 1024;
  console.log(
    `(first load of ${label}: ${load.scripts} scripts, ${kb.toFixed(1)} KB of JavaScript, ${(load.scriptBytesBeforePaint / 1024).toFixed(1)} KB of it before the first contentful paint at ${Math.round(load.fcpMs)} ms)`,
  );
  return [
    {
      name: `first load of ${label}: JavaScript transferred`,
      value: kb,
      unit: 'KB',
      budget: `<= ${budgetKb} KB`,
      ok: kb <= budgetKb,
    },
    {
      name: `first load of ${label}: first contentful paint (slow 4G, CPU /${CPU_SLOWDOWN})`,
      value: load.fcpMs,
      unit: 'ms',
      budget: `<= ${FCP_BUDGET_MS} ms`,
      ok: load.fcpMs >= 0 && load.fcpMs <= FCP_BUDGET_MS,
    },
  ];
}

/** A fresh context: nothing cached, no service worker (its precache would hide the page's own loads). */
function freshContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  return browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
    locale: 'en-CA',
    serviceWorkers: 'block',
    ...(storageState ? { storageState } : {}),
  });
}

export async function firstLoadScenario(): Promise<ScenarioResult[]> {
  // The figures are for the code as it is: build it first.
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const dist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (build.status !== 0 || !existsSync(path.join(dist, 'index.html'))) {
    console.log('(first-load benchmark skipped: `npm run build` failed)');
    return [{ name: 'first load (needs `npm run build`)', value: 0, unit: 'KB', budget: 'ran', ok: false }];
  }
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    [server, browser] = await Promise.all([startServer({ name: 'first-load server' }), launchBrowser()]);
    const { baseUrl } = server;
    const results: ScenarioResult[] = [];

    const visitor = await freshContext(browser);
    const heading = (page: Page) =>
      page.locator('h1:visible').first().waitFor({ state: 'visible', timeout: 60_000 });
    results.push(
      ...figures(
        'the signed-out home page /',
        await measure(visitor, `${baseUrl}/`, heading),
        HOME_BUDGET_KB,
      ),
    );
    await visitor.close();
    const features = await freshContext(browser);
    results.push(
      ...figures(
        'the signed-out /features',
        await measure(features, `${baseUrl}/features`, heading),
        HOME_BUDGET_KB,
      ),
    );
    await features.close();

    // Signed in as the demo admin in one context; the dashboard then opens in a fresh one holding only
    // that session (cookies and local storage), as a returning user's browser with an empty cache.
    const signing = await browser.newContext({ locale: 'en-CA', serviceWorkers: 'block' });
    await signIn(await signing.newPage(), baseUrl, DEMO.email, DEMO.password);
    const session = await signing.storageState();
    await signing.close();
    const member = await freshContext(browser, session);
    const dashboard = await measure(member, `${baseUrl}/dashboard`, (page) =>
      page
        .getByRole('heading', { name: 'Dashboard', level: 1 })
        .waitFor({ state: 'visible', timeout: 60_000 }),
    );
    results.push(...figures('the signed-in /dashboard', dashboard, DASHBOARD_BUDGET_KB));
    await member.close();
    return results;
  } finally {
    await Promise.allSettled([browser?.close(), server?.stop()]);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  for (const r of await firstLoadScenario()) {
    console.log(
      `${r.ok ? 'PASS' : 'OVER'}  ${r.name}: ${Math.round(r.value)} ${r.unit} (budget ${r.budget})`,
    );
  }
}
