import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('every navigation', () => {
  it('titles the page with the product name and the route name', async () => {
    stubFetch({});
    const { router } = renderApp('/', createAuthDouble());
    await waitFor(() => expect(document.title).toBe('Hosewright - Home'));

    await router.navigate('/contact');
    await waitFor(() => expect(document.title).toBe('Hosewright - Contact Us'));

    await router.navigate('/qs/ABC-123');
    await waitFor(() => expect(document.title).toBe('Hosewright - Hose Assembly'));
  });

  it('scrolls back to the top on navigation', async () => {
    stubFetch({});
    const { router } = renderApp('/', createAuthDouble());
    await screen.findByRole('heading', { level: 1, name: /Build, tag and reorder/ });
    const scrolls = (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await router.navigate('/features');
    await waitFor(() =>
      expect(
        (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length,
      ).toBeGreaterThan(scrolls),
    );
  });

  it('shows a friendly Not Found page for unknown paths to a signed-in user', async () => {
    stubFetch({ 'POST /api/v1/sessions/create': { body: createSessionProfile() } });
    renderApp('/no/such/page', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(document.title).toBe('Hosewright - Not Found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor at an unknown path to /login (the domain lists Not Found under "Login only")', async () => {
    stubFetch({});
    const { router } = renderApp('/no/such/page', createAuthDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('renders headerless routes with their content only', async () => {
    stubFetch({});
    renderApp('/configurator', createAuthDouble());
    await waitFor(() => expect(document.title).toBe('Hosewright - Configurator'));
    expect(
      await screen.findByRole('heading', { name: 'This configurator runs inside a hose shop’s website' }),
    ).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'LOGIN' })).toBeNull();
  });

  it('frames other routes with the app bar and the footer', async () => {
    stubFetch({});
    renderApp('/features', createAuthDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
