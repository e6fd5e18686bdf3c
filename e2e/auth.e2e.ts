/**
 * Authentication: signing up, verifying, signing in and out, the navigation guard's redirects, the callback's
 * error path and the phone layout, in a real Chromium against the built app.
 *
 * Two servers, both started as a user starts them:
 * - `fresh`: an empty DATA_DIR; the server creates the demo organisation itself (journeys a, d, e, f).
 * - `seeded`: a DATA_DIR prepared before start with the server's own modules (e2e/support/seed.ts), because
 *   a regular member cannot be created through the UI yet, and an expired subscription needs a past date
 *   (journeys b, c, g).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  chromePath,
  launchBrowser,
  newSession,
  pathOf,
  type Session,
  screenshot,
  type ViewportName,
} from './support/browser.ts';
import {
  clickable,
  isProviderUrl,
  signedOutButtons,
  signIn,
  signInForm,
  submitSignIn,
  waitForPath,
  waitForSpa,
  waitForTitle,
} from './support/flows.ts';
import { checkPages } from './support/journey.ts';
import {
  DEMO,
  findLink,
  type RunningServer,
  startSeededServer,
  startServer,
  waitForEmail,
} from './support/server.ts';

const TRIAL_ADMIN = {
  name: 'Tess Trial',
  email: 'tess@trial-hose.test',
  password: 'Trial-shop-2024',
  organization: 'Trial Hose Co',
};
const REGULAR = {
  name: 'Reggie Regular',
  email: 'reggie@member-hose.test',
  password: 'Regular-member-2024',
};
const LAPSED = {
  name: 'Lee Lapsed',
  email: 'lee@lapsed-hose.test',
  password: 'Lapsed-shop-2024',
  organization: 'Lapsed Hydraulics',
};
const MEMBER_ORG = {
  name: 'Morgan Admin',
  email: 'morgan@member-hose.test',
  password: 'Member-admin-2024',
  organization: 'Member Hydraulics',
};

let browser: Browser | undefined;
let fresh: RunningServer | undefined;
let seeded: RunningServer | undefined;

beforeAll(async () => {
  chromePath(); // fail at once, before starting servers, when there is no browser
  const results = await Promise.allSettled([
    launchBrowser(),
    startServer({ name: 'fresh server' }),
    startSeededServer(
      {
        organizations: [
          {
            key: 'trial',
            organizationName: TRIAL_ADMIN.organization,
            admin: { name: TRIAL_ADMIN.name, email: TRIAL_ADMIN.email, password: TRIAL_ADMIN.password },
          },
          {
            key: 'member',
            organizationName: MEMBER_ORG.organization,
            admin: { name: MEMBER_ORG.name, email: MEMBER_ORG.email, password: MEMBER_ORG.password },
            regulars: [{ key: 'regular', ...REGULAR }],
          },
          {
            key: 'lapsed',
            organizationName: LAPSED.organization,
            admin: { name: LAPSED.name, email: LAPSED.email, password: LAPSED.password },
            expired: true,
          },
        ],
      },
      { name: 'seeded server' },
    ),
  ]);
  const [b, f, s] = results;
  if (b.status === 'fulfilled') browser = b.value;
  if (f.status === 'fulfilled') fresh = f.value;
  if (s.status === 'fulfilled') seeded = s.value;
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length > 0) {
    throw new Error(
      failures.map((r) => (r.reason instanceof Error ? r.reason.message : String(r.reason))).join('\n\n'),
    );
  }
});

afterAll(async () => {
  await Promise.allSettled([browser?.close(), fresh?.stop(), seeded?.stop()]);
});

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not available (see the beforeAll failure)`);
  return value;
};

/**
 * Runs a journey in a new browser context; at its end its pages must pass `checkPages`. On failure: a
 * screenshot `<name>-FAILED.png`, and the error message gains the page URL, the URLs visited, page errors
 * and the end of the server's output.
 */
async function journey(
  name: string,
  server: RunningServer | undefined,
  viewport: ViewportName,
  steps: (session: Session, server: RunningServer) => Promise<void>,
): Promise<void> {
  const running = need(server, 'The server');
  const session = await newSession(need(browser, 'The browser'), viewport);
  try {
    await steps(session, running);
    await checkPages(session);
    if (process.env.E2E_DEBUG) {
      console.info(
        `--- ${name}\nvisited:\n  ${session.visited.join('\n  ')}\nproblems:\n  ${session.problems.join('\n  ')}`,
      );
    }
  } catch (error) {
    const shot = await screenshot(session.page, `${name}-FAILED`).catch(() => 'none');
    const details = [
      `page: ${session.page.url()}`,
      `title: ${await session.page.title().catch(() => '?')}`,
      `visited:\n  ${session.visited.join('\n  ')}`,
      `page problems:\n  ${session.problems.join('\n  ') || '(none)'}`,
      `screenshot: ${shot}`,
      `server output (end):\n${running.output().slice(-4000)}`,
    ].join('\n');
    if (error instanceof Error) {
      error.message = `${error.message}\n--- ${name}\n${details}`;
      throw error;
    }
    throw new Error(`${String(error)}\n--- ${name}\n${details}`);
  } finally {
    await session.close();
  }
}

async function visible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

async function goToDashboard(page: Page, baseUrl: string): Promise<void> {
  if (pathOf(page.url()) !== '/dashboard') await page.goto(`${baseUrl}/dashboard`);
  await waitForPath(page, '/dashboard');
  await waitForTitle(page, 'Hosewright - Dashboard');
}

describe('the server as a user starts it', () => {
  test('answers health, version and public config, and serves the SPA at any other path', async () => {
    const { baseUrl } = need(fresh, 'The fresh server');
    const health = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/healthz`);
    expect(health.status).toBe(200);
    const version = (await (
      await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/version.json`)
    ).json()) as {
      version?: unknown;
    };
    expect(typeof version.version).toBe('number');
    const config = (await (
      await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/api/v1/public/config`)
    ).json()) as { oidc?: { domain?: string } };
    expect(config.oidc?.domain).toBe(`${baseUrl}/idp`);
    const deep = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/hosekit/123/edit`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('authentication journeys', () => {
  test('a. a new shop signs up from the home page, verifies its email and lands on the dashboard as Trial', async () => {
    await journey('a-signup', fresh, 'desktop', async ({ page }, server) => {
      const stamp = Date.now().toString(36);
      const email = `owner-${stamp}@riverside-hose.test`;
      const password = 'Riverside-hoses-2024';
      const organization = `Riverside Hose & Fittings ${stamp}`;

      await page.goto(`${server.baseUrl}/`);
      await waitForTitle(page, 'Hosewright - Home');
      const { signUp } = signedOutButtons(page);
      await visible(signUp);
      await screenshot(page, 'a1-home-signed-out');
      await signUp.click();

      await page.waitForURL(isProviderUrl, { timeout: 30_000 });
      await visible(page.getByRole('heading', { name: /create an account|sign up/i }));
      await page.getByLabel('Your name').fill('Rita Riverside');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel(/organi[sz]ation name|shop or company name/i).fill(organization);
      await screenshot(page, 'a2-provider-signup');
      await page.getByRole('button', { name: /create account|sign up/i }).click();

      // The same page whether or not the address has an account (ADR 14): the link comes by email.
      await visible(page.getByRole('heading', { name: /check your inbox/i }), 45_000);
      await visible(page.getByText(email).first());
      await screenshot(page, 'a3-check-inbox');

      const mail = await waitForEmail(server.dataDir, (m) => m.to.includes(email));
      expect(mail.subject).toMatch(/confirm|verify/i);
      const link = findLink(mail, /\/idp\/verify-email\?token=/);
      expect(link.startsWith(`${server.baseUrl}/idp/verify-email?token=`)).toBe(true);

      await page.goto(link);
      await visible(page.getByText(/confirmed|verified/i).first());
      await screenshot(page, 'a4-email-verified');

      // The provider's page offers the way into the app: the new owner signs in with the password they chose.
      await clickable(page, /continue to hosewright/i).click();
      await visible(signInForm(page).email, 30_000);
      await submitSignIn(page, email, password);
      await waitForSpa(page, server.baseUrl);
      await goToDashboard(page, server.baseUrl);
      await visible(page.getByText(organization).first());
      await visible(page.getByText(/\btrial\b/i).first());
      // The trial tier shows an 'Upgrade' chip in the top bar, linking to /upgradesubscription.
      await visible(clickable(page, /^upgrade$/i));
      await screenshot(page, 'a5-dashboard-trial');
    });
  });

  test('b. a trial user opening /workorders ends on /upgradesubscription', async () => {
    await journey('b-trial-upgrade', seeded, 'desktop', async ({ page }, server) => {
      await signIn(page, server.baseUrl, TRIAL_ADMIN.email, TRIAL_ADMIN.password);
      await page.goto(`${server.baseUrl}/workorders`);
      await waitForPath(page, '/upgradesubscription');
      await waitForTitle(page, 'Hosewright - Upgrade Subscription');
      // The guard's code 996 (ACCESS_CODES.wrongTier) says 'Cannot access this feature'.
      await visible(page.getByText(/cannot access this feature/i).first());
      await screenshot(page, 'b1-upgradesubscription');
    });
  });

  test('c. a regular user opening /components is sent to /login', async () => {
    await journey('c-regular-components', seeded, 'desktop', async ({ page, visited }, server) => {
      await signIn(page, server.baseUrl, REGULAR.email, REGULAR.password);
      const mark = visited.length;
      const reachedLogin = page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
      await page.goto(`${server.baseUrl}/components`);
      await reachedLogin;
      // The guard answered 845 (missing role): the very next page after /components is /login.
      expect(distinctPaths(visited.slice(mark)).slice(0, 2)).toEqual(['/components', '/login']);
      // The guard's 845 (missing role): 'Cannot access this resource', go to /login; the login page says why
      // and offers a way on.
      await page.getByText('Cannot access this resource').waitFor({ state: 'visible', timeout: 30_000 });
      expect(pathOf(page.url())).toBe('/login');
      expect(await page.getByRole('heading', { name: /component library/i }).count()).toBe(0);
      await page.getByRole('button', { name: 'Back to the dashboard' }).click();
      await waitForPath(page, '/dashboard');
      await screenshot(page, 'c1-regular-after-components');
    });
  });

  test('d. signing out returns to the home page with the signed-out buttons', async () => {
    await journey('d-signout', fresh, 'desktop', async ({ page }, server) => {
      await signIn(page, server.baseUrl, DEMO.email, DEMO.password);
      await goToDashboard(page, server.baseUrl);
      await screenshot(page, 'd1-dashboard-demo');
      await signOut(page);

      await page.waitForURL((url) => url.origin === server.baseUrl && url.pathname === '/', {
        timeout: 30_000,
      });
      await waitForTitle(page, 'Hosewright - Home');
      const { signUp, logIn } = signedOutButtons(page);
      await visible(signUp);
      await visible(logIn);
      await screenshot(page, 'd2-home-after-signout');

      // Signed out at the provider too: a protected page asks for the password again.
      await page.goto(`${server.baseUrl}/dashboard`);
      await visible(signInForm(page).email, 30_000);
    });
  });

  test('e. a state mismatch on /callback ends on the login error page with a clear message', async () => {
    await journey('e-state-mismatch', fresh, 'desktop', async ({ page, problems }, server) => {
      await page.goto(`${server.baseUrl}/callback?code=x&state=bogus`);
      await waitForPath(page, '/errors/login');
      await waitForTitle(page, 'Hosewright - Login Error');
      await visible(page.getByText(/invalid state/i).first());
      await screenshot(page, 'e1-login-error');
      expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    });
  });

  test.each(['desktop', 'phone'] as const)(
    'g. an expired subscription blocks the app with the Subscription Expired banner (%s)',
    async (viewport) => {
      await journey(`g-expired-${viewport}`, seeded, viewport, async ({ page }, server) => {
        await signIn(page, server.baseUrl, LAPSED.email, LAPSED.password);
        await page.goto(`${server.baseUrl}/customers`);
        await waitForPath(page, '/subscriptionexpired');
        const banner = page.getByRole('alert').filter({ hasText: 'Subscription Expired' });
        await visible(banner);
        expect(await banner.textContent()).toContain(
          'Your subscription has expired. Please upgrade or contact us to extend your subscription.',
        );
        expect(await banner.getByRole('link').getAttribute('href')).toBe('/subscriptionexpired');
        await screenshot(page, `g1-expired-${viewport}`);
      });
    },
  );

  test('f. the demo admin sees the dashboard on a phone, with the menu reachable', async () => {
    await journey('f-phone-dashboard', fresh, 'phone', async ({ page }, server) => {
      await signIn(page, server.baseUrl, DEMO.email, DEMO.password);
      await goToDashboard(page, server.baseUrl);
      await visible(page.getByText(DEMO.organization).first());
      await screenshot(page, 'f1-phone-dashboard');
      // The phone's bottom bar: New, Search and Menu.
      await visible(page.getByRole('button', { name: /^new$/i }));
      await visible(page.getByRole('button', { name: /^search$/i }));
      const menu = page.getByRole('button', { name: /^menu$/i });
      await visible(menu);
      await menu.click();
      // The bottom drawer lists the navigation entries; the admin sees the Component Library.
      await visible(page.getByRole('link', { name: /customers/i }).first());
      await visible(page.getByRole('link', { name: /component library/i }).first());
      await screenshot(page, 'f2-phone-menu');
    });
  });
});

/** Signs out from the top bar, or from the user menu when the top bar has no direct sign-out button. */
describe('the team', () => {
  test('h. an admin invites a colleague, who joins from the email as regular; removed, their next call is refused', async () => {
    const server = need(fresh, 'The fresh server');
    const stamp = Date.now().toString(36);
    const email = `colleague-${stamp}@demo-hose.test`;
    const password = 'Colleague-joins-2024';
    const admin = await newSession(need(browser, 'The browser'), 'desktop');
    const colleague = await newSession(need(browser, 'The browser'), 'desktop');
    try {
      await signIn(admin.page, server.baseUrl, DEMO.email, DEMO.password);
      await admin.page.goto(`${server.baseUrl}/organization/users`);
      const form = admin.page.getByRole('form', { name: 'Invite someone' });
      await visible(form);
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await visible(admin.page.getByText(`Invitation sent to ${email}.`));
      await screenshot(admin.page, 'h1-team-invited');

      const mail = await waitForEmail(server.dataDir, (m) => m.to.includes(email));
      const link = findLink(mail, /\/idp\/accept-invitation\?token=/);
      await colleague.page.goto(link);
      await colleague.page.getByLabel('Your name').fill('Casey Colleague');
      await colleague.page.getByLabel('Password', { exact: true }).fill(password);
      await screenshot(colleague.page, 'h2-accept-invitation');
      await colleague.page.getByRole('button', { name: /join and create my account/i }).click();
      await visible(colleague.page.getByText(/welcome to the team/i));
      await colleague.page.getByRole('link', { name: /sign in to hosewright/i }).click();
      await visible(signInForm(colleague.page).email, 30_000);
      await submitSignIn(colleague.page, email, password);
      await waitForSpa(colleague.page, server.baseUrl);
      await goToDashboard(colleague.page, server.baseUrl);
      await visible(colleague.page.getByRole('link', { name: /customers/i }).first());
      // A regular member: the admin entries are not offered.
      expect(await colleague.page.getByRole('link', { name: /component library/i }).count()).toBe(0);
      await screenshot(colleague.page, 'h3-colleague-dashboard');

      await admin.page.reload();
      await admin.page.getByRole('button', { name: 'Remove Casey Colleague' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Remove Casey Colleague?' });
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await visible(admin.page.getByText('Casey Colleague no longer belongs to your organization.'));

      // The colleague's next call, with the token they hold, is refused.
      const cookies = await colleague.page.context().cookies();
      const token = decodeURIComponent(cookies.find((c) => c.name === 'accessToken')?.value ?? '');
      expect(token).not.toBe('');
      const { status } = await fetch(`${server.baseUrl}/api/v1/organization/users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status).toBe(403);
    } catch (error) {
      await screenshot(admin.page, 'h-admin-FAILED').catch(() => undefined);
      await screenshot(colleague.page, 'h-colleague-FAILED').catch(() => undefined);
      throw error;
    } finally {
      await Promise.allSettled([admin.close(), colleague.close()]);
    }
  });
});

async function signOut(page: Page): Promise<void> {
  const signOutControl = clickable(page, /log\s*out|sign\s*out/i);
  const direct = await signOutControl.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!direct) {
    const trigger = page.getByRole('button', { name: /account|user menu|open user/i }).first();
    await visible(trigger);
    await trigger.click();
    await visible(signOutControl);
  }
  await signOutControl.click();
}

/** The paths of a list of URLs, without consecutive repeats (a page load and its replaceState). */
function distinctPaths(urls: string[]): string[] {
  const paths = urls.map(pathOf);
  return paths.filter((p, i) => i === 0 || p !== paths[i - 1]);
}
