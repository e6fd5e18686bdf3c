/**
 * Quoting a kit (issue 17, the shop's journey 3), in real Chromium against the built app. The demo
 * organisation is enterprise. Set up through the API as the demo admin: a fleet customer with a buyer, an
 * assembly of GEN-2SN-08 with F-SN-08-FJX90 at both ends, a kit of two of them for the customer, and the
 * fleet's price list with the kit at 1,250.00, published today and assigned to the customer. Then the owner,
 * on a desktop:
 *
 *   1. quotes three kits for the customer: the line is priced from the price list, and the screen says so;
 *   2. downloads the estimate PDF;
 *   3. accepts it as one work order and follows the link to the work order made, which builds six units;
 *
 * and on a phone the estimates list is cards that fit the screen. Last, a sent estimate valid until today at
 * the western end of the world's clocks reads as sent to a reader there and as expired to one on Kiritimati,
 * a day ahead: each browser's calls name its time zone, and the server reads the expiry by that day (ADR 23).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { apiAs } from './support/api.ts';
import { ARTIFACTS_DIR, newSession, screenshot } from './support/browser.ts';
import { signIn } from './support/flows.ts';
import { need, runStep, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const DESKTOP = { width: 1440, height: 900 } as const;
const KIT = 'E2E-FLEET-KIT';
const LIST = 'Fleet 2027';

const journey = signedInJourney({
  server: () => startServer({ name: 'estimates server' }),
  who: DEMO,
  viewport: 'desktop',
  size: DESKTOP,
});

/** Made in setup and carried from step to step. */
const made: {
  customerId?: string;
  kitTitle?: string;
  estimateId?: string;
  number?: string;
  /** The server's day (UTC), from which the list is in force; the browser's (Toronto) may still be the day before. */
  listDay: string;
} = { listDay: new Date().toISOString().slice(0, 10) };

const { apiCall, partId } = apiAs(journey.session, journey.server);

beforeAll(async () => {
  const customer = await apiCall<{ _id: string }>('POST', 'customer/new/update', {
    name: 'Northern Fleet Services',
    contacts: [{ name: 'Robin Fleet', email: 'robin@northern-fleet.example' }],
    taxes: [{ name: 'GST', ratePct: 5 }],
  });
  made.customerId = customer._id;
  const [hose, fitting, ferrule] = await Promise.all(
    ['GEN-2SN-08', 'F-SN-08-FJX90', 'FER-SN-08'].map((p) => partId(p)),
  );
  const assembly = await apiCall<{ _id: string; title: string }>('POST', 'hoseassembly/new/update', {
    hoseId: hose,
    endA: { fittingId: fitting, ferruleId: ferrule },
    endB: { fittingId: fitting, ferruleId: ferrule },
    overallLengthMm: 1000,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    quantity: 1,
    description: 'E2E loader hose',
    customerId: customer._id,
  });
  const kit = await apiCall<{ _id: string; title: string }>('POST', 'hosekit/new/update', {
    partNumber: KIT,
    description: 'Loader service kit',
    customerId: customer._id,
    machine: 'Wheel loader',
    lines: [{ lineType: 'hoseAssembly', hoseAssemblyId: assembly._id, quantity: 2 }],
  });
  made.kitTitle = kit.title;
  const list = await apiCall<{ _id: string }>('POST', 'pricelists/create', {
    name: LIST,
    description: 'Fleet customers',
    customerIds: [customer._id],
  });
  await apiCall('POST', `pricelist/${list._id}/draft/items`, {
    itemType: 'kit',
    itemId: kit._id,
    unitPrice: 125_000,
    breaks: [],
  });
  await apiCall('POST', `pricelist/${list._id}/draft/publish`, { effectiveFrom: made.listDay });
});

test('the owner quotes three kits for the fleet customer, priced from their price list', async () => {
  await journey.step('estimates-quote', async (page, baseUrl) => {
    const kitTitle = need(made.kitTitle, 'The kit from setup');
    await page.goto(`${baseUrl}/customer/${need(made.customerId, 'The customer')}/salesestimates/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'New sales estimate' }), 20_000);
    await page.getByRole('textbox', { name: 'Description' }).fill('Loader service kits');
    // The estimate's date picks the list's version: dated the day the list takes effect.
    await page.getByLabel('Date', { exact: true }).fill(made.listDay);

    await page.getByRole('combobox', { name: 'Add a line of' }).click();
    await page.getByRole('option', { name: 'Kit', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Add a kit' });
    await box.click();
    await box.fill(KIT);
    const option = page.getByRole('option', { name: new RegExp(`^${kitTitle}`) }).first();
    await visible(option);
    await option.click();
    await page.getByRole('textbox', { name: `Quantity of ${kitTitle}` }).fill('3');

    // Priced by the price list at 1,250.00 a kit: 3,750.00, and the screen says where the price came from.
    const line = page.getByRole('listitem', { name: new RegExp(`^Line 1: ${kitTitle}`) });
    await visible(line.getByText(new RegExp(`Price list ${LIST}`)), 20_000);
    await visible(line.getByText(/3,750\.00/));
    await screenshot(page, 'estimates-new-desktop');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/salesestimate\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    made.estimateId = new URL(page.url()).pathname.split('/').pop();
    const saved = await apiCall<{ number: string; total: number; lines: { unitPrice: number }[] }>(
      'GET',
      `salesestimate/${made.estimateId}`,
    );
    made.number = saved.number;
    expect(saved.lines.map((l) => l.unitPrice)).toEqual([125_000]);
    // 3,750.00 plus the customer's GST of 5%.
    expect(saved.total).toBe(393_750);
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(saved.number) }));
    await visible(page.getByText(/3,937\.50/).first());
    await screenshot(page, 'estimates-detail-desktop');
  });
});

test('the owner downloads the estimate PDF', async () => {
  await journey.step('estimates-pdf', async (page) => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${need(made.number, 'The estimate number')}.pdf`);
    const data = await readFile(await download.path());
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await download.saveAs(path.join(ARTIFACTS_DIR, 'estimates-estimate.pdf'));
  });
});

test('the customer says yes: accepted as one work order, found from the estimate', async () => {
  await journey.step('estimates-accept', async (page, baseUrl) => {
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    await dialog.getByRole('radio', { name: 'One work order for the whole estimate' }).check();
    await dialog.getByRole('button', { name: 'Accept and make work orders' }).click();
    const orders = page.getByRole('list', { name: /^Work orders made from/ });
    await visible(orders, 20_000);
    const link = orders.getByRole('link').first();
    await visible(link);
    await screenshot(page, 'estimates-accepted-desktop');
    await link.click();
    await page.waitForURL(/\/workorder\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const workOrderId = new URL(page.url()).pathname.split('/').pop();
    const workOrder = await apiCall<{ status: string; unitCount: number; source: string }>(
      'GET',
      `workorder/${workOrderId}`,
    );
    // Three kits of two assemblies: six units to build, a draft (nothing reserved before release).
    expect(workOrder).toMatchObject({ status: 'draft', unitCount: 6, source: 'estimate' });
    // Its description names the estimate it came from.
    await visible(page.getByText(`From estimate ${need(made.number, 'The estimate number')}`).first());
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });
});

test('on a phone the estimates are cards that fit the screen', async () => {
  const phone = await newSession(journey.browser(), 'phone');
  try {
    const baseUrl = journey.server().baseUrl;
    await signIn(phone.page, baseUrl, DEMO.email, DEMO.password);
    await runStep('estimates-phone', phone, journey.server(), async (page) => {
      await page.goto(`${baseUrl}/salesestimates`);
      await visible(page.getByText(need(made.number, 'The estimate number')).first(), 20_000);
      expect(await page.getByRole('table').count()).toBe(0);
      const overflow = (await page.evaluate(
        'document.documentElement.scrollWidth - window.innerWidth',
      )) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'estimates-list-phone');
    });
  } finally {
    await phone.close();
  }
});

test("a sent estimate expires at the reader's midnight, read in each browser's own time zone", async () => {
  // The two ends of the world's clocks, 26 hours apart: their days always differ.
  const [west, east] = ['Etc/GMT+12', 'Pacific/Kiritimati'];
  const westDay = new Intl.DateTimeFormat('en-CA', {
    timeZone: west,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const estimate = await apiCall<{ _id: string; number: string }>('POST', 'salesestimates/create', {
    customerId: need(made.customerId, 'The customer'),
    description: 'Valid one day',
    estimateDate: westDay,
    validUntil: westDay,
    lines: [{ type: 'labour', description: 'Crimping', quantity: 1 }],
  });
  await apiCall('POST', `salesestimate/${estimate._id}/send`, { to: 'robin@northern-fleet.example' });

  const baseUrl = journey.server().baseUrl;
  for (const [timeZone, status, not] of [
    [west, 'Sent', 'Expired'],
    [east, 'Expired', 'Sent'],
  ] as const) {
    const reader = await newSession(journey.browser(), 'desktop', timeZone);
    try {
      await signIn(reader.page, baseUrl, DEMO.email, DEMO.password);
      await runStep(`estimates-expiry-${status.toLowerCase()}`, reader, journey.server(), async (page) => {
        await page.goto(`${baseUrl}/salesestimate/${estimate._id}`);
        await visible(page.getByRole('heading', { level: 1, name: new RegExp(estimate.number) }), 20_000);
        // The estimate's status chip, and not the other.
        const chip = (text: string) => page.locator('.MuiChip-label').getByText(text, { exact: true });
        await visible(chip(status).first());
        expect(await chip(not).count()).toBe(0);
      });
    } finally {
      await reader.close();
    }
  }
});
