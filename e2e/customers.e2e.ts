/**
 * Customers: a shop keeps its customers, in real Chromium against the built app started as a user
 * starts it. Two trial shops are seeded before the server starts (no demo organisation then):
 *
 *   1. desktop: the empty list, 'New customer', the form with a contact and terms, the customer's page,
 *      the list and its search, then the global search opening the customer;
 *   2. phone (390x844): a customer created on a phone, the list as cards, no sideways scrolling;
 *   3. a trial shop at its 25 customers (filled through the API) gets the limit message and the upgrade link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromePath, newSession, type Session, screenshot } from './support/browser.ts';
import { signIn, waitForPath } from './support/flows.ts';
import { launchWithServer, need, runStep, visible } from './support/journey.ts';
import { type RunningServer, startSeededServer } from './support/server.ts';

const SHOP = { name: 'Casey Counter', email: 'casey@prairie-hose.test', password: 'e2e-Prairie-Hose-1' };
const FULL = { name: 'Robin Full', email: 'robin@full-hose.test', password: 'e2e-Full-Hose-1' };
const TRIAL_CUSTOMER_LIMIT = 25;

let browser: Browser | undefined;
let server: RunningServer | undefined;
const sessions: Session[] = [];

beforeAll(async () => {
  chromePath();
  ({ browser, server } = await launchWithServer(() =>
    startSeededServer(
      {
        organizations: [
          { key: 'shop', organizationName: 'Prairie Hose', admin: SHOP },
          { key: 'full', organizationName: 'Full Hose', admin: FULL },
        ],
      },
      { name: 'customers server' },
    ),
  ));
});

afterAll(async () => {
  for (const s of sessions) await s.close().catch(() => undefined);
  await Promise.allSettled([browser?.close(), server?.stop()]);
});

async function signedIn(viewport: 'desktop' | 'phone', who: typeof SHOP): Promise<Session> {
  const session = await newSession(need(browser, 'The browser'), viewport);
  sessions.push(session);
  await signIn(session.page, need(server, 'The server').baseUrl, who.email, who.password);
  return session;
}

/** Fills the form's name (the first field called Name) and saves; waits for the customer's page. */
async function createThroughForm(page: Page, name: string, fill?: (page: Page) => Promise<void>) {
  await visible(page.getByRole('heading', { name: 'New customer', level: 1 }));
  await page.getByLabel('Name', { exact: false }).first().fill(name);
  await fill?.(page);
  await page.getByRole('button', { name: 'Save customer' }).click();
  await visible(page.getByRole('heading', { name, level: 1 }));
  expect(new URL(page.url()).pathname).toMatch(/^\/customer\/[0-9a-f-]{36}$/);
}

describe('customers', () => {
  test('1. desktop: create a customer with a contact and terms, find it in the list and in the global search', async () => {
    const session = await signedIn('desktop', SHOP);
    await step('cu1-desktop', session, async (page, baseUrl) => {
      await page.goto(`${baseUrl}/customers`);
      await visible(page.getByText('No customers yet'));
      await page.getByRole('link', { name: 'New customer' }).first().click();
      await waitForPath(page, '/customers/new');

      await createThroughForm(page, 'Prairie Hydraulics Ltd', async (p) => {
        await p.getByLabel('Account number').fill('PH-100');
        await p.getByLabel('Web domain').fill('https://www.PrairieHyd.ca/');
        await p.getByRole('button', { name: 'Add a contact' }).click();
        const contact = p.getByRole('group', { name: 'Contact 1' });
        await contact.getByLabel('Name').fill('Lee Parts');
        await contact.getByLabel('Email').fill('lee@prairiehyd.ca');
        await p.getByLabel('Margin (% of sell price)').fill('35');
        // 70 / (1 - 0.35) = 107.69
        await visible(p.getByText('A part that costs US$70 sells to this customer at US$107.69.'));
      });
      await visible(page.getByText('Account PH-100'));
      await visible(page.getByText('prairiehyd.ca', { exact: true }));
      await visible(page.getByRole('link', { name: 'lee@prairiehyd.ca' }));
      const customerPath = new URL(page.url()).pathname;

      await page.goto(`${baseUrl}/customers`);
      const grid = page.getByRole('grid', { name: 'Customers' });
      await visible(grid.getByText('Prairie Hydraulics Ltd'));
      await page.getByRole('searchbox', { name: 'Search customers' }).fill('ph-100');
      await page.waitForURL((url) => url.searchParams.get('q') === 'ph-100');
      await visible(grid.getByText('Prairie Hydraulics Ltd'));
      await page.getByRole('searchbox', { name: 'Search customers' }).fill('nobody here');
      await visible(page.getByText('No customer matches'));

      // The global search in the top bar: title name, subtitle domain, opens the customer.
      const search = page.getByPlaceholder('Search', { exact: true });
      await search.fill('Prairie Hyd');
      const result = page.getByRole('link', { name: /Prairie Hydraulics Ltd/ }).first();
      await visible(result);
      await result.click();
      await waitForPath(page, customerPath);
      await visible(page.getByRole('heading', { name: 'Prairie Hydraulics Ltd', level: 1 }));
    });
  });

  test('2. phone: create a customer and see the list as cards without sideways scrolling', async () => {
    const session = await signedIn('phone', SHOP);
    await step('cu2-phone', session, async (page, baseUrl) => {
      await page.goto(`${baseUrl}/customers/new`);
      await createThroughForm(page, 'Foothills Forestry', async (p) => {
        await screenshot(p, 'cu2-phone-form');
      });
      await screenshot(page, 'cu2-phone-detail');
      await page.goto(`${baseUrl}/customers`);
      const cards = page.getByRole('list', { name: 'Customers' });
      await visible(cards.getByText('Foothills Forestry'));
      await visible(cards.getByText('Prairie Hydraulics Ltd'));
      await screenshot(page, 'cu2-phone-list');
      const overflow = (await page.evaluate(
        'document.scrollingElement.scrollWidth - window.innerWidth',
      )) as number;
      expect(overflow).toBeLessThanOrEqual(0);
      await cards.getByText('Foothills Forestry').click();
      await visible(page.getByRole('heading', { name: 'Foothills Forestry', level: 1 }));
      await visible(page.getByRole('tab', { name: 'Items' }));
    });
  });

  test('3. a trial shop at its customer limit gets the limit message with the upgrade link', async () => {
    const session = await signedIn('desktop', FULL);
    await step('cu3-limit', session, async (page, baseUrl) => {
      await page.goto(`${baseUrl}/customers`);
      await visible(page.getByText('No customers yet'));
      // Fill the plan through the API with the page's own access token.
      const statuses = (await page.evaluate(`(async () => {
        const token = decodeURIComponent((/(?:^|; )accessToken=([^;]*)/.exec(document.cookie) || [])[1] || '');
        const out = [];
        for (let i = 1; i <= ${TRIAL_CUSTOMER_LIMIT}; i++) {
          const res = await fetch('/api/v1/customer/new/update', {
            method: 'POST',
            headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Seeded customer ' + i }),
          });
          out.push(res.status);
        }
        return out;
      })()`)) as number[];
      expect(statuses).toEqual(Array(TRIAL_CUSTOMER_LIMIT).fill(200));

      await page.goto(`${baseUrl}/customers/new`);
      await visible(page.getByRole('heading', { name: 'New customer', level: 1 }));
      await page.getByLabel('Name', { exact: false }).first().fill('One too many');
      await page.getByRole('button', { name: 'Save customer' }).click();
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'Your plan allows 25 customers and you have 25.' });
      await visible(alert);
      expect(await alert.getByRole('link', { name: 'Upgrade your subscription' }).getAttribute('href')).toBe(
        '/upgradesubscription',
      );
      expect(new URL(page.url()).pathname).toBe('/customers/new');
    });
  });
});

function step(
  name: string,
  session: Session | undefined,
  steps: (page: Page, baseUrl: string) => Promise<void>,
): Promise<void> {
  return runStep(name, session, server, steps);
}
