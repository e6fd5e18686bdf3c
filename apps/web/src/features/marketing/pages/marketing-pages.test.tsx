import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { ContactPage } from './contact-page';
import { FeaturesPage } from './features-page';
import { HomePage } from './home-page';

describe('home page', () => {
  it('explains the product and starts the free trial through sign-up', async () => {
    const auth = createAuthDouble();
    renderWithProviders(<HomePage />, { auth });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/hydraulic hoses/);
    // Links to /signup and /login (what the pre-rendered page follows); here they redirect at once.
    const trial = screen.getByRole('link', { name: 'Start your free trial' });
    const logIn = screen.getByRole('link', { name: 'Log in' });
    expect([trial.getAttribute('href'), logIn.getAttribute('href')]).toEqual(['/signup', '/login']);
    await userEvent.click(trial);
    expect(auth.loginWithRedirect).toHaveBeenCalledWith({
      authorizationParams: { screen_hint: 'signup' },
      appState: { returnTo: '/dashboard' },
    });
    await userEvent.click(logIn);
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({ appState: { returnTo: '/dashboard' } });
  });

  it('offers a signed-in user the dashboard instead', () => {
    renderWithProviders(<HomePage />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: 'Open your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Start your free trial' })).toBeNull();
  });
});

describe('plans & pricing', () => {
  it('lists every plan with price, limits and what it adds, Unlimited for no limit', () => {
    renderWithProviders(<FeaturesPage />);
    const table = screen.getByRole('table', { name: 'Hosewright plans' });
    const rows = within(table).getAllByRole('row');
    const cells = (i: number) =>
      within(rows[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Trial', 'Professional', 'Enterprise']);
    expect(cells(1)).toEqual(['Free for 30 days', 'US$79 / month', 'US$199 / month']);
    expect(cells(2)).toEqual(['25', '1,000', 'Unlimited']);
    expect(cells(5)[2]).toBe('Price lists');
  });
});

describe('contact page', () => {
  it('checks the form, sends it to the company, and thanks the sender', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/contact': { status: 201, body: { ok: true } } });
    renderWithProviders(<ContactPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Tell us your name')).toBeTruthy();
    expect(screen.getByText('Enter an email address we can answer, like name@example.com')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    await userEvent.click(screen.getByRole('textbox', { name: /Message/ }));
    await userEvent.paste('Do you handle 4SH hoses?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /Thank you, Sam\. Your message is on its way/,
    );
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ name: 'Sam', email: 'sam@example.com' });
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('says why a message could not be sent and keeps what was written', async () => {
    stubFetch({
      'POST /api/v1/contact': {
        status: 429,
        body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Please try again in 9 minutes.' },
      },
    });
    renderWithProviders(<ContactPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    await userEvent.click(screen.getByRole('textbox', { name: /Message/ }));
    await userEvent.paste('Do you handle 4SH hoses?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Please try again in 9 minutes/);
    expect((screen.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement).value).toBe(
      'Do you handle 4SH hoses?',
    );
  });
});
