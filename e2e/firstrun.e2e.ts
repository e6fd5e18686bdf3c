/**
 * A new shop's first hose, in real Chromium against the built app: the owner of a trial shop whose library
 * is empty signs in and lands on the dashboard, which says the builder has nothing to offer yet and why.
 * The builder says the same. One click loads the sample catalogue; the offer gives way to what the library
 * holds, and the builder at once offers the sample hoses: the owner builds the worked example (GEN-2SN-08,
 * two 90° JIC ends, 1000 mm overall, 890 mm cut) and saves it. Then on a phone, the component list holds
 * the sample parts and no longer offers to load them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newSession, type Session, screenshot } from './support/browser.ts';
import { choose, signIn } from './support/flows.ts';
import { launchWithServer, need, runStep, visible } from './support/journey.ts';
import { type RunningServer, startSeededServer } from './support/server.ts';

const OWNER = { name: 'Maya Maple', email: 'maya@maple-hose.test', password: 'Maple-hoses-2026' };
const SHOP = 'Maple Hose Works';
const EMPTY = 'Your library is empty, so the builder has no hose to offer yet.';

let browser: Browser | undefined;
let server: RunningServer | undefined;
let desk: Session | undefined;

beforeAll(async () => {
  // A shop as sign-up leaves it (trial, nothing in its library); the server then makes no demo shop.
  ({ browser, server } = await launchWithServer(() =>
    startSeededServer(
      { organizations: [{ key: 'owner', organizationName: SHOP, admin: OWNER }] },
      { name: 'first-run server' },
    ),
  ));
  desk = await newSession(need(browser, 'The browser'), 'desktop');
});

afterAll(async () => {
  await desk?.close().catch(() => undefined);
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

test('signed in, an empty shop is told why the builder offers nothing, on the dashboard and in the builder', async () => {
  await runStep('firstrun-empty', desk, server, async (page, baseUrl) => {
    const landed = await signIn(page, baseUrl, OWNER.email, OWNER.password);
    expect(landed.pathname).toBe('/dashboard');
    const offer = page.getByRole('region', { name: 'Your catalogue' });
    await visible(offer.getByText(EMPTY), 20_000);
    await visible(offer.getByRole('button', { name: 'Load the sample catalogue' }));
    expect(await offer.getByRole('link', { name: 'Import your catalogue' }).getAttribute('href')).toBe(
      '/components/import',
    );
    await screenshot(page, 'firstrun-dashboard-empty');

    await page.goto(`${baseUrl}/hoseassemblies/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'Build a hose' }));
    await visible(page.getByRole('region', { name: 'Your catalogue' }).getByText(EMPTY), 20_000);
  });
});

test('one click loads the sample catalogue, and the builder offers its hoses at once: the first hose saved', async () => {
  await runStep('firstrun-load-and-build', desk, server, async (page) => {
    const offer = page.getByRole('region', { name: 'Your catalogue' });
    await offer.getByRole('button', { name: 'Load the sample catalogue' }).click();
    await visible(
      page.getByText(/^Sample catalogue loaded: \d+ items\. The builder can use it now\.$/),
      30_000,
    );
    // The offer gives way at once: the builder page no longer says the library is empty.
    await expect.poll(() => page.getByText(EMPTY).count(), { timeout: 15_000 }).toBe(0);

    await choose(page, 'Hose', 'GEN-2SN-08', /^GEN-2SN-08/);
    await choose(page, 'End A fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await choose(page, 'End B fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await page.getByRole('textbox', { name: 'Overall length' }).fill('1000');
    await page.getByRole('textbox', { name: 'Orientation angle' }).fill('90');
    await expect
      .poll(() => page.getByTestId('summary-cut-length').textContent(), { timeout: 15_000 })
      .toBe('890 mm');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'firstrun-first-hose');
    await save.click();
    await page.waitForURL(/\/hoseassembly\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await visible(page.getByRole('region', { name: 'Figures' }).getByText('890 mm'), 20_000);
  });
});

test('on a phone, the component list holds the sample parts and offers nothing more', async () => {
  const phone = await newSession(need(browser, 'The browser'), 'phone');
  try {
    await runStep('firstrun-phone-library', phone, server, async (page, baseUrl) => {
      await signIn(page, baseUrl, OWNER.email, OWNER.password);
      await page.goto(`${baseUrl}/components/hose`);
      await visible(page.getByText('GEN-2SN-08').first(), 20_000);
      expect(await page.getByRole('button', { name: 'Load the sample catalogue' }).count()).toBe(0);
      expect(await page.getByText(EMPTY).count()).toBe(0);
      await screenshot(page, 'firstrun-phone-components');
    });
  } finally {
    await phone.close();
  }
});
