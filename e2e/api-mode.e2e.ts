/**
 * API mode for ERPs, in real Chromium against the built app started as a user starts it:
 *
 *   1. desktop: an admin creates an API key on /organization/api and copies the secret shown once; an ERP
 *      (plain fetch from the test) exchanges it for a token and calls the API; the admin sees the calls in the
 *      API log, disables the key, and the ERP's next call is refused with `apiFailed`;
 *   2. phone (390x844): the tab shows the keys and the log as cards, without sideways scrolling.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromePath, launchBrowser, newSession, type Session, screenshot } from './support/browser.ts';
import { signIn } from './support/flows.ts';
import { need, runStep, visible } from './support/journey.ts';
import { makeDataDir, type RunningServer, seedDataDir, startServer } from './support/server.ts';

const ADMIN = { name: 'Avery Admin', email: 'avery@erp-hose.test', password: 'e2e-Erp-Hose-1' };

let browser: Browser | undefined;
let server: RunningServer | undefined;
const sessions: Session[] = [];

beforeAll(async () => {
  chromePath();
  const dataDir = await makeDataDir('hosewright-e2e-api-');
  await seedDataDir(dataDir, {
    organizations: [{ key: 'shop', organizationName: 'ERP Hose', admin: ADMIN }],
  });
  const [b, s] = await Promise.allSettled([launchBrowser(), startServer({ dataDir, name: 'api server' })]);
  if (b.status === 'fulfilled') browser = b.value;
  if (s.status === 'fulfilled') server = s.value;
  const failures = [b, s].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new Error(
      failures.map((r) => (r.reason instanceof Error ? r.reason.message : String(r.reason))).join('\n\n'),
    );
  }
});

afterAll(async () => {
  for (const s of sessions) await s.close().catch(() => undefined);
  await Promise.allSettled([browser?.close(), server?.stop()]);
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
});
