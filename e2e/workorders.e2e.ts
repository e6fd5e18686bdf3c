/**
 * Work orders at the bench on a phone (390x844), in real Chromium against the built app. The demo
 * organisation (enterprise, metric) has the GEN catalogue, whose crimp spec for GEN-2SN-08 with the SN
 * fitting series is 24.4 ± 0.2 mm on die D-24. Set up through the API as the demo admin: a receipt of hose,
 * an assembly of GEN-2SN-08 with F-SN-08-FJX90 at both ends, and a draft work order of two of them. Then the
 * foreman, on the phone:
 *
 *   1. releases the work order and downloads its pick list (a PDF);
 *   2. builds both units at the bench: cut, assemble, a crimp with End A out of tolerance that the server
 *      refuses with how far off it is, then a good one, clean, cap, the proof test passed at the default
 *      pressure, tag;
 *   3. completes the work order from the bench and finds the hose on hand down by what the order used on
 *      /inventory;
 *   4. downloads the test certificates (a PDF).
 *
 * A second journey reorders from the tag of a unit just built: /workorders/new?serialId=<serial> makes a
 * work order whose unit, once released, says which one it replaces.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { formatStockQuantity } from '../packages/domain/src/inventory/inventory.ts';
import { pressureInputText } from '../packages/domain/src/units/units.ts';
import {
  defaultTestPressurePsi,
  type WorkOrder,
  type WorkOrderUnit,
} from '../packages/domain/src/workorders/workorders.ts';
import { apiAs } from './support/api.ts';
import { ARTIFACTS_DIR, screenshot } from './support/browser.ts';
import { need, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const HOSE = 'GEN-2SN-08';
const FITTING = 'F-SN-08-FJX90';
const FERRULE = 'FER-SN-08';

const journey = signedInJourney({
  server: () => startServer({ name: 'work orders server' }),
  who: DEMO,
  viewport: 'phone',
});

/** Made in setup and carried from step to step. */
const made: {
  workOrderId?: string;
  number?: string;
  mainId?: string;
  hoseOnHandBefore?: number;
  builtSerial?: string;
} = {};

const { apiCall, partId } = apiAs(journey.session, journey.server);

interface Level {
  component: { partNumber: string };
  warehouse: { _id: string; code: string };
  location: { _id: string; code: string } | null;
  onHand: number;
}

/** The hose on hand in MAIN, all its locations together, in mm. */
async function hoseOnHand(): Promise<number> {
  const list = await apiCall<{ items: Level[] }>(
    'GET',
    `inventory?q=${HOSE}&warehouseId=${need(made.mainId, 'MAIN')}&itemsPerPage=100`,
  );
  return list.items.filter((l) => l.component.partNumber === HOSE).reduce((sum, l) => sum + l.onHand, 0);
}

const workOrder = () => apiCall<WorkOrder>('GET', `workorder/${need(made.workOrderId, 'The work order')}`);

beforeAll(async () => {
  const [hose, fitting, ferrule] = await Promise.all([HOSE, FITTING, FERRULE].map((p) => partId(p)));
  const warehouses = await apiCall<{
    items: { _id: string; code: string; locations: { _id: string; code: string }[] }[];
  }>('GET', 'warehouses?itemsPerPage=50');
  const main = warehouses.items.find((w) => w.code === 'MAIN');
  if (!main) throw new Error('The demo organisation has no MAIN warehouse');
  made.mainId = main._id;
  // A new reel's worth on the demo's hose rack.
  await apiCall('POST', 'inventory/movements/create', {
    type: 'receipt',
    componentId: hose,
    warehouseId: main._id,
    locationId: main.locations.find((l) => l.code === 'REEL-1')?._id ?? null,
    quantity: 10,
    unit: 'm',
    unitCost: 4.2,
    reference: 'PO-E2E-WO',
  });
  const assembly = await apiCall<{ _id: string }>('POST', 'hoseassembly/new/update', {
    hoseId: hose,
    endA: { fittingId: fitting, ferruleId: ferrule },
    endB: { fittingId: fitting, ferruleId: ferrule },
    overallLengthMm: 1000,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    quantity: 1,
    description: 'E2E loader boom hose',
  });
  const created = await apiCall<WorkOrder>('POST', 'workorders/create', {
    from: 'assemblies',
    lines: [{ hoseAssemblyId: assembly._id, quantity: 2 }],
    warehouseId: main._id,
    priority: 'high',
    description: 'E2E loader boom hoses',
  });
  made.workOrderId = created._id;
  made.number = created.number;
});

/** Clicks `button` and answers the document it downloads, after checking it is a PDF named `fileName`. */
async function downloadPdf(page: Page, button: Locator, fileName: string, keepAs: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const data = await readFile(await download.path());
  expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await download.saveAs(path.join(ARTIFACTS_DIR, keepAs));
  return download;
}

/**
 * Nothing wider than the phone. Against the viewport's own width: a mobile browser widens its layout
 * viewport to fit what overflows, so `innerWidth` would grow with the page.
 */
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(
    need(page.viewportSize() ?? undefined, 'The viewport').width,
  );

/** The bench alone, as the phone shows it (the page's own screenshot is the whole long page). */
async function benchShot(page: Page, name: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Build', exact: true })
    .screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

/** The bench's open step of a unit, once it is `step`. */
async function openStep(steps: Locator, step: string): Promise<Locator> {
  const open = steps.locator(`[aria-current="step"][data-step="${step}"]`);
  await visible(open);
  return open;
}

/**
 * Builds one unit at the bench, step by step as the panel opens them. With `refuseFirst`, End A is first
 * measured 0.15 mm over its tolerance: the server refuses, nothing is lost, and a good diameter follows.
 */
async function buildUnit(
  page: Page,
  unit: WorkOrderUnit,
  line: WorkOrder['lines'][number],
  refuseFirst: boolean,
) {
  const steps = page.getByRole('list', { name: `Steps of unit ${unit.index}` });
  await visible(steps);
  const target = need(unit.crimp.endA.targetMm ?? undefined, 'The crimp target of End A');
  const tolerance = need(unit.crimp.endA.toleranceMm ?? undefined, 'The crimp tolerance of End A');

  for (const name of unit.requiredSteps) {
    const open = await openStep(steps, name);
    switch (name) {
      case 'cut': {
        const length = open.getByRole('textbox', { name: 'Cut length' });
        expect(await length.inputValue()).toBe(String(line.hoseAssembly.cutLengthMm));
        await open.getByRole('button', { name: 'Record cut' }).click();
        break;
      }
      case 'crimp': {
        const endA = open.getByRole('textbox', { name: 'End A crimp diameter' });
        const endB = open.getByRole('textbox', { name: 'End B crimp diameter' });
        await visible(
          open.getByText(`Target ${target} ± ${tolerance} mm · die ${unit.crimp.endA.die}`).first(),
        );
        if (refuseFirst) {
          const tooLarge = (target + tolerance + 0.15).toFixed(2);
          await endA.fill(tooLarge);
          await endB.fill(target.toFixed(2));
          await visible(open.getByText('0.15 mm over tolerance: too large. Re-crimp or scrap.'));
          await benchShot(page, 'wo3-phone-crimp-hint');
          await open.getByRole('button', { name: 'Record crimp' }).click();
          const refusal = open.getByRole('alert');
          await visible(refusal);
          expect(await refusal.textContent()).toMatch(
            new RegExp(`^End A measures ${tooLarge.replace('.', '\\.')} mm: 0\\.15 mm over its crimp spec`),
          );
          await benchShot(page, 'wo3-phone-crimp-refused');
          // What was typed stays, and the crimp is still the step to do.
          expect(await endA.inputValue()).toBe(tooLarge);
          expect(await endB.inputValue()).toBe(target.toFixed(2));
        }
        await endA.fill((target + 0.05).toFixed(2));
        await endB.fill(target.toFixed(2));
        await open.getByRole('button', { name: 'Record crimp' }).click();
        break;
      }
      case 'test': {
        const pressure = open.getByRole('textbox', { name: 'Test pressure' });
        expect(await pressure.inputValue()).toBe(
          pressureInputText(defaultTestPressurePsi(line.hoseAssembly.workingPressurePsi), 'metric'),
        );
        expect(await open.getByRole('textbox', { name: 'Hold time' }).inputValue()).toBe('30');
        if (refuseFirst) await benchShot(page, 'wo3-phone-proof-test');
        await open.getByRole('button', { name: 'Pass' }).click();
        break;
      }
      default:
        await open.getByRole('button', { name: 'Done' }).click();
    }
  }
  await visible(page.getByText(`Unit ${unit.index} is ready: every step is done and its proof test passed.`));
}

test('a foreman releases, builds, tests and completes a work order on a phone', async () => {
  await journey.step('wo1-release', async (page, baseUrl) => {
    const number = need(made.number, 'The work order number');
    await page.goto(`${baseUrl}/workorder/${need(made.workOrderId, 'The work order')}`);
    await visible(page.getByRole('heading', { name: number, level: 1 }));
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Release ${number} to the shop floor?` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    await visible(page.getByRole('region', { name: 'Build', exact: true }));
    await visible(page.getByRole('region', { name: 'Pick list', exact: true }));
    await screenshot(page, 'wo1-phone-released');
    await noSidewaysScroll(page);
    made.hoseOnHandBefore = await hoseOnHand();

    await downloadPdf(
      page,
      page.getByRole('button', { name: 'Pick list', exact: true }),
      `picklist-${number}.pdf`,
      'workorders-picklist.pdf',
    );
  });

  await journey.step('wo2-bench', async (page) => {
    const released = await workOrder();
    expect(released.units).toHaveLength(2);
    const line = need(released.lines[0], 'The line');
    const build = page.getByRole('region', { name: 'Build', exact: true });
    const units = build.getByRole('list', { name: `Units of ${released.number}` });
    await visible(units);
    await benchShot(page, 'wo2-phone-bench-units');

    const [first, second] = released.units as [WorkOrderUnit, WorkOrderUnit];
    await units.getByRole('button', { name: new RegExp(`^Unit 1 · ${first.serialId}`) }).click();
    await buildUnit(page, first, line, true);
    await benchShot(page, 'wo2-phone-unit-ready');
    await noSidewaysScroll(page);
    // On to the next unit from where the first one ended.
    await build.getByRole('button', { name: 'Build unit 2' }).click();
    await visible(build.getByRole('heading', { name: `Unit 2 of 2 · ${second.serialId}` }));
    await buildUnit(page, second, line, false);
  });

  await journey.step('wo3-complete', async (page, baseUrl) => {
    const number = need(made.number, 'The work order number');
    const build = page.getByRole('region', { name: 'Build', exact: true });
    await visible(build.getByText('All 2 units are ready.', { exact: false }));
    await build.getByRole('button', { name: 'Complete work order' }).click();
    const dialog = page.getByRole('dialog', { name: `Complete ${number}?` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Complete work order' }).click();
    await visible(page.getByText(`${number} completed.`).first());

    // The hose the order used left the shelf: on hand is down by exactly what it needed.
    const completed = await workOrder();
    expect(completed.status).toBe('completed');
    const needed = completed.materials.find((m) => m.partNumber === HOSE)?.quantity ?? 0;
    expect(needed).toBeGreaterThan(0);
    const before = need(made.hoseOnHandBefore, 'The hose on hand before');
    const after = await hoseOnHand();
    expect(before - after).toBeCloseTo(needed, 3);
    made.builtSerial = need(completed.units[0], 'Unit 1').serialId;

    // Searched: the demo shop stocks more than a phone's first page of lines.
    await page.goto(`${baseUrl}/inventory?q=${HOSE}`);
    await visible(page.getByRole('heading', { name: 'Inventory', level: 1 }));
    const hoseLines = page.getByRole('row').filter({ hasText: HOSE }).filter({ hasText: 'MAIN' });
    await visible(hoseLines.first());
    const levels = await apiCall<{ items: Level[] }>(
      'GET',
      `inventory?q=${HOSE}&warehouseId=${need(made.mainId, 'MAIN')}&itemsPerPage=100`,
    );
    // Every MAIN line of the hose reads what the ledger now holds, in metres.
    for (const level of levels.items.filter((l) => l.component.partNumber === HOSE)) {
      await visible(
        hoseLines
          .filter({ hasText: level.location?.code ?? 'MAIN' })
          .filter({ hasText: formatStockQuantity(level.onHand, 'mm', 'metric') })
          .first(),
      );
    }
    await screenshot(page, 'wo3-phone-stock-after');
  });

  await journey.step('wo4-certificate', async (page, baseUrl) => {
    const number = need(made.number, 'The work order number');
    await page.goto(`${baseUrl}/workorder/${need(made.workOrderId, 'The work order')}`);
    await visible(page.getByRole('heading', { name: number, level: 1 }));
    await visible(page.getByText('Every unit is built. Open one to see its measurements.'));
    await downloadPdf(
      page,
      page.getByRole('button', { name: 'Test certificates', exact: true }),
      `certificates-${number}.pdf`,
      'workorders-certificates.pdf',
    );
    // Each unit keeps what the bench measured, read-only.
    await page
      .getByRole('region', { name: 'Build', exact: true })
      .getByRole('button', { name: /^Unit 1 · / })
      .click();
    const steps = page.getByRole('list', { name: 'Steps of unit 1' });
    await visible(steps.getByText(/^End A: 24\.45 mm \(Target 24\.4 ± 0\.2 mm · die D-24\)$/));
    await visible(steps.getByText(/held 30 s: passed$/));
    expect(await steps.getByRole('textbox').count()).toBe(0);
    await benchShot(page, 'wo4-phone-completed-unit');
    // And its own certificate, one page.
    const serial = need(made.builtSerial, 'Unit 1');
    await downloadPdf(
      page,
      page.getByRole('button', { name: 'Test certificate', exact: true }),
      `certificate-${serial}.pdf`,
      'workorders-certificate-unit-1.pdf',
    );
  });
});

test('a reorder from a scanned tag makes units that replace the scanned one', async () => {
  await journey.step('wo5-reorder', async (page, baseUrl) => {
    const serial = need(made.builtSerial, 'A built serial (the first journey)');
    await page.goto(`${baseUrl}/workorders/new?serialId=${encodeURIComponent(serial)}`);
    const field = page.getByRole('textbox', { name: 'Serial number on the tag' });
    await visible(field);
    expect(await field.inputValue()).toBe(serial);
    await page.getByRole('button', { name: 'Create work order' }).click();
    await page.waitForURL((url) => /^\/workorder\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
    const heading = page.getByRole('heading', { level: 1, name: /^WO-\d+$/ });
    await visible(heading);
    const number = (await heading.textContent()) ?? '';
    expect(number).not.toBe(made.number);

    await page.getByRole('button', { name: 'Release', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Release ${number} to the shop floor?` });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Release', exact: true }).click();
    const units = page.getByRole('list', { name: `Units of ${number}` });
    await visible(units);
    const unit = units.getByRole('button', { name: /^Unit 1 · / });
    await visible(unit.getByText(`Replaces ${serial}`));
    // Its serial is a new one, linked to the scanned tag.
    expect(await unit.textContent()).not.toMatch(new RegExp(`^Unit 1 · ${serial}`));
    await screenshot(page, 'wo5-phone-reorder-released');
    await unit.click();
    await visible(page.getByRole('link', { name: `Replaces ${serial}` }));
  });
});
