import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createHose } from '../test-factories';

const ORG = '/api/v1/organization';

describe('the builder hose field', { timeout: 60_000 }, () => {
  it('asks the server with the text as typed and offers every hose it finds', async () => {
    // The server reads '4000' as a working pressure or a part number: this hose is rated 3000 psi.
    const found = createHose({ _id: 'hose-4000', partNumber: 'HX-4000-08', workingPressurePsi: 3000 });
    const { fetchMock } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      [`GET ${ORG}/hoses`]: { body: { items: [found], total: 1, page: 1 } },
      [`GET ${ORG}/adaptors`]: { body: { items: [], total: 0, page: 1 } },
      [`GET ${ORG}/wraps`]: { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/hoseassemblies/new', signedInDouble());
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('combobox', { name: 'Hose' });
    for (const text of ['2SN -8', '275 bar', '4000']) {
      await user.clear(box);
      await user.type(box, text);
      await waitFor(() => {
        const asked = fetchMock.mock.calls.map(([input]) =>
          new URL(String(input), 'http://localhost').searchParams.get('q'),
        );
        expect(asked).toContain(text);
      });
    }
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('HX-4000-08')).toBeTruthy();
  });
});
