/**
 * The component library as the demo admin uses it, in real Chromium against the built app started
 * as a user starts it (the server loads the GEN sample catalogue into 'Demo Hydraulics' on first start).
 *
 * One server and one signed-in page per viewport; the tests run in order and build on each other:
 *   1. /components: the kind cards and the sample-data card (desktop, 1440x900);
 *   2. /components/import: an .xlsx of 3 hoses built here, the suggested mapping, progress, '3 new';
 *   3. the hoses list filtered by its search box, the search kept in the URL across a reload;
 *   4. a new hose's page: its compatible SN -8 fittings with their ferrule, the collapsed 'Not compatible';
 *   5. a CSV with 2 bad rows: the problem table, 'Nothing was imported', the hose count unchanged;
 *   6. phone (390x844): GEN-2SN-08's compatible fittings without horizontal page overflow.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { newSession, pathOf, screenshot } from './support/browser.ts';
import { signIn, waitForPath } from './support/flows.ts';
import { eventually, need, runStep, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

/** The issue asks for a wider desktop than the harness default. */
const DESKTOP = { width: 1440, height: 900 } as const;
const PHONE_WIDTH = 390;

/** The columns of the hose file: contract field names, plus one the importer should not fill. */
const HOSE_COLUMNS = [
  'partNumber',
  'brand',
  'description',
  'series',
  'dash',
  'workingPressurePsi',
  'burstPressurePsi',
  'skive',
  'cost',
  'costUnit',
  'Shop note',
] as const;

/** What the mapping step should preselect for each column (the option's text as the select shows it). */
const SUGGESTED: Record<(typeof HOSE_COLUMNS)[number], string> = {
  partNumber: 'Part number (required)',
  brand: 'Brand',
  description: 'Description',
  series: 'Coupling series (required)',
  dash: 'Dash size (required)',
  workingPressurePsi: 'Working pressure (required)',
  burstPressurePsi: 'Burst pressure',
  skive: 'Skive',
  cost: 'Cost',
  costUnit: 'Cost per',
  'Shop note': 'Do not import this column',
};

const NEW_HOSES = ['E2E-2SN-08-A', 'E2E-2SN-08-B', 'E2E-2SN-08-C'];
const SEARCH = 'E2E-2SN';
const XLSX_NAME = 'e2e-hoses.xlsx';
const BAD_CSV_NAME = 'e2e-bad-hoses.csv';

const journey = signedInJourney({
  server: () => startServer({ name: 'components server' }),
  who: DEMO,
  viewport: 'desktop',
  size: DESKTOP,
});

/** Carried from step to step. */
const seen: { hosesBefore?: number } = {};

/** The count on a kind card of /components ('Hoses 12 in your library'), once it has loaded. */
async function kindCount(page: Page, plural: string): Promise<number> {
  const card = page.getByRole('article', { name: plural, exact: true });
  await visible(card);
  const text = await eventually(
    `the ${plural} card's count`,
    () => textOf(card),
    (t) => /\d\s*in your library/.test(t),
  );
  const match = /([\d,\s]+)\s*in your library/.exec(text);
  return Number((match?.[1] ?? '').replace(/[^\d]/g, ''));
}

async function openOverview(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/components`);
  await visible(page.getByRole('heading', { name: 'Component Library', level: 1 }));
}

/** The part numbers the hoses grid shows (the part number column is a link in each row). */
async function gridPartNumbers(page: Page): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Hoses' });
  await visible(grid);
  return (await grid.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Fills the list's search box and waits for the URL to carry it. */
async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await visible(box);
  await box.fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

/** An .xlsx workbook built the way the server builds its templates (write-excel-file). */
async function hosesWorkbook(): Promise<Buffer> {
  const rows = NEW_HOSES.map((partNumber, i) => {
    const values: Record<(typeof HOSE_COLUMNS)[number], string | number | boolean | null> = {
      partNumber,
      brand: 'GEN',
      description: `E2E two-wire hose ${i + 1}, EN853 2SN`,
      series: 'SN',
      dash: -8,
      workingPressurePsi: 4000,
      burstPressurePsi: 16000,
      skive: false,
      cost: 4.5 + i,
      costUnit: 'ft',
      'Shop note': i === 0 ? 'keep on the bench' : null,
    };
    return HOSE_COLUMNS.map((c) => (values[c] === null ? null : { value: values[c] }));
  });
  return writeXlsxFile([HOSE_COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' as const })), ...rows], {
    sheet: 'Hoses',
  }).toBuffer();
}

/** A CSV with one good row and two bad ones: dash -7 (row 3) and no part number (row 4). */
function badHosesCsv(): Buffer {
  const lines = [
    'partNumber,brand,series,dash,workingPressurePsi',
    'E2E-BAD-OK,GEN,SN,-8,4000',
    'E2E-BAD-07,GEN,SN,-7,4000',
    ',GEN,SN,-8,4000',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** On the upload step: choose the kind, attach the file and upload it; waits for the mapping step. */
async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const kind = page.getByRole('combobox', { name: 'Kind of item' });
  await visible(kind);
  await kind.click();
  await page.getByRole('option', { name: 'Hoses', exact: true }).click();
  expect(await textOf(kind)).toBe('Hoses');
  await page.getByLabel('File to import').setInputFiles(file);
  await visible(page.getByText(file.name, { exact: true }));
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await visible(page.getByRole('heading', { name: 'Match the columns' }));
}

/**
 * Records, in the page, every state of the import progress bar from now on (a 3-row import can be over
 * within a poll or two, so this does not rely on catching the bar with a later query). Plain script text:
 * the e2e project has no DOM types.
 */
const RECORD_PROGRESS = `(() => {
  const seen = [];
  window.__progressSeen = seen;
  const look = () => {
    for (const bar of document.querySelectorAll('[role="progressbar"][aria-label="Import progress"]')) {
      const state = bar.getAttribute('aria-valuenow') ?? 'indeterminate';
      if (seen.at(-1) !== state) seen.push(state);
    }
  };
  new MutationObserver(look).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-valuenow', 'role'],
  });
  look();
})()`;

async function progressBarsSeen(page: Page): Promise<string[]> {
  return (await page.evaluate('window.__progressSeen ?? []')) as string[];
}

/** A locator's text with runs of white space as one space. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

describe('component library: an admin imports hoses and checks their compatible fittings', () => {
  test('1. /components shows the kind cards and says the sample catalogue is loaded', async () => {
    await journey.step('c1-overview', async (page, baseUrl) => {
      await openOverview(page, baseUrl);
      const kinds = page.getByRole('region', { name: 'Component kinds' });
      await visible(kinds);
      for (const plural of ['Hoses', 'Crimp fittings', 'Ferrules', 'Adaptors', 'Wraps', 'Other items']) {
        await visible(kinds.getByRole('article', { name: plural, exact: true }));
      }
      seen.hosesBefore = await kindCount(page, 'Hoses');
      // The GEN sample catalogue has 9 hoses (apps/server/src/modules/components/sample-catalogue.json).
      expect(seen.hosesBefore).toBe(9);
      const sample = page.getByRole('region', { name: 'Sample catalogue' });
      await visible(sample);
      await visible(sample.getByText(/^The sample catalogue is loaded: \d+ items\.$/));
      await visible(sample.getByRole('button', { name: 'Remove sample data' }));
      await screenshot(page, 'c1-components-overview');
    });
  });

  test('2. an .xlsx of 3 hoses: suggested mapping, progress, then 3 new', async () => {
    await journey.step('c2-import-xlsx', async (page) => {
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await waitForPath(page, '/components/import');
      await visible(page.getByRole('heading', { name: 'Import Components', level: 1 }));

      await uploadFile(page, {
        name: XLSX_NAME,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await hosesWorkbook(),
      });
      await visible(page.getByText(`${XLSX_NAME}: 3 rows of hoses.`));
      const columns = page.getByRole('list', { name: 'Columns of the file' });
      await visible(columns);
      expect(await columns.getByRole('listitem').count()).toBe(HOSE_COLUMNS.length);
      for (const column of HOSE_COLUMNS) {
        const select = columns.getByRole('combobox', { name: `Column “${column}” fills` });
        expect(await textOf(select), `the field suggested for "${column}"`).toBe(SUGGESTED[column]);
      }
      await visible(page.getByRole('table', { name: 'First 3 of 3 rows' }));
      await screenshot(page, 'c2-import-mapping');

      await page.evaluate(RECORD_PROGRESS);
      const polls: string[] = [];
      const startedAt = Date.now();
      const onResponse = async (response: Response) => {
        const isLog = /\/imports\/[^/]+$/.test(new URL(response.url()).pathname);
        if (!isLog || response.request().method() !== 'GET') return;
        const body = (await response.json().catch(() => ({}))) as { status?: string; progress?: number };
        polls.push(`${Date.now() - startedAt} ms ${body.status} ${body.progress}`);
      };
      page.on('response', onResponse);
      await page.getByRole('button', { name: 'Start import' }).click();
      await page.waitForURL((url) => url.searchParams.has('log') && url.searchParams.get('kind') === 'hose');
      const done = page.getByRole('alert').filter({ hasText: 'Import complete' });
      await visible(done, 30_000);
      expect(await textOf(done)).toContain('3 rows imported: 3 new, 0 updated.');
      await eventually(
        "the page's GETs of the import",
        async () => polls.length,
        (n) => n > 0,
      );
      page.off('response', onResponse);
      const bars = await progressBarsSeen(page);
      const evidence = `progress bar states shown: ${JSON.stringify(bars)}; the page's GETs of the import: ${JSON.stringify(polls)}`;
      if (process.env.E2E_DEBUG) console.info(`c2 import progress: ${evidence}`);
      // The issue asks to see the progress bar. A 3-row import usually ends before the page's first GET of it
      // is answered (on PGlite that GET, and the recent-imports refetch that `Start import` waits for, queue
      // behind the import job), so the page goes from the Start button's spinner straight to the summary.
      // That case is accepted only when the first answer the page got was already the outcome; whenever the
      // page did get an unfinished state, the bar must have been shown with a sane value.
      if (bars.length === 0) {
        expect(polls[0] ?? '', `no progress bar although the import was still going: ${evidence}`).toMatch(
          / succeeded 100$/,
        );
      } else {
        for (const state of bars) expect(state, evidence).toMatch(/^(indeterminate|\d{1,3})$/);
      }
      // Once finished, the bar gives way to the summary.
      expect(await page.getByRole('progressbar', { name: 'Import progress' }).count()).toBe(0);
      await screenshot(page, 'c2-import-succeeded');
    });
  });

  test('3. the hoses list finds the new items by search, and the URL keeps the search', async () => {
    await journey.step('c3-hose-list', async (page) => {
      await page.getByRole('link', { name: 'View all hoses' }).click();
      await waitForPath(page, '/components/hose');
      await visible(page.getByRole('heading', { name: 'Hoses', level: 1 }));
      await search(page, SEARCH);
      const found = await eventually(
        'the hoses the search finds',
        () => gridPartNumbers(page),
        (list) => list.length === NEW_HOSES.length,
      );
      expect([...found].sort()).toEqual(NEW_HOSES);
      await screenshot(page, 'c3-hose-list-search');

      await page.reload();
      await waitForPath(page, '/components/hose');
      expect(new URL(page.url()).searchParams.get('q')).toBe(SEARCH);
      expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(SEARCH);
      const afterReload = await eventually(
        'the hoses listed after a reload',
        () => gridPartNumbers(page),
        (list) => list.length > 0,
      );
      expect([...afterReload].sort()).toEqual(NEW_HOSES);
    });
  });

  test('4. a new SN -8 hose lists the SN -8 fittings with ferrule FER-SN-08, and why others do not fit', async () => {
    await journey.step('c4-hose-detail', async (page) => {
      await page.getByRole('grid', { name: 'Hoses' }).getByRole('link', { name: NEW_HOSES[0] }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/hose/'));
      await visible(page.getByRole('heading', { name: `${NEW_HOSES[0]} - GEN`, level: 1 }));

      const section = page.getByRole('region', { name: 'Compatible fittings', exact: true });
      await visible(section);
      await visible(section.getByText('Coupling series SN from GEN, for hose that is not skived.'));
      const fittings = section.getByRole('list', { name: 'Compatible fittings', exact: true });
      await visible(fittings);
      await visible(fittings.getByRole('link', { name: 'F-SN-08-FJX90', exact: true }));
      const items = fittings.getByRole('listitem');
      const count = await items.count();
      // The sample catalogue has 11 SN fittings for -8 hose.
      expect(count).toBe(11);
      for (let i = 0; i < count; i++) {
        const item = items.nth(i);
        const partNumber = await textOf(item.getByRole('link').first());
        expect(partNumber).toMatch(/^F-SN-08-/);
        expect(await textOf(item), `${partNumber}'s ferrule`).toContain('Crimped with ferrule FER-SN-08');
      }
      const ferrules = section.getByRole('list', { name: 'Compatible ferrules' });
      expect((await ferrules.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['FER-SN-08']);

      const notCompatible = section.getByRole('button', { name: /^Not compatible \(\d+\)$/ });
      await visible(notCompatible);
      expect(await notCompatible.getAttribute('aria-expanded')).toBe('false');
      const misfits = section.getByRole('list', { name: 'Items that do not fit' });
      expect(await misfits.isVisible()).toBe(false);
      await screenshot(page, 'c4-hose-compatible');

      await notCompatible.click();
      await visible(misfits);
      expect(await notCompatible.getAttribute('aria-expanded')).toBe('true');
      // The SN fittings and ferrules for other dash sizes, each with its reason.
      const fittingMisfit = misfits.getByRole('listitem').filter({ hasText: 'F-SN-06-FJX90' });
      await visible(fittingMisfit);
      expect(await textOf(fittingMisfit)).toContain('Dash size -6; this hose is -8');
      const ferruleMisfit = misfits.getByRole('listitem').filter({ hasText: 'FER-SN-06' });
      expect(await textOf(ferruleMisfit)).toContain('Ferrule');
      expect(await textOf(ferruleMisfit)).toContain('Dash size -6; this hose is -8');
      await visible(misfits.getByText('Dash size -12; this hose is -8').first());
      await screenshot(page, 'c4-hose-not-compatible');
    });
  });

  test('5. a file with 2 bad rows lists exactly those problems and imports nothing', async () => {
    await journey.step('c5-import-errors', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/components/hose`);
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await waitForPath(page, '/components/import');
      expect(new URL(page.url()).searchParams.get('kind')).toBe('hose');

      await uploadFile(page, { name: BAD_CSV_NAME, mimeType: 'text/csv', buffer: badHosesCsv() });
      await visible(page.getByText(`${BAD_CSV_NAME}: 3 rows of hoses.`));
      await page.getByRole('button', { name: 'Start import' }).click();
      await page.waitForURL((url) => url.searchParams.has('log'));

      // The failure snackbar also says 'nothing was imported': the log's alert is the one that counts problems.
      const failed = page.getByRole('alert').filter({ hasText: '2 problems were found' });
      await visible(failed, 30_000);
      expect(await textOf(failed)).toContain(
        '2 problems were found. Fix them in the file and import it again.',
      );
      const table = page.getByRole('table', { name: 'Problems found' });
      await visible(table);
      const header = (await table.getByRole('row').first().getByRole('columnheader').allInnerTexts()).map(
        (t) => t.trim(),
      );
      expect(header).toEqual(['Row', 'Column', 'Problem']);
      const rows: string[][] = [];
      const bodyRows = table.getByRole('row');
      for (let i = 1; i < (await bodyRows.count()); i++) {
        rows.push((await bodyRows.nth(i).getByRole('cell').allInnerTexts()).map((t) => t.trim()));
      }
      expect(rows.map(([row, column]) => [row, column])).toEqual([
        ['3', 'dash'],
        ['4', 'partNumber'],
      ]);
      expect(rows[0]?.[2]).toMatch(/^Dash size must be one of /);
      expect(rows[1]?.[2]).toBe('Enter a part number');
      await screenshot(page, 'c5-import-errors');

      // Not even the good row was written: the hose count is what it was after the first import.
      await openOverview(page, baseUrl);
      expect(await kindCount(page, 'Hoses')).toBe(need(seen.hosesBefore, 'The first hose count') + 3);
      await page.goto(`${baseUrl}/components/hose?q=E2E-BAD`);
      await visible(page.getByText('Nothing matches these filters'));
    });
  });

  test('6. on a phone, GEN-2SN-08 shows its compatible fittings without sideways scrolling', async () => {
    // The id of GEN-2SN-08, found as the admin finds it: the hoses list's search.
    let hoseUrl = '';
    await journey.step('c6-find-gen-hose', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/components/hose?q=GEN-2SN-08`);
      const link = page.getByRole('grid', { name: 'Hoses' }).getByRole('link', { name: 'GEN-2SN-08' });
      await visible(link);
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/hose\/[^/]+$/);
      hoseUrl = `${baseUrl}${href}`;
    });

    const phone = await newSession(journey.browser(), 'phone');
    try {
      await runStep('c6-phone-hose', phone, journey.server(), async (page, baseUrl) => {
        await signIn(page, baseUrl, DEMO.email, DEMO.password);
        await page.goto(hoseUrl);
        expect(pathOf(page.url())).toMatch(/^\/hose\//);
        await visible(page.getByRole('heading', { name: 'GEN-2SN-08 - GEN', level: 1 }));
        const fittings = page
          .getByRole('region', { name: 'Compatible fittings', exact: true })
          .getByRole('list', { name: 'Compatible fittings', exact: true });
        await visible(fittings);
        await fittings.getByRole('link', { name: 'F-SN-08-FJX90', exact: true }).scrollIntoViewIfNeeded();
        await visible(fittings.getByRole('link', { name: 'F-SN-08-FJX90', exact: true }));
        expect(await fittings.getByRole('listitem').count()).toBe(11);
        await visible(page.getByRole('button', { name: /^Not compatible \(\d+\)$/ }));
        // Every section loaded (the crimp specifications are a table, the likeliest to be too wide).
        await visible(page.getByRole('table', { name: 'Crimp specifications' }));
        const widths = (await page.evaluate(
          '({ scroll: document.scrollingElement.scrollWidth, viewport: window.innerWidth })',
        )) as { scroll: number; viewport: number };
        expect(widths.viewport).toBe(PHONE_WIDTH);
        expect(widths.scroll, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(PHONE_WIDTH);
        await screenshot(page, 'c6-phone-hose-compatible');
      });
    } finally {
      await phone.close();
    }
  });
});
