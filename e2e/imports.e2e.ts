/**
 * Imports say what changed, in real Chromium against the built app started as a user starts it (the demo
 * admin of 'Demo Hydraulics'). One server and one signed-in page; the tests run in order and build on each
 * other:
 *   1. a CSV of 3 hoses: '3 new', the new rows listed;
 *   2. the same file with one cost changed: 1 updated with 'Cost: 10.00 → 12.50', 2 unchanged;
 *   3. the same file again: 'Nothing changed', and the recent imports say so too;
 *   4. a file whose part number column is not recognised: the mapping step names the required field and
 *      Start refuses, nothing is started;
 *   5. phone (390x844): the log of the re-import, stacked, without sideways scrolling.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newSession, screenshot } from './support/browser.ts';
import { signIn } from './support/flows.ts';
import { need, runStep, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const PHONE_WIDTH = 390;
const HEADER = 'partNumber,brand,description,series,dash,workingPressurePsi,cost,costUnit';
const HOSES = ['IMPJ-2SN-08-A', 'IMPJ-2SN-08-B', 'IMPJ-2SN-08-C'];

const journey = signedInJourney({
  server: () => startServer({ name: 'imports server' }),
  who: DEMO,
  viewport: 'desktop',
});

/** Carried from step to step: the log of the import that updated a cost. */
const seen: { updatedLog?: string } = {};

/** The 3 hoses as CSV; the first costs `firstCost`. */
function hosesCsv(firstCost: string): Buffer {
  const lines = HOSES.map(
    (partNumber, i) =>
      `${partNumber},GEN,Journey hose ${i + 1},SN,-8,4000,${i === 0 ? firstCost : `${5 + i}.25`},ft`,
  );
  return Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'utf8');
}

/** A locator's text with runs of white space as one space. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Opens the import page, uploads `file` as hoses and waits for the mapping step. */
async function upload(page: Page, baseUrl: string, name: string, content: Buffer): Promise<void> {
  await page.goto(`${baseUrl}/components/import`);
  await visible(page.getByRole('heading', { name: 'Import Components', level: 1 }));
  const kind = page.getByRole('combobox', { name: 'Kind of item' });
  await visible(kind);
  await kind.click();
  await page.getByRole('option', { name: 'Hoses', exact: true }).click();
  await page.getByLabel('File to import').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  await visible(page.getByText(name, { exact: true }));
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await visible(page.getByRole('heading', { name: 'Match the columns' }));
}

/** Uploads `file` with the suggested mapping, starts it, and answers its log's outcome once it finished. */
async function importHoses(page: Page, baseUrl: string, name: string, content: Buffer): Promise<Locator> {
  await upload(page, baseUrl, name, content);
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.waitForURL((url) => url.searchParams.has('log'));
  const outcome = page.getByRole('alert').filter({ hasText: /^(Import complete|Nothing changed)/ });
  await visible(outcome, 30_000);
  return outcome;
}

/** The counts of the log as label -> value ('New' -> '3'). */
async function counts(page: Page): Promise<Record<string, string>> {
  const list = page.locator('dl');
  const terms = await list.locator('dt').allInnerTexts();
  const values = await list.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), (values[i] ?? '').trim()]));
}

describe('imports say what changed', () => {
  test('1. a CSV of 3 hoses: 3 new, each listed', async () => {
    await journey.step('i1-import-new', async (page, baseUrl) => {
      const outcome = await importHoses(page, baseUrl, 'journey-hoses.csv', hosesCsv('10'));
      expect(await textOf(outcome)).toContain('3 rows imported: 3 new, 0 updated.');
      expect(await counts(page)).toEqual({ New: '3', Updated: '0', Unchanged: '0' });
      const created = page.getByRole('region', { name: 'New (3)' });
      await visible(created);
      expect(
        (await created.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
      ).toEqual(HOSES.map((partNumber, i) => `GEN ${partNumber} · Row ${i + 2}`));
      await screenshot(page, 'i1-import-new');
    });
  });

  test('2. one cost changed: that hose is updated with its old and new cost, the rest unchanged', async () => {
    await journey.step('i2-import-changed', async (page, baseUrl) => {
      const outcome = await importHoses(page, baseUrl, 'journey-hoses-repriced.csv', hosesCsv('12.5'));
      expect(await textOf(outcome)).toContain('3 rows imported: 0 new, 1 updated, 2 unchanged.');
      expect(await counts(page)).toEqual({ New: '0', Updated: '1', Unchanged: '2' });
      const updated = page.getByRole('region', { name: 'Updated (1)' });
      await visible(updated);
      const item = updated.getByRole('listitem').first();
      expect(await textOf(item.locator('p').first())).toBe(`GEN ${HOSES[0]} · Row 2`);
      expect(await item.getByRole('listitem').allTextContents()).toEqual(['Cost: 10.00 → 12.50']);
      expect(await page.getByRole('region', { name: /^New/ }).count()).toBe(0);
      seen.updatedLog = new URL(page.url()).searchParams.get('log') ?? undefined;
      await screenshot(page, 'i2-import-changed');
    });
  });

  test('3. the same file again: nothing changed, in the log and in the recent imports', async () => {
    await journey.step('i3-import-identical', async (page, baseUrl) => {
      const outcome = await importHoses(page, baseUrl, 'journey-hoses-again.csv', hosesCsv('12.50'));
      await visible(outcome.getByText('Nothing changed', { exact: true }));
      const said = await textOf(outcome);
      expect(said).toContain('All 3 rows of the file are already saved exactly as they are.');
      expect(said).not.toContain('Import complete');
      expect(await counts(page)).toEqual({ New: '0', Updated: '0', Unchanged: '3' });
      expect(await page.getByRole('region', { name: /^(Updated|New)/ }).count()).toBe(0);
      const recent = page.getByRole('table', { name: 'Recent imports' });
      const latest = recent.getByRole('row').filter({ hasText: 'journey-hoses-again.csv' });
      await visible(latest.getByText('Nothing changed', { exact: true }));
      await visible(
        recent
          .getByRole('row')
          .filter({ hasText: 'journey-hoses-repriced.csv' })
          .getByText('0 new, 1 updated, 2 unchanged', { exact: true }),
      );
      await screenshot(page, 'i3-import-identical');
    });
  });

  test('4. a required column not recognised: the mapping step names it and refuses to start', async () => {
    await journey.step('i4-mapping-refuses', async (page, baseUrl) => {
      const csv = Buffer.from('Item code,brand,series,dash,workingPressurePsi\r\nIMPJ-X,GEN,SN,-8,4000\r\n');
      await upload(page, baseUrl, 'journey-unmapped.csv', csv);
      const columns = page.getByRole('list', { name: 'Columns of the file' });
      expect(await textOf(columns.getByRole('combobox', { name: 'Column “Item code” fills' }))).toBe(
        'Do not import this column',
      );
      await visible(
        page.getByText(
          'No column of the file was recognised as the required field Part number. Choose the column that holds it.',
        ),
      );
      await page.getByRole('button', { name: 'Start import' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Choose a column for each required field' });
      await visible(refusal);
      expect(await textOf(refusal)).toBe('Choose a column for each required field: Part number.');
      // Still on the mapping step: nothing was started.
      expect(new URL(page.url()).searchParams.has('log')).toBe(false);
      await visible(page.getByRole('heading', { name: 'Match the columns' }));
      await screenshot(page, 'i4-mapping-refuses');
    });
  });

  test('5. on a phone, the log of the re-import is stacked and does not scroll sideways', async () => {
    const log = need(seen.updatedLog, 'The log of step 2');
    const phone = await newSession(journey.browser(), 'phone');
    try {
      await runStep('i5-phone-log', phone, journey.server(), async (page, baseUrl) => {
        await signIn(page, baseUrl, DEMO.email, DEMO.password);
        await page.goto(`${baseUrl}/components/import?kind=hose&log=${log}`);
        const updated = page.getByRole('region', { name: 'Updated (1)' });
        await visible(updated);
        await visible(updated.getByText('Cost: 10.00 → 12.50'));
        const widths = (await page.evaluate(
          '({ scroll: document.scrollingElement.scrollWidth, viewport: window.innerWidth })',
        )) as { scroll: number; viewport: number };
        expect(widths.viewport).toBe(PHONE_WIDTH);
        expect(widths.scroll, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(PHONE_WIDTH);
        await screenshot(page, 'i5-phone-log');
      });
    } finally {
      await phone.close();
    }
  });
});
