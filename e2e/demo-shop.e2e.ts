/**
 * The demo shop a newcomer signs into (issue 19), in real Chromium against the built app started as a user
 * starts it: the server makes the demo organisation on its empty database (apps/server/src/modules/demo).
 * Signed in as the demo admin on a desktop, from the lists as a person would:
 *
 *   1. the open work orders (draft, released, in progress), and the one in progress with its units;
 *   2. the estimates, and the one sent to Prairie Ag Services with its lines and total;
 *   3. the stock: the main shop's hose reel on /inventory, and the remnants on the Hose pieces tab.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { EstimateSummary } from '../packages/domain/src/estimates/estimates.ts';
import type { WorkOrderSummary } from '../packages/domain/src/workorders/workorders.ts';
import { apiAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { need, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const journey = signedInJourney({
  server: () => startServer({ name: 'demo shop server' }),
  who: DEMO,
  viewport: 'desktop',
});
const { apiCall } = apiAs(journey.session, journey.server);
const step = journey.step;

/** The grid row (desktop list) naming `text`. */
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the demo admin opens a work order in progress from the list', async () => {
  await step('demo1-workorder', async (page, baseUrl) => {
    const { items } = await apiCall<{ items: WorkOrderSummary[] }>('GET', 'workorders?status=inProgress');
    const order = need(items[0], 'A work order in progress');
    await page.goto(`${baseUrl}/workorders`);
    await visible(page.getByRole('heading', { name: 'Work orders', level: 1 }));
    // The open orders, as the list shows them first.
    for (const status of ['Draft', 'Released', 'In progress']) {
      await visible(page.getByRole('row').filter({ hasText: status }).first());
    }
    await screenshot(page, 'demo1-workorders-desktop');

    await rowOf(page, order.number).getByText(order.number, { exact: true }).click();
    await page.waitForURL(/\/workorder\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await visible(page.getByRole('heading', { name: order.number, level: 1 }));
    await visible(page.getByText('Red Deer Excavating').first());
    const build = page.getByRole('region', { name: 'Build', exact: true });
    await visible(build.getByRole('list', { name: `Units of ${order.number}` }));
    await screenshot(page, 'demo1-workorder-desktop');
  });
});

test('the demo admin opens the estimate sent to Prairie Ag Services', async () => {
  await step('demo2-estimate', async (page, baseUrl) => {
    const { items } = await apiCall<{ items: EstimateSummary[] }>('GET', 'salesestimates?status=sent');
    const sent = need(
      items.find((e) => e.customer?.name === 'Prairie Ag Services'),
      'The estimate sent to Prairie Ag Services',
    );
    await page.goto(`${baseUrl}/salesestimates`);
    await visible(rowOf(page, sent.number).first(), 20_000);
    for (const status of ['Draft', 'Sent', 'Accepted', 'Declined']) {
      await visible(page.getByRole('row').filter({ hasText: status }).first());
    }
    await screenshot(page, 'demo2-estimates-desktop');

    await rowOf(page, sent.number).getByText(sent.number, { exact: true }).click();
    await page.waitForURL(/\/salesestimate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(sent.number) }));
    await visible(page.getByText('Prairie Ag Services').first());
    // Its lines: the loader kit, an assembly and the courier.
    await visible(page.getByText('KIT-LDR544').first());
    await visible(page.getByText('Courier to Swift Current').first());
    expect(sent.total).toBeGreaterThan(0);
    await screenshot(page, 'demo2-estimate-desktop');
  });
});

test('the demo admin finds the stock and its remnants', async () => {
  await step('demo3-stock', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/inventory`);
    await visible(page.getByRole('heading', { name: 'Inventory', level: 1 }));
    await visible(rowOf(page, 'F-SN-04-FJX').filter({ hasText: 'MAIN' }).first());
    // The hose reels are further down the list: searched for.
    await page.getByLabel('Search stock').fill('GEN-2SN-08');
    await visible(
      rowOf(page, 'GEN-2SN-08').filter({ hasText: 'MAIN' }).filter({ hasText: 'REEL-1' }).first(),
    );
    await visible(rowOf(page, 'GEN-2SN-08').filter({ hasText: 'VAN-1' }).first());
    await screenshot(page, 'demo3-stock-desktop');

    await page.getByRole('tab', { name: 'Hose pieces' }).click();
    await page.getByRole('button', { name: 'Remnants only' }).click();
    for (const partNumber of ['GEN-2SN-06', 'GEN-R15-10']) {
      await visible(rowOf(page, partNumber).filter({ hasText: 'Remnant' }).first());
    }
    await screenshot(page, 'demo3-remnants-desktop');
  });
});
