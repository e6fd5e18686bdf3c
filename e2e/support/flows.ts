/**
 * Steps journeys share: signing in through the embedded provider's page, waiting for the SPA to settle,
 * finding the chrome's buttons by their accessible names.
 */
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { assertAccessible } from './a11y.ts';

/** True for the provider's pages (everything under /idp). */
export const isProviderUrl = (url: URL) => url.pathname.startsWith('/idp');

/** Paths the SPA passes through while signing in or out; a journey never "ends" on one of them. */
const TRANSIT = new Set(['/login', '/callback', '/logout', '/logoutcallback']);

/** Waits until the page is back in the SPA on `baseUrl`, past the provider and the sign-in transit routes. */
export async function waitForSpa(page: Page, baseUrl: string, timeout = 30_000): Promise<URL> {
  const origin = new URL(baseUrl).origin;
  await page.waitForURL((url) => url.origin === origin && !isProviderUrl(url) && !TRANSIT.has(url.pathname), {
    timeout,
  });
  return new URL(page.url());
}

/** Waits until the path is exactly `path`. */
export async function waitForPath(page: Page, path: string, timeout = 30_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** The provider's sign-in form (fields labelled Email and Password). */
export function signInForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: /^sign in$/i }),
  };
}

/**
 * Fills and submits the provider's sign-in page, which must be showing (or about to). Journeys pass through
 * it in the middle of their steps, so it is checked here as a step checks its pages at its end
 * (`checkPages`): no serious or critical axe finding.
 */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = signInForm(page);
  await form.email.waitFor({ state: 'visible', timeout: 30_000 });
  await assertAccessible([page]);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * Signs in as a user would: /login sends the browser to the provider, the user fills the sign-in form,
 * the provider sends the browser back to the SPA. Returns the URL the SPA settled on.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<URL> {
  await page.goto(`${baseUrl}/login`);
  await page.waitForURL(isProviderUrl, { timeout: 30_000 });
  await submitSignIn(page, email, password);
  return waitForSpa(page, baseUrl);
}

/** The signed-out buttons of the top bar ('SIGN  UP', and 'LOGIN' as text or an icon). */
export function signedOutButtons(page: Page): { signUp: Locator; logIn: Locator } {
  return {
    signUp: clickable(page, /sign\s*up/i),
    logIn: clickable(page, /^\s*log\s*in\s*$/i),
  };
}

/** A button or link with this accessible name (MUI renders some buttons as links). */
export function clickable(page: Page | Locator, name: RegExp): Locator {
  return page.getByRole('button', { name }).or(page.getByRole('link', { name })).first();
}

/** The title the SPA sets on every navigation: 'Hosewright - <route name>'. */
export async function waitForTitle(page: Page, title: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await page.title();
  while (seen !== title) {
    if (Date.now() > deadline) {
      throw new Error(`Expected the document title "${title}", found "${seen}" on ${page.url()}`);
    }
    await page.waitForTimeout(100);
    seen = await page.title();
  }
}

/**
 * Types into the autocomplete labelled `label` and picks the first option whose name matches `option`, on a
 * page or inside a frame (the embedded configurator).
 */
export async function choose(
  page: Page | FrameLocator,
  label: string,
  text: string,
  option: RegExp,
): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.waitFor({ state: 'visible', timeout: 15_000 });
  await box.click();
  await box.fill(text);
  const pick = page.getByRole('option', { name: option }).first();
  await pick.waitFor({ state: 'visible', timeout: 15_000 });
  await pick.click();
}
