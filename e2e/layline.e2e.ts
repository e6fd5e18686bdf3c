/**
 * Finding a hose the way it is printed on its layline, in real Chromium against the built app started as a
 * user starts it ('Demo Hydraulics' has the GEN sample catalogue: GEN-2SN-08 is the only -8 hose, rated
 * 4000 psi like GEN-4SP-16). One server, one signed-in desktop page; each test stands alone:
 *   1. the builder: the hose field finds "2SN -8", "-8", "1/2" and "4000"; the fitting field "2SN 1/2" and
 *      "ORFS 90"; the adaptor field "NPTF 1/2";
 *   2. the hoses list's search box, the search kept in the URL;
 *   3. the kit editor's component field by kind words ("wrap", "adaptor 1/2");
 *   4. the global search: the hose first for "2SN -8", "-8", "1/2" and "4000".
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot } from './support/browser.ts';
import { eventually, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const journey = signedInJourney({
  server: () => startServer({ name: 'layline server' }),
  who: DEMO,
  viewport: 'desktop',
});

/** The part numbers of the open autocomplete's options: each option's text starts with its part number. */
async function optionPartNumbers(page: Page): Promise<string[]> {
  const texts = await page.getByRole('listbox').getByRole('option').allInnerTexts();
  return texts.map((t) => /^[A-Z0-9][A-Z0-9-]*[A-Z0-9]/.exec(t.trim())?.[0] ?? t).sort();
}

/** Types `text` into an autocomplete and waits until its options are exactly `expected` (any order). */
async function expectOptions(page: Page, box: Locator, text: string, expected: string[]): Promise<void> {
  await box.click();
  await box.fill(text);
  await eventually(
    `the options for "${text}"`,
    () => optionPartNumbers(page),
    (found) => JSON.stringify(found) === JSON.stringify([...expected].sort()),
  );
}

describe('finding a hose the way its layline prints it', () => {
  test('1. the builder finds the hose by dash, standard, bore and pressure, and its parts the same way', async () => {
    await journey.step('layline-builder', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/hoseassemblies/new`);
      await visible(page.getByRole('heading', { level: 1, name: 'Build a hose' }));
      const hose = page.getByRole('combobox', { name: 'Hose', exact: true });
      await visible(hose);
      await expectOptions(page, hose, '2SN -8', ['GEN-2SN-08']);
      await screenshot(page, 'layline-1-hose-2sn-8');
      await expectOptions(page, hose, '-8', ['GEN-2SN-08']);
      await expectOptions(page, hose, '1/2', ['GEN-2SN-08']);
      await expectOptions(page, hose, '4000', ['GEN-2SN-08', 'GEN-4SP-16']);
      await expectOptions(page, hose, '2SN', ['GEN-2SN-06', 'GEN-2SN-08', 'GEN-2SN-12']);
      await page.getByRole('option', { name: /^GEN-2SN-08/ }).click();

      // Every compatible fitting is made for 2SN -8 hose; one of them is the ORFS elbow.
      const fitting = page.getByRole('combobox', { name: 'End A fitting', exact: true });
      await fitting.click();
      const offered = await eventually(
        'the compatible fittings',
        () => optionPartNumbers(page),
        (found) => found.length > 5,
      );
      await expectOptions(page, fitting, '2SN 1/2', offered);
      await expectOptions(page, fitting, 'ORFS 90', ['F-SN-08-FFOR90']);
      await screenshot(page, 'layline-1-fitting-orfs-90');
      await page.keyboard.press('Escape');

      const adaptor = page.getByRole('combobox', { name: 'End A adaptor (optional)', exact: true });
      await expectOptions(page, adaptor, 'NPTF 1/2', ['A-MNPT08-MJ08']);
      await page.keyboard.press('Escape');
    });
  });

  test('2. the hoses list finds the hose by dash, standard, bore and pressure', async () => {
    await journey.step('layline-hose-list', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/components/hose`);
      await visible(page.getByRole('heading', { name: 'Hoses', level: 1 }));
      const grid = page.getByRole('grid', { name: 'Hoses' });
      const box = page.getByRole('searchbox', { name: 'Search' });
      for (const [text, expected] of [
        ['2SN -8', ['GEN-2SN-08']],
        ['-8', ['GEN-2SN-08']],
        ['1/2"', ['GEN-2SN-08']],
        ['4000', ['GEN-2SN-08', 'GEN-4SP-16']],
      ] as const) {
        await box.fill(text);
        await page.waitForURL((url) => url.searchParams.get('q') === text);
        await eventually(
          `the hoses listed for "${text}"`,
          async () => (await grid.getByRole('link').allInnerTexts()).map((t) => t.trim()).sort(),
          (found) => JSON.stringify(found) === JSON.stringify(expected),
        );
        if (text === '2SN -8') await screenshot(page, 'layline-2-hose-list');
      }
    });
  });

  test('3. the kit editor finds components by kind words and bore', async () => {
    await journey.step('layline-kit-lines', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/hosekits/new`);
      await visible(page.getByRole('heading', { level: 1, name: 'New hose kit' }), 20_000);
      await page.getByRole('tab', { name: /^Lines/ }).click();
      const component = page.getByRole('combobox', { name: 'Add a component' });
      await visible(component);
      await expectOptions(page, component, 'wrap', ['W-FIRE-32', 'W-NYLON-30', 'W-SPIRAL-25']);
      await expectOptions(page, component, 'adaptor NPTF 1/2', ['A-MNPT08-MJ08']);
      await expectOptions(page, component, 'hose 2SN -8', ['GEN-2SN-08']);
      await page.keyboard.press('Escape');
    });
  });

  test('4. the global search shows the hose first', async () => {
    await journey.step('layline-global-search', async (page, baseUrl) => {
      await page.goto(`${baseUrl}/dashboard`);
      const field = page.getByRole('combobox', { name: 'Search' });
      await visible(field);
      const popup = page.getByTestId('search-popup');
      for (const text of ['2SN -8', '-8', '1/2', '4000']) {
        const answered = page.waitForResponse((response) => {
          const url = new URL(response.url());
          return url.pathname === '/api/v1/search' && url.searchParams.get('searchText') === text;
        });
        await field.fill(text);
        await answered;
        const results = popup.getByRole('list', { name: 'Search results' });
        await eventually(
          `the results for "${text}" shown`,
          () => results.getAttribute('aria-busy'),
          (busy) => busy === null,
        );
        const first = (await results.getByRole('link').first().textContent()) ?? '';
        expect(first.trim(), text).toMatch(/^GEN-2SN-08 - GEN/);
        if (text === '2SN -8') await screenshot(page, 'layline-4-global-search');
      }
      // Both hoses rated 4000 psi come before anything else.
      const titles = (await popup.getByRole('link').allInnerTexts()).map((t) => t.trim());
      expect(titles.slice(0, 2).map((t) => t.split(' - ')[0])).toEqual(['GEN-2SN-08', 'GEN-4SP-16']);
    });
  });
});
