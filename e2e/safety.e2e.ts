/**
 * Safety before saving (ADR 22), in real Chromium against the built app on a desktop: the demo admin builds
 * the worked example (GEN-2SN-08, two 90° JIC ends F-SN-08-FJX90, 1000 mm overall) for an application of
 * 300 bar, above the 276 bar (4000 psi) the hose is rated for. The builder names the hose and Save stays
 * off, and the server refuses the same assembly sent to it directly and saves nothing. At 120 °C, above the
 * hose's 100 °C, the clerk ticks the finding and types the reason with the keyboard and saves; the
 * assembly's page lists the finding with its reason, and so does the spec sheet PDF.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from 'vitest';
import { apiAs } from './support/api.ts';
import { screenshot } from './support/browser.ts';
import { choose } from './support/flows.ts';
import { signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const journey = signedInJourney({
  server: () => startServer({ name: 'safety server' }),
  who: DEMO,
  viewport: 'desktop',
});

const { apiCall, partId } = apiAs(journey.session, journey.server);

const REASON = 'Peaks of 120 °C for two minutes at start-up; fire sleeve fitted on site';

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Every page's text of a PDF, joined by spaces. */
async function pdfText(file: string): Promise<string> {
  const data = new Uint8Array(await readFile(file));
  const pdf = await getDocument({ data, useSystemFonts: false, standardFontDataUrl }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

const HOT = "120 °C is above hose GEN-2SN-08's highest temperature of 100 °C";

test('an application above the hose’s pressure cannot be saved, in the builder or through the API', async () => {
  await journey.step('safety-pressure', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/hoseassemblies/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'Build a hose' }));
    await choose(page, 'Hose', 'GEN-2SN-08', /^GEN-2SN-08/);
    await choose(page, 'End A fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await choose(page, 'End B fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await page.getByRole('textbox', { name: 'Overall length' }).fill('1000');
    await page.getByRole('textbox', { name: 'Orientation angle' }).fill('90');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);

    await page.getByRole('button', { name: /^Application: pressure, temperature/ }).click();
    await page.getByRole('textbox', { name: 'Working pressure' }).fill('300');
    const refusal =
      "The application's 300 bar is above the assembly's maximum working pressure of 276 bar (set by hose GEN-2SN-08). Choose parts rated for 300 bar";
    await visible(page.getByRole('region', { name: 'Results' }).getByText(refusal));
    await expect.poll(() => save.isEnabled()).toBe(false);
    await visible(page.getByText('Fix the problems above to save.'));
    await screenshot(page, 'safety-pressure-refused');

    // The server refuses the same assembly (4351 psi: 300 bar) sent to it directly, and saves nothing.
    const before = await apiCall<{ total: number }>('GET', 'hoseassemblies?itemsPerPage=1');
    const end = { fittingId: await partId('F-SN-08-FJX90'), ferruleId: await partId('FER-SN-08') };
    const sent = apiCall('POST', 'hoseassembly/new/update', {
      hoseId: await partId('GEN-2SN-08'),
      endA: end,
      endB: end,
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
      application: { workingPressurePsi: 4351 },
    });
    await expect(sent).rejects.toThrow(/: 400 .*above the assembly's maximum working pressure.*GEN-2SN-08/);
    const after = await apiCall<{ total: number }>('GET', 'hoseassemblies?itemsPerPage=1');
    expect(after.total).toBe(before.total);
  });
});

test('a temperature above the hose’s range is saved once confirmed with a reason, shown and printed', async () => {
  await journey.step('safety-confirm', async (page) => {
    // The builder from the step before: the pressure back within the rating, the temperature above it.
    await page.getByRole('textbox', { name: 'Working pressure' }).fill('');
    await page.getByRole('textbox', { name: 'Temperature (°C)' }).fill('120');
    const confirm = page.getByRole('region', { name: 'Confirm before saving' });
    await visible(confirm.getByText(HOT));
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.poll(() => save.isEnabled()).toBe(false);
    await visible(page.getByText('Confirm each finding above with a reason to save.'));

    // With the keyboard: Space ticks, the reason field takes the focus and the typing.
    await confirm.getByRole('checkbox', { name: 'I confirm the temperature is acceptable' }).focus();
    await page.keyboard.press('Space');
    const reason = confirm.getByRole('textbox', { name: /Why the temperature is acceptable/ });
    await visible(reason);
    await expect
      .poll(() => page.evaluate<string | undefined>('document.activeElement?.id'))
      .toBe('confirm-reason-temperature');
    await page.keyboard.type(REASON);
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'safety-confirmed');
    await save.click();
    await page.waitForURL(/\/hoseassembly\/[0-9a-f-]{36}$/, { timeout: 20_000 });

    const confirmations = page.getByRole('region', { name: 'Safety confirmations' });
    await visible(confirmations.getByText(HOT), 20_000);
    await visible(confirmations.getByText(`Reason: ${REASON}`));
    await screenshot(page, 'safety-detail');
    const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();

    await page.getByRole('button', { name: 'Tools' }).click();
    const [sheet] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'Spec sheet PDF' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`specsheet-${title}.pdf`);
    const text = await pdfText(await sheet.path());
    expect(text).toContain('Safety confirmations');
    expect(text).toContain(`${HOT}. Reason: ${REASON}`);
  });
});
