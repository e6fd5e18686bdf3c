/**
 * Warehouses and inventory on a phone (390x844), in real Chromium against the built app. The demo
 * organisation (enterprise) starts with a main shop and a service van holding opening stock. Its admin:
 *
 *   1. sees both warehouses, adds a back yard with one bin, and lands on its page;
 *   2. receives 25 m of GEN-2SN-08 hose (costed per foot) into the yard's bin at 4.20 per ft, and sees it on
 *      hand in metres;
 *   3. tries to scrap 30 m of it and is told only 25.00 m are there (nothing changes), then scraps 2 m
 *      with a reason and sees 23.00 m;
 *   4. opens the line's history (received, scrapped) and finds the yard's stock value on its page.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { waitForPath } from './support/flows.ts';
import { need, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const journey = signedInJourney({
  server: () => startServer({ name: 'inventory server' }),
  who: DEMO,
  viewport: 'phone',
});

/** Carried from step to step. */
const yard: { url?: string } = {};

/** Opens a select (MUI) by its label inside `scope` and picks the option whose name matches. */
async function pick(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: RegExp) {
  // A select's name is its label followed by what it shows.
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  const choice = page.getByRole('option', { name: option }).first();
  await visible(choice);
  await choice.click();
}

/** The receipt dialog, opened from the page's own button, with the yard's hose chosen. */
async function openReceipt(page: Page) {
  await page.getByRole('button', { name: 'Receive' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Record a stock movement' });
  await visible(dialog);
  const item = dialog.getByRole('combobox', { name: 'Item', exact: true });
  await item.fill('GEN-2SN-08');
  const option = page.getByRole('option', { name: /GEN-2SN-08/ }).first();
  await visible(option);
  await option.click();
  await pick(page, dialog, 'Warehouse', /^YARD/);
  await pick(page, dialog, 'Location', /^Y1/);
  return dialog;
}

/** The yard's line of GEN-2SN-08 in the stock list (a row, or a card on a phone). */
function yardLine(page: Page) {
  return page.getByRole('row').filter({ hasText: 'GEN-2SN-08' }).filter({ hasText: 'YARD' });
}

test('warehouses and stock on a phone: a new yard, a receipt, a refused scrap, a scrap, the history', async () => {
  await journey.step('inv1-warehouses', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/warehouses`);
    await visible(page.getByText('Main shop').first());
    await visible(page.getByText('Service van 1').first());
    await screenshot(page, 'inv1-phone-warehouses');
    await page.getByRole('link', { name: 'New warehouse' }).first().click();
    await waitForPath(page, '/warehouses/new');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill('YARD');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Back yard');
    await page.getByRole('button', { name: 'Add a location' }).click();
    await page
      .getByRole('group', { name: 'Location 1' })
      .getByRole('textbox', { name: 'Location code' })
      .fill('Y1');
    await page.getByRole('button', { name: 'Save warehouse' }).click();
    await visible(page.getByRole('heading', { name: /YARD · Back yard/, level: 1 }));
    expect(new URL(page.url()).pathname).toMatch(/^\/warehouse\/[0-9a-f-]{36}$/);
    yard.url = new URL(page.url()).pathname;
    // No sideways scrolling on a phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
  });

  await journey.step('inv2-receive', async (page, baseUrl) => {
    // The hose's lines only: the demo shop stocks more than a phone's first page of lines.
    await page.goto(`${baseUrl}/inventory?q=GEN-2SN-08`);
    await visible(page.getByRole('heading', { name: 'Inventory', level: 1 }));
    const dialog = await openReceipt(page);
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('25');
    await dialog.getByRole('textbox', { name: 'Unit cost' }).fill('4.20');
    await dialog.getByRole('textbox', { name: 'Reference' }).fill('PO-2211');
    await dialog.getByRole('button', { name: 'Receive' }).click();
    await visible(page.getByText('GEN-2SN-08 received'));
    await visible(yardLine(page).filter({ hasText: '25.00 m' }));
    await screenshot(page, 'inv2-phone-stock');
  });

  await journey.step('inv3-scrap', async (page) => {
    // From the line's own menu: the item, warehouse and location come filled in.
    await yardLine(page).getByRole('button', { name: 'Actions for GEN-2SN-08' }).click();
    await page.getByRole('menuitem', { name: 'Scrap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a stock movement' });
    await visible(dialog);
    expect(await dialog.getByRole('combobox', { name: 'Item', exact: true }).inputValue()).toContain(
      'GEN-2SN-08',
    );
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('30');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Kinked near the end');
    await dialog.getByRole('button', { name: 'Scrap' }).click();
    await visible(dialog.getByText(/Only 25\.00 m of GEN-2SN-08/));
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('button', { name: 'Scrap' }).click();
    await visible(page.getByText('GEN-2SN-08 scrapped'));
    await visible(yardLine(page).filter({ hasText: '23.00 m' }));
  });

  await journey.step('inv4-history', async (page, baseUrl) => {
    await yardLine(page).first().click();
    const drawer = page.getByRole('dialog', { name: /GEN-2SN-08 in YARD/ });
    await visible(drawer);
    await visible(drawer.getByText('Received').first());
    await visible(drawer.getByText('Scrapped').first());
    await screenshot(page, 'inv4-phone-history');
    await page.goto(`${baseUrl}${need(yard.url, 'The yard')}`);
    // 23 m (75.46 ft) at 4.20 per ft.
    await visible(page.getByText(/316\.93/).first());
  });
});
