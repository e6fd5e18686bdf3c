import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { ApiError, apiRequest, setAccessTokenGetter, toErrorBody } from './api';
import { registerNavigator } from './navigation';
import { storeSessionProfile, useSessionStore } from './session';
import { useSettingsStore } from './settings-store';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate);
  setAccessTokenGetter(async () => 'sdk-token');
});

describe('API client', () => {
  it("sends the bearer token, the userid and the apicustomerid headers, and the browser's time zone", async () => {
    storeSessionProfile(createSessionProfile({ userId: 'u-42' }));
    useSettingsStore.setState({ customerId: 'cust-7' });
    const { calls } = stubFetch({ 'GET /api/v1/user': { body: { ok: true } } });
    await apiRequest('/api/v1/user');
    expect(calls[0]?.headers).toMatchObject({
      authorization: 'Bearer sdk-token',
      userid: 'u-42',
      apicustomerid: 'cust-7',
      // Whose day "today" is on the server (ADR 23).
      'time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('sends empty userid and apicustomerid headers when nothing is stored', async () => {
    const { calls } = stubFetch({ 'POST /api/v1/user/resetpassword': { body: { ok: true } } });
    await apiRequest('/api/v1/user/resetpassword', { method: 'POST' });
    expect(calls[0]?.headers.userid).toBe('');
    expect(calls[0]?.headers.apicustomerid).toBe('');
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends no token or product headers on public calls', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/public/config': { body: { x: 1 } } });
    await apiRequest('/api/v1/public/config', { auth: false });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers.userid).toBeUndefined();
    expect(calls[0]?.headers['time-zone']).toBeUndefined();
  });

  it('throws an ApiError carrying the server error body', async () => {
    const body = {
      statusCode: 400,
      code: 'BAD_REQUEST',
      message: 'Bad input',
      details: { issues: [{ path: 'name' }] },
    };
    stubFetch({ 'POST /api/v1/things': { status: 400, body } });
    const error = await apiRequest('/api/v1/things', { method: 'POST', body: { a: 1 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe('Bad input');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('describes a failure whose body is not an error body', () => {
    expect(toErrorBody(502, undefined, 'Bad Gateway')).toEqual({
      statusCode: 502,
      code: 'INTERNAL',
      message: 'Bad Gateway',
    });
    expect(toErrorBody(404, { message: 'nope' }, 'x')).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'nope',
    });
  });

  it('goes to /login on 401 outside API mode', async () => {
    stubFetch({
      'GET /api/v1/user': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in' },
      },
    });
    await expect(apiRequest('/api/v1/user')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login', {});
  });

  it('stays put on 401 while signing out: the sign-out moves the user, and a call the ended session refused must not', async () => {
    useSessionStore.setState({ status: 'signingOut' });
    stubFetch({
      'GET /api/v1/organization/hasacceptedterms': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'This session has ended. Sign in again.' },
      },
    });
    const error = await apiRequest('/api/v1/organization/hasacceptedterms').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /login when no token can be had', async () => {
    setAccessTokenGetter(async () => {
      throw new Error('login_required');
    });
    const { fetchMock } = stubFetch({});
    const error = await apiRequest('/api/v1/user').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('could not get access token');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login', {});
  });

  it('on 403 with subscription status keeps a trial a trial and goes to /subscriptionexpired', async () => {
    storeSessionProfile(createSessionProfile({ subscription: 'trial' }));
    stubFetch({
      'GET /api/v1/dashboard': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'SUBSCRIPTION_EXPIRED',
          message: 'Subscription Expired',
          details: {
            subscriptionStatus: { subscriptionType: 'professional', expires: '2024-01-01T00:00:00.000Z' },
          },
        },
      },
    });
    const error = await apiRequest('/api/v1/dashboard').catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('SUBSCRIPTION_EXPIRED');
    expect(useSessionStore.getState().access?.subscription).toEqual({
      tier: 'trial',
      expires: '2024-01-01T00:00:00.000Z',
    });
    expect(localStorage.getItem('subscription')).toBe('trial');
    expect(navigate).toHaveBeenCalledWith('/subscriptionexpired', {});
  });

  it('stays on a page an expired shop pays on when a call beside it is refused for the expiry', async () => {
    window.history.pushState({}, '', '/upgradesubscription');
    try {
      stubFetch({
        'GET /api/v1/organization': {
          status: 403,
          body: {
            statusCode: 403,
            code: 'SUBSCRIPTION_EXPIRED',
            message: 'Subscription Expired',
            details: {
              subscriptionStatus: { subscriptionType: 'trial', expires: '2024-01-01T00:00:00.000Z' },
            },
          },
        },
      });
      const error = await apiRequest('/api/v1/organization').catch((e: unknown) => e);
      expect((error as ApiError).code).toBe('SUBSCRIPTION_EXPIRED');
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('leaves a 403 without subscription status to the caller', async () => {
    stubFetch({
      'GET /api/v1/x': {
        status: 403,
        body: { statusCode: 403, code: 'WRONG_TIER', message: 'Cannot access this feature' },
      },
    });
    await expect(apiRequest('/api/v1/x')).rejects.toMatchObject({ code: 'WRONG_TIER' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a FormData body as multipart, with the token and without a JSON content type', async () => {
    const { fetchMock } = stubFetch({
      'POST /api/v1/organization/imports': { status: 201, body: { importId: 'i' } },
    });
    const form = new FormData();
    form.append('kind', 'hose');
    await expect(apiRequest('/api/v1/organization/imports', { method: 'POST', body: form })).resolves.toEqual(
      { importId: 'i' },
    );
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('authorization')).toBe('Bearer sdk-token');
  });

  it('answers a Blob for file downloads, and the error body when the download is refused', async () => {
    stubFetch({ 'GET /api/v1/file': { body: { any: 'bytes' } } });
    const blob = await apiRequest<Blob>('/api/v1/file', { responseType: 'blob' });
    // The response's Blob comes from Node's realm, not jsdom's: check the behaviour, not the class.
    expect(blob.size).toBe(15);
    expect(await blob.text()).toBe('{"any":"bytes"}');
    stubFetch({
      'GET /api/v1/file': { status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message: 'No' } },
    });
    await expect(apiRequest('/api/v1/file', { responseType: 'blob' })).rejects.toMatchObject({
      message: 'No',
    });
  });

  describe('API mode', () => {
    it('uses the settings token and rethrows 401 without navigating', async () => {
      useSettingsStore.setState({ isApi: true, accessToken: 'api-token', customerId: 'c-1' });
      const { calls } = stubFetch({
        'GET /api/v1/user': {
          status: 401,
          body: {
            statusCode: 401,
            code: 'UNAUTHENTICATED',
            message: 'expired',
            details: { apiFailed: true },
          },
        },
      });
      await expect(apiRequest('/api/v1/user')).rejects.toBeInstanceOf(ApiError);
      expect(calls[0]?.headers.authorization).toBe('Bearer api-token');
      expect(navigate).not.toHaveBeenCalled();
      expect(useSettingsStore.getState().securityTokenExpired).toBe(true);
    });

    it('does not mark the token expired when the 401 is not an API failure', async () => {
      useSettingsStore.setState({ isApi: true, accessToken: 'api-token' });
      stubFetch({
        'GET /api/v1/user': {
          status: 401,
          body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'no' },
        },
      });
      await expect(apiRequest('/api/v1/user')).rejects.toBeInstanceOf(ApiError);
      expect(useSettingsStore.getState().securityTokenExpired).toBe(false);
    });

    it('asks the parent window for a token when there is none', async () => {
      useSettingsStore.setState({ isApi: true, accessToken: null });
      const post = vi.spyOn(window.parent, 'postMessage');
      const { fetchMock } = stubFetch({});
      await expect(apiRequest('/api/v1/user')).rejects.toMatchObject({
        status: 401,
        message: 'not authenticated',
      });
      expect(post).toHaveBeenCalledWith({ type: 'securityTokenExpired' }, '*');
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
