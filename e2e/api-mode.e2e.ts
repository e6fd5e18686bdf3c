/**
 * API mode for ERPs, in real Chromium against the built app started as a user starts it:
 *
 *   1. desktop: an admin creates an API key on /organization/api and copies the secret shown once; an ERP
 *      (plain fetch from the test) exchanges it for a token and calls the API; the admin sees the calls in the
 *      API log, disables the key, and the ERP's next call is refused with `apiFailed`;
 *   2. phone (390x844): the tab shows the keys and the log as cards, without sideways scrolling;
 *   3. embedded: a parent page on another origin frames the configurator and hands it a token exchanged from a
 *      key, acting for one customer; a hose built in the frame is saved for that customer, the ERP reads it
 *      back; once the admin disables the key, the frame tells the parent `securityTokenExpired`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromePath, newSession, type Session, screenshot } from './support/browser.ts';
import { choose, signIn } from './support/flows.ts';
import { launchWithServer, need, runStep, visible } from './support/journey.ts';
import { type RunningServer, startSeededServer } from './support/server.ts';

const ADMIN = { name: 'Avery Admin', email: 'avery@erp-hose.test', password: 'e2e-Erp-Hose-1' };

let browser: Browser | undefined;
let server: RunningServer | undefined;
const sessions: Session[] = [];

/**
 * The ERP's own page on another origin: it frames the configurator, answers its `configuratorReady` with the
 * token and customer given in its query string, and writes what the frame tells it into `#events`.
 */
const PARENT_PAGE = `<!doctype html><html lang="en"><head><title>ERP order entry</title></head><body>
<h1>ERP order entry</h1><ul id="events" aria-label="Messages from the configurator"></ul>
<iframe title="Hose configurator" style="width:1200px;height:1400px;border:0"></iframe>
<script>
  const query = new URLSearchParams(location.search);
  const frame = document.querySelector('iframe');
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    const item = document.createElement('li');
    item.textContent = event.data.type + (event.data.title ? ' ' + event.data.title : '');
    document.getElementById('events').append(item);
    if (event.data.type === 'configuratorReady') {
      frame.contentWindow.postMessage(
        { type: 'settings', accessToken: query.get('token'), expiresIn: 600, customerId: query.get('customer') },
        query.get('app'),
      );
    }
  });
  frame.src = query.get('app') + '/iframe/hoseassembly';
</script></body></html>`;
let parentSite: Server | undefined;
let parentOrigin = '';

beforeAll(async () => {
  chromePath();
  parentSite = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PARENT_PAGE);
  });
  await new Promise<void>((resolve) => parentSite?.listen(0, '127.0.0.1', resolve));
  parentOrigin = `http://127.0.0.1:${(parentSite.address() as AddressInfo).port}`;
  ({ browser, server } = await launchWithServer(() =>
    startSeededServer(
      { organizations: [{ key: 'shop', organizationName: 'ERP Hose', admin: ADMIN }] },
      { name: 'api server', env: { EMBED_ORIGINS: parentOrigin } },
    ),
  ));
});

afterAll(async () => {
  for (const s of sessions) await s.close().catch(() => undefined);
  await Promise.allSettled([
    browser?.close(),
    server?.stop(),
    new Promise((resolve) => parentSite?.close(resolve)),
  ]);
});

async function signedIn(viewport: 'desktop' | 'phone'): Promise<Session> {
  const session = await newSession(need(browser, 'The browser'), viewport);
  sessions.push(session);
  await signIn(session.page, need(server, 'The server').baseUrl, ADMIN.email, ADMIN.password);
  return session;
}

function step(name: string, session: Session, steps: (page: Page, baseUrl: string) => Promise<void>) {
  return runStep(name, session, server, steps);
}

/** The admin creates a key on the API tab and copies its client id and secret from the dialog. */
async function createKey(page: Page, baseUrl: string, name: string, role: 'Admin' | 'Regular') {
  await page.goto(`${baseUrl}/organization/api`);
  await page.getByRole('button', { name: 'Create a key' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role }).click();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await visible(dialog.getByText('Copy your secret now'));
  const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const clientSecret = await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return { clientId, clientSecret };
}

/** The ERP exchanges a key for an access token. */
async function exchange(baseUrl: string, key: { clientId: string; clientSecret: string }): Promise<string> {
  const exchanged = await fetch(`${baseUrl}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: key.clientSecret,
    }),
  });
  expect(exchanged.status, await exchanged.clone().text()).toBe(200);
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

describe('API mode', () => {
  test('1. desktop: an admin creates a key, the ERP calls with it, the log shows it, disabled it is refused', async () => {
    const session = await signedIn('desktop');
    await step('api1-desktop', session, async (page, baseUrl) => {
      await page.goto(`${baseUrl}/organization/api`);
      await visible(page.getByText('No API keys yet'));
      await page.getByRole('button', { name: 'Create a key' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Shop ERP');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await visible(dialog.getByText('Copy your secret now'));
      const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
      const clientSecret = await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
      expect(clientSecret).toMatch(/^hws_/);
      await screenshot(page, 'api1-secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await visible(page.getByRole('cell', { name: 'Shop ERP' }).first());

      // The ERP: exchange the key, then list the shop's hose assemblies.
      const exchanged = await fetch(`${baseUrl}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }),
      });
      expect(exchanged.status, await exchanged.clone().text()).toBe(200);
      const { access_token: token } = (await exchanged.json()) as { access_token: string };
      const listed = await fetch(`${baseUrl}/api/v1/hoseassemblies`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);

      await page.reload();
      await visible(page.getByRole('cell', { name: '/api/v1/hoseassemblies' }));
      await visible(page.getByRole('cell', { name: '/api/v1/oauth/token' }));
      await screenshot(page, 'api1-log');

      await page.getByRole('button', { name: 'Disable the key Shop ERP' }).click();
      await visible(page.getByText('Disabled', { exact: true }).first());
      const refused = await fetch(`${baseUrl}/api/v1/hoseassemblies`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { details?: { apiFailed?: boolean } }).details?.apiFailed).toBe(true);
    });
  });

  test('2. phone: keys and calls as cards, without sideways scrolling', async () => {
    const session = await signedIn('phone');
    await step('api2-phone', session, async (page, baseUrl) => {
      await page.goto(`${baseUrl}/organization/api`);
      await visible(page.getByText('Shop ERP').first());
      await visible(page.getByText('/api/v1/hoseassemblies').first());
      await screenshot(page, 'api2-phone');
      const overflow = (await page.evaluate(
        'document.scrollingElement.scrollWidth - window.innerWidth',
      )) as number;
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });

  test('3. embedded: the configurator in an ERP page builds for its customer with a key, and asks for a new token once the key is disabled', async () => {
    const admin = await signedIn('desktop');
    const erp = await newSession(need(browser, 'The browser'), 'desktop');
    sessions.push(erp);
    const baseUrl = need(server, 'The server').baseUrl;
    let key = { clientId: '', clientSecret: '' };
    let token = '';
    let customerId = '';
    await step('api3-key', admin, async (page) => {
      // An admin key: the ERP also loads the catalogue.
      key = await createKey(page, baseUrl, 'Order entry', 'Admin');
      token = await exchange(baseUrl, key);
      // The ERP loads the sample catalogue and adds its customer, acting as the key's admin.
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const sample = await fetch(`${baseUrl}/api/v1/organization/sampledata/load`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(sample.status, await sample.clone().text()).toBe(200);
      const created = await fetch(`${baseUrl}/api/v1/customer/new/update`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Prairie Farms Co-op', currency: 'USD' }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      customerId = ((await created.json()) as { _id: string })._id;
    });

    await step('api3-embedded', erp, async (page) => {
      const query = new URLSearchParams({ app: baseUrl, token, customer: customerId });
      await page.goto(`${parentOrigin}/?${query}`);
      const frame = page.frameLocator('iframe[title="Hose configurator"]');
      await choose(frame, 'Hose', 'GEN-2SN-08', /^GEN-2SN-08/);
      await choose(frame, 'End A fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
      await choose(frame, 'End B fitting', 'F-SN-08-FJX90', /^F-SN-08-FJX90 ·/);
      await frame.getByRole('textbox', { name: 'Overall length' }).fill('1000');
      await frame.getByRole('textbox', { name: 'Orientation angle' }).fill('90');
      // Acting for the customer the parent named: the builder shows it and does not let it change.
      await expect
        .poll(() => frame.getByRole('textbox', { name: 'Customer' }).inputValue(), { timeout: 15_000 })
        .toMatch(/Prairie Farms Co-op/);
      const save = frame.getByRole('button', { name: 'Save', exact: true }).filter({ visible: true }).first();
      await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
      await save.click();
      const events = page.getByRole('list', { name: 'Messages from the configurator' });
      await visible(events.getByText(/^hoseAssemblySaved /), 20_000);
      await screenshot(page, 'api3-embedded-saved');

      // The ERP reads the customer's assemblies back, acting for that customer.
      const listed = await fetch(`${baseUrl}/api/v1/hoseassemblies`, {
        headers: { authorization: `Bearer ${token}`, apicustomerid: customerId },
      });
      expect(listed.status).toBe(200);
      const { items } = (await listed.json()) as {
        items: { customerId: string | null; overallLengthMm: number }[];
      };
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ customerId, overallLengthMm: 1000 });
    });

    await step('api3-disable', admin, async (page) => {
      await page.goto(`${baseUrl}/organization/api`);
      await page.getByRole('button', { name: 'Disable the key Order entry' }).click();
      await visible(page.getByText('Disabled', { exact: true }).first());
    });

    await step('api3-expired', erp, async (page) => {
      // The next page load in the frame is refused: the frame asks its parent for a new token.
      await page.reload();
      const events = page.getByRole('list', { name: 'Messages from the configurator' });
      await visible(events.getByText('securityTokenExpired').first(), 20_000);
      await visible(
        page
          .frameLocator('iframe[title="Hose configurator"]')
          .getByText('The access token has expired.', { exact: false }),
      );
      await screenshot(page, 'api3-embedded-expired');
    });
  });
});
