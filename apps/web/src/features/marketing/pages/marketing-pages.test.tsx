import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { renderWithProviders } from '@/test/render-app';
import { ContactPage } from './contact-page';
import { FeaturesPage } from './features-page';
import { HomePage } from './home-page';

describe('home page', () => {
  it('explains the product and starts the free trial through sign-up', async () => {
    const auth = createAuthDouble();
    renderWithProviders(<HomePage />, { auth });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/hydraulic hoses/);
    await userEvent.click(screen.getByRole('button', { name: 'Start your free trial' }));
    expect(auth.loginWithRedirect).toHaveBeenCalledWith({
      authorizationParams: { screen_hint: 'signup' },
      appState: { returnTo: '/' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({ appState: { returnTo: '/' } });
  });

  it('offers a signed-in user the dashboard instead', () => {
    renderWithProviders(<HomePage />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: 'Open your dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Start your free trial' })).toBeNull();
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
  it('validates the form and says plainly that nothing is sent yet', async () => {
    renderWithProviders(<ContactPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /Your name/ }), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'sam@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Do you handle 4SH hoses?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('status').textContent).toMatch(/it was not sent/);
  });
});
