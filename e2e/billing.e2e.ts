/**
 * A trial shop upgrades by card, in real Chromium against the built app with no payment keys set: the app's
 * own test-mode provider takes the card, and its signed events reach the same webhook handler Stripe's would.
 * A trial admin (seeded):
 *
 *   1. opens /upgradesubscription, which says payments are in test mode, and chooses Professional;
 *   2. on the provider's checkout page, a declined test card (4000 0000 0000 0002) shows the provider's message
 *      and changes nothing; the good test card (4242 4242 4242 4242) pays;
 *   3. lands on /payment/success, which names the new plan; Work Orders opens with no padlock;
 *   4. finds the invoice in Billing History (/organization/billing) and downloads its PDF.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download } from 'playwright-core';
import { expect, test } from 'vitest';
import { ARTIFACTS_DIR, screenshot } from './support/browser.ts';
import { waitForPath } from './support/flows.ts';
import { signedInJourney, visible } from './support/journey.ts';
import { startSeededServer } from './support/server.ts';

const ADMIN = { name: 'Tess Trial', email: 'tess@trial-hose.example', password: 'correct horse 42' };

const journey = signedInJourney({
  server: () =>
    startSeededServer(
      { organizations: [{ key: 'shop', organizationName: 'Trial Hose Co', admin: ADMIN }] },
      { name: 'billing server' },
    ),
  who: ADMIN,
  viewport: 'desktop',
});

test('a trial admin upgrades to Professional with the test card, and finds the invoice', {
  timeout: 180_000,
}, async () => {
  await journey.step('billing-1-choose', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/upgradesubscription`);
    await visible(
      page.getByText('Test mode: payments go to the built-in test provider and no card is charged.'),
    );
    await page.getByRole('button', { name: 'Choose Professional' }).click();
    await visible(page.getByRole('heading', { name: /Subscribe to .*Professional/ }), 30_000);
  });

  await journey.step('billing-2-declined-then-paid', async (page) => {
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await visible(page.getByText('Your card was declined.'));
    await screenshot(page, 'billing-declined');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay / }).click();
    await waitForPath(page, '/payment/success', 30_000);
    await visible(
      page.getByText('Thank you. Your organization is now on Professional: everything it includes is open.'),
      30_000,
    );
    await screenshot(page, 'billing-success');
  });

  await journey.step('billing-3-work-orders-open', async (page) => {
    await page.getByRole('link', { name: 'Go to work orders' }).click();
    await waitForPath(page, '/workorders');
    await visible(page.getByRole('heading', { name: 'Work orders', level: 1 }));
  });

  await journey.step('billing-4-invoice', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/organization/billing`);
    const invoices = page.getByRole('table', { name: 'Invoices of your organization' });
    await visible(invoices, 30_000);
    await visible(page.getByText('Visa ending in 4242'));
    const row = invoices.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('Professional');
    const downloaded: Promise<Download> = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Download invoice / }).click();
    const download = await downloaded;
    const file = path.join(ARTIFACTS_DIR, download.suggestedFilename());
    await download.saveAs(file);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
