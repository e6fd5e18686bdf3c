/**
 * The hose kit journey on a desktop (1440x900), in real Chromium against the built app: the demo admin's
 * customer (with a 30% margin and a 10% discount) and two hose assemblies are made through the API in
 * setup; the admin then builds a kit of both assemblies for that customer in the kit editor, sees the BOM
 * priced with the customer's terms, and downloads the kit PDF.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { apiAs } from './support/api.ts';
import { ARTIFACTS_DIR, newSession, screenshot } from './support/browser.ts';
import { signIn } from './support/flows.ts';
import { need, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const DESKTOP = { width: 1440, height: 900 } as const;
const KIT = 'E2E-KIT-1';

const journey = signedInJourney({
  server: () => startServer({ name: 'kits server' }),
  who: DEMO,
  viewport: 'desktop',
  size: DESKTOP,
});

/** Made in setup, carried from step to step. */
const made: { customerId?: string; assemblies?: { _id: string; title: string }[]; kitId?: string } = {};

const { apiCall, partId } = apiAs(journey.session, journey.server);

beforeAll(async () => {
  const customer = await apiCall<{ _id: string }>('POST', 'customer/new/update', {
    name: 'Prairie Excavating',
    marginPct: 30,
    discountPct: 10,
  });
  made.customerId = customer._id;
  const [hose, fitting, ferrule] = await Promise.all(
    ['GEN-2SN-08', 'F-SN-08-FJX90', 'FER-SN-08'].map((p) => partId(p)),
  );
  made.assemblies = [];
  for (const [overallLengthMm, description] of [
    [1000, 'E2E boom hose'],
    [1500, 'E2E stick hose'],
  ] as const) {
    made.assemblies.push(
      await apiCall<{ _id: string; title: string }>('POST', 'hoseassembly/new/update', {
        hoseId: hose,
        endA: { fittingId: fitting, ferruleId: ferrule },
        endB: { fittingId: fitting, ferruleId: ferrule },
        overallLengthMm,
        lengthMeasuredTo: 'centreline',
        orientationDeg: 90,
        orientationConvention: 'clockwise',
        quantity: 1,
        description,
      }),
    );
  }
});

async function addAssembly(page: Page, title: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Add a hose assembly' });
  await box.click();
  await box.fill(title);
  const option = page.getByRole('option', { name: new RegExp(`^${title}`) }).first();
  await visible(option);
  await option.click();
}

const money = (n: number) =>
  new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
/** An amount in its currency as the app writes it (en-CA: 'US$130.85', '$42' when whole). */
const inCurrency = (n: number, currency: string) =>
  new Intl.NumberFormat('en-CA', {
    style: 'currency',
    currency,
    minimumFractionDigits: Math.round(n * 100) % 100 === 0 ? 0 : 2,
  }).format(n);

test('the admin builds a kit of two assemblies for the customer and sees the priced BOM', async () => {
  await journey.step('kits-build', async (page, baseUrl) => {
    const [first, second] = need(made.assemblies, 'The assemblies from setup') as [
      { _id: string; title: string },
      { _id: string; title: string },
    ];
    await page.goto(`${baseUrl}/customer/${need(made.customerId, 'The customer')}/hosekits/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'New hose kit' }), 20_000);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue())
      .toBe('Prairie Excavating');
    await page.getByRole('textbox', { name: 'Part number' }).fill(KIT);
    await page.getByRole('textbox', { name: 'Description' }).fill('Excavator boom and stick');
    await page.getByRole('textbox', { name: 'Machine or equipment' }).fill('CAT 320 excavator');
    await page.getByRole('tab', { name: /^Lines/ }).click();

    await addAssembly(page, first.title);
    await addAssembly(page, second.title);
    await page.getByRole('textbox', { name: 'Quantity, line 1' }).fill('2');
    const totals = page.getByRole('group', { name: 'Kit totals' });
    await visible(totals.getByText(/^Kit price: /));
    await expect.poll(() => page.getByTestId('line-price-1').textContent()).toMatch(/extended/);
    await screenshot(page, 'kits-editor-desktop');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/hosekit\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    made.kitId = new URL(page.url()).pathname.split('/').pop();
    await visible(page.getByRole('heading', { level: 1, name: `${KIT}_A` }));

    // The BOM tab: both assemblies, priced with the customer's 30% margin less 10%, as the server priced them.
    await page.getByRole('tab', { name: 'BOM' }).click();
    await page.waitForURL(/\/bom$/);
    const bom = page.getByRole('table', { name: 'Bill of materials' });
    await visible(bom);
    await visible(bom.getByRole('link', { name: first.title }));
    await visible(bom.getByRole('link', { name: second.title }));
    const kit = await apiCall<{
      currency: string;
      totals: { price: number };
      lines: { unitCost: number; unitPrice: number; quantity: number; extendedPrice: number }[];
    }>('GET', `hosekit/${made.kitId}`);
    expect(kit.lines.map((l) => l.quantity)).toEqual([2, 1]);
    for (const line of kit.lines) {
      expect(line.unitPrice).toBeCloseTo(Math.round((line.unitCost / 0.7) * 0.9 * 100) / 100, 2);
    }
    await visible(bom.getByText(money(kit.lines[0]!.extendedPrice)).first());
    await visible(
      page
        .getByRole('group', { name: 'Kit totals' })
        .getByText(`Kit price: ${inCurrency(kit.totals.price, kit.currency)}`),
    );
    await screenshot(page, 'kits-bom-desktop');
  });
});

test('the admin downloads the kit PDF', async () => {
  await journey.step('kits-pdf', async (page) => {
    await page.getByRole('button', { name: 'Tools' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'Kit PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kit-${KIT}_A.pdf`);
    const data = await readFile(await download.path());
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(data.length).toBeGreaterThan(5_000);
    await download.saveAs(path.join(ARTIFACTS_DIR, 'kits-kit.pdf'));
  });
});

test('on a phone the kit’s BOM and its lines editor fit the screen', async () => {
  const phone = await newSession(journey.browser(), 'phone');
  try {
    const baseUrl = journey.server().baseUrl;
    await signIn(phone.page, baseUrl, DEMO.email, DEMO.password);
    const page = phone.page;
    const kitId = need(made.kitId, 'The kit from the first step');
    const overflow = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

    await page.goto(`${baseUrl}/hosekit/${kitId}/bom`);
    const bom = page.getByRole('list', { name: 'Bill of materials' });
    await visible(bom, 20_000);
    await visible(bom.getByText(/^2 × /));
    expect(await overflow()).toBeLessThanOrEqual(1);
    await screenshot(page, 'kits-bom-phone');

    await page.goto(`${baseUrl}/hosekit/${kitId}/edit/lines`);
    await visible(page.getByRole('textbox', { name: 'Quantity, line 2' }), 20_000);
    expect(await overflow()).toBeLessThanOrEqual(1);
    await screenshot(page, 'kits-editor-phone');
    expect(phone.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  } catch (error) {
    await screenshot(phone.page, 'kits-phone-FAILED').catch(() => undefined);
    throw error;
  } finally {
    await phone.close();
  }
});
