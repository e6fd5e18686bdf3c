/**
 * Hose assemblies on a phone (390x844), in real Chromium against the built app: the demo admin builds the
 * worked example (GEN-2SN-08, two 90° JIC ends F-SN-08-FJX90, 1000 mm overall) in the builder, sees the
 * 890 mm cut length, saves it, builds one unit (a serial), downloads its tag PDF, and then, signed out,
 * opens the serial's public page as a customer scanning the tag would: the part number, and no prices.
 * Last, the admin changes the organisation's settings on the phone (a '.' revision delimiter, imperial units)
 * and adds a currency, and the assembly's page follows at once.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { accessToken } from './support/api.ts';
import { ARTIFACTS_DIR, newSession, screenshot } from './support/browser.ts';
import { choose } from './support/flows.ts';
import { need, runStep, signedInJourney, visible } from './support/journey.ts';
import { DEMO, startServer } from './support/server.ts';

const journey = signedInJourney({
  server: () => startServer({ name: 'assemblies server' }),
  who: DEMO,
  viewport: 'phone',
});

/** Carried from step to step. */
const built: { title?: string; serial?: string; url?: string } = {};

test('a clerk builds the worked example on a phone: 890 mm cut length, saved', async () => {
  await journey.step('assemblies-build', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/hoseassemblies/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'Build a hose' }));
    await choose(page, 'Hose', 'GEN-2SN-08', /^GEN-2SN-08/);
    await choose(page, 'End A fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await choose(page, 'End B fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
    await expect.poll(() => page.getByTestId('ferrule-A').textContent()).toMatch(/Ferrule FER-SN-08/);

    await page.getByRole('textbox', { name: 'Overall length' }).fill('1000');
    // Two 90° ends: the orientation is asked for, and saving waits for it.
    await page.getByRole('textbox', { name: 'Orientation angle' }).fill('90');

    const summary = page.getByTestId('summary-cut-length');
    await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toBe('890 mm');
    const results = page.getByRole('region', { name: 'Results' });
    await visible(results.getByText('890 mm'));
    await visible(results.getByText('276 bar'));

    // The sticky summary's Save is the one a phone shows.
    const save = page.getByRole('region', { name: 'Assembly summary' }).getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'assemblies-builder-phone');
    // What the phone shows at once: the sticky summary with Save above the bottom navigation.
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'assemblies-builder-phone-viewport.png') });
    await save.click();
    await page.waitForURL(/\/hoseassembly\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    built.url = page.url();
    // The detail page has loaded when its figures show; its heading is the part number with revision.
    await visible(page.getByRole('region', { name: 'Figures' }).getByText('890 mm'), 20_000);
    const heading = page.getByRole('heading', { level: 1 });
    await visible(heading);
    built.title = ((await heading.textContent()) ?? '').trim();
    expect(built.title).toMatch(/\S/);

    // Nothing on the phone page is wider than the screen.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(1);
  });
});

test('the clerk builds one unit and downloads its tag PDF and the spec sheet', async () => {
  await journey.step('assemblies-serial', async (page) => {
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    const serials = page.getByRole('list', { name: 'Built units (serials)' });
    const link = serials.getByRole('link').first();
    await visible(link, 20_000);
    built.serial = ((await link.textContent()) ?? '').trim();
    expect(built.serial).toMatch(/^[0-9A-Z]{6,}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: `Tag for ${built.serial}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tag-${built.serial}.pdf`);
    const file = await download.path();
    const head = (await readFile(file)).subarray(0, 5).toString('latin1');
    expect(head).toBe('%PDF-');

    // The spec sheet (with the drawing) from the page header's tools menu.
    await page.getByRole('button', { name: 'Tools' }).click();
    const [sheet] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('menuitem', { name: 'Spec sheet PDF' }).click(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`specsheet-${built.title}.pdf`);
    expect((await readFile(await sheet.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test('signed out, the serial’s public page shows the part number and no prices', async () => {
  const visitor = await newSession(journey.browser(), 'phone');
  try {
    await runStep('assemblies-qs', visitor, journey.server(), async (page, baseUrl) => {
      const serial = need(built.serial, 'The serial from the previous step');
      await page.goto(`${baseUrl}/qs/${serial}`);
      await visible(page.getByRole('heading', { level: 1, name: `Hose assembly ${built.title}` }), 20_000);
      await visible(page.getByText(`Serial ${serial}`, { exact: true }));
      await visible(page.getByText('890 mm').first());
      const text = await page.locator('main').textContent();
      expect(text).not.toMatch(/price|cost|\$/i);

      await page.goto(`${baseUrl}/qs/NOSUCHSERIAL`);
      await visible(page.getByRole('heading', { level: 1, name: 'We could not find this serial' }), 20_000);
    });
  } finally {
    await visitor.close();
  }
});

test('the serial finds its assembly in the global search; signed in, its page offers the record and Build again', async () => {
  await journey.step('assemblies-serial-search', async (page, baseUrl) => {
    const serial = need(built.serial, 'The serial from the previous step');
    await page.goto(`${baseUrl}/dashboard`);
    await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
    await page.waitForLoadState('networkidle');
    // The phone's search sheet, as a clerk types the serial read off the tag.
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('button', { name: 'Search' })
      .click();
    const field = page.getByRole('combobox', { name: 'Search' });
    await visible(field);
    await field.fill(serial.toLowerCase());
    const hit = page.getByTestId('search-popup').getByRole('link', { name: new RegExp(`Serial ${serial}`) });
    await visible(hit, 20_000);
    await screenshot(page, 'assemblies-serial-search');
    await hit.click();
    await page.waitForURL((url) => url.href === built.url, { timeout: 20_000 });
    await visible(page.getByRole('heading', { level: 1, name: need(built.title, 'The title') }));

    // The tag's page, opened by a member of the shop that built it: the record, and Build again.
    await page.goto(`${baseUrl}/qs/${serial}`);
    const record = page.getByRole('link', { name: `Open ${built.title}` });
    await visible(record, 20_000);
    expect(new URL((await record.getAttribute('href')) ?? '', baseUrl).href).toBe(built.url);
    await screenshot(page, 'assemblies-qs-member');
    await page.getByRole('link', { name: 'Build again' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/workorders/new' && url.search === `?serialId=${serial}`,
    );
    const tag = page.getByRole('textbox', { name: 'Serial number on the tag' });
    await visible(tag);
    expect(await tag.inputValue()).toBe(serial);
    await page.getByRole('button', { name: 'Create work order' }).click();
    await page.waitForURL(/\/workorder\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await visible(page.getByText(need(built.title, 'The title')).first(), 20_000);
    await screenshot(page, 'assemblies-reorder-work-order');
  });
});

/**
 * The embedding side of API mode (the headerless `/iframe/hoseassembly` route), with a demo parent page
 * served at the app's own origin (the server only allows framing by its own origin for now). The parent
 * first hands over a token the server refuses: the frame posts `securityTokenExpired`; the parent answers
 * with the demo admin's real token, and the configurator builds with it.
 */
test('an embedding page passes its token; a refused token comes back as securityTokenExpired', async () => {
  const token = await accessToken(journey.session().context);
  const parent = await newSession(journey.browser(), 'desktop');
  try {
    await runStep('assemblies-iframe', parent, journey.server(), async (page, baseUrl) => {
      const parentHtml = `<!doctype html><html lang="en"><head><title>Parent</title></head><body>
<h1>Demo parent</h1>
<iframe id="configurator" title="Hose configurator" src="${baseUrl}/iframe/hoseassembly" style="width:400px;height:700px"></iframe>
<script>
  window.received = [];
  window.goodToken = ${JSON.stringify(token)};
  const frame = document.getElementById('configurator');
  const send = (accessToken) =>
    frame.contentWindow.postMessage({ type: 'settings', accessToken, expiresIn: 3600 }, '${baseUrl}');
  window.addEventListener('message', (event) => {
    if (event.origin !== '${baseUrl}' || !event.data) return;
    window.received.push(event.data.type);
    if (event.data.type === 'configuratorReady') send('not-a-valid-token');
    if (event.data.type === 'securityTokenExpired') send(window.goodToken);
  });
</script></body></html>`;
      await page.route(`${baseUrl}/e2e-parent.html`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: parentHtml }),
      );
      await page.goto(`${baseUrl}/e2e-parent.html`);
      await expect
        .poll(() => page.evaluate<string[]>('window.received'), { timeout: 20_000 })
        .toContain('securityTokenExpired');
      const frame = page.frameLocator('#configurator');
      const hose = frame.getByRole('combobox', { name: 'Hose', exact: true });
      await visible(hose, 20_000);
      await hose.click();
      await hose.fill('GEN-2SN-08');
      await visible(frame.getByRole('option', { name: /^GEN-2SN-08/ }).first(), 20_000);
    });
  } finally {
    await parent.close();
  }
});

test('the admin sets a revision delimiter and imperial units, adds a currency, and the assembly follows', async () => {
  await journey.step('assemblies-settings', async (page, baseUrl) => {
    await page.goto(`${baseUrl}/organization/settings`);
    const general = page.getByRole('form', { name: 'General' });
    const delimiter = general.getByRole('textbox', { name: 'Revision delimiter' });
    await visible(delimiter);
    await delimiter.fill('.');
    await general.getByRole('button', { name: 'Save General' }).click();
    await visible(page.getByText('General saved.'));

    const units = page.getByRole('form', { name: 'Units' });
    await units.getByRole('combobox', { name: 'Organization default' }).click();
    await page.getByRole('option', { name: 'Imperial (in, psi)' }).click();
    await units.getByRole('button', { name: 'Save Units' }).click();
    await visible(page.getByText('Units saved.'));
    await screenshot(page, 'assemblies-settings-phone');

    await page.goto(`${baseUrl}/organization/currencies`);
    const currencies = page.getByRole('form', { name: 'Currencies' });
    await currencies.getByRole('button', { name: 'Add a currency' }).click();
    await currencies.getByRole('textbox', { name: 'Currency' }).last().fill('CAD');
    await currencies.getByRole('textbox', { name: 'Rate' }).last().fill('1.37');
    await currencies.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Currencies saved'));

    // The assembly built above: its title with the new delimiter, its figures in inches and psi.
    await page.goto(need(built.url, 'The built assembly'));
    const [partNumber] = need(built.title, 'The built title').split('_');
    await visible(page.getByRole('heading', { level: 1, name: `${partNumber}.A` }), 20_000);
    const figures = page.getByRole('region', { name: 'Figures' });
    await visible(figures.getByText('35-1/16 in'));
    await visible(figures.getByText(/4,000 psi/));
    await screenshot(page, 'assemblies-imperial-phone');
  });
});
