import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api';
import { useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { readCookies } from '@/test/cookies';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const refusedForRole = {
  status: 403,
  body: {
    statusCode: 403,
    code: 'MISSING_ROLE',
    message: 'Cannot access this resource',
    details: { guardCode: 845 },
  },
};

async function signedInAsAdmin(userRoles: { status?: number; body?: unknown }) {
  const stub = stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) },
    'GET /api/v1/organization/users': refusedForRole,
    'GET /api/v1/organization/userroles': userRoles,
  });
  renderApp('/dashboard', signedInDouble());
  await waitFor(() => expect(useSessionStore.getState().status).toBe('ready'));
  expect(JSON.parse(readCookies().userRoles ?? 'null')).toEqual(['admin']);
  return stub;
}

describe('roles held in a cookie, fetched from /userroles when absent', { timeout: 30_000 }, () => {
  it('after a call refused for a missing role, asks /userroles and keeps the new roles in the cookie', async () => {
    const { calls } = await signedInAsAdmin({ body: { userId: 'user-1', userRoles: ['regular'] } });
    await expect(apiRequest('/api/v1/organization/users')).rejects.toThrow('Cannot access this resource');

    await waitFor(() => expect(JSON.parse(readCookies().userRoles ?? 'null')).toEqual(['regular']));
    expect(calls.filter((c) => c.path === '/api/v1/organization/userroles')).toHaveLength(1);
    expect(useSessionStore.getState().access?.roles).toEqual(['regular']);
    expect(localStorage.getItem('userRoles')).toBe('["regular"]');
  });

  it("says 'Could not get user roles' when /userroles fails, and asks only once", async () => {
    const { calls } = await signedInAsAdmin({ status: 500, body: { statusCode: 500, message: 'down' } });
    await expect(apiRequest('/api/v1/organization/users')).rejects.toThrow();

    expect(await screen.findByText('Could not get user roles')).toBeTruthy();
    expect(readCookies().userRoles).toBeUndefined();
    expect(calls.filter((c) => c.path === '/api/v1/organization/userroles')).toHaveLength(1);
  });
});
