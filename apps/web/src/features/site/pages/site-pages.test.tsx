import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { AttributionsPage } from './attributions-page';
import { SupportPage } from './support-page';

describe('share your feedback', () => {
  beforeEach(() => setAccessTokenGetter(async () => 'sdk-token'));

  it('asks what the feedback is about, sends it and acknowledges it', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/feedback': { status: 201, body: { ok: true, id: 'f-1' } } });
    renderWithProviders(<SupportPage />, { auth: signedInDouble() });
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Choose what kind of feedback this is')).toBeTruthy();
    expect(screen.getByText('Write at least a sentence (10 characters)')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'A problem' }));
    await userEvent.click(screen.getByRole('textbox', { name: /Your feedback/ }));
    await userEvent.paste('The tag printer cuts off the QR.');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/We read every message/);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      category: 'problem',
      message: 'The tag printer cuts off the QR.',
    });
  });
});

describe('attributions', () => {
  it('lists the shipped packages with their licences and finds one by name', async () => {
    stubFetch({
      'GET /attributions.json': {
        body: {
          packages: [
            {
              name: 'react',
              version: '19.0.0',
              license: 'MIT',
              repository: 'https://github.com/facebook/react',
            },
            {
              name: 'pdfkit',
              version: '0.17.0',
              license: 'MIT',
              repository: 'https://github.com/foliojs/pdfkit',
            },
          ],
        },
      },
    });
    renderWithProviders(<AttributionsPage />, { auth: signedInDouble() });
    expect(await screen.findByText('2 packages')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'react' }).getAttribute('href')).toBe(
      'https://github.com/facebook/react',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Find a package' }), 'pdf');
    expect(screen.getByText('1 package')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'react' })).toBeNull();
  });
});
