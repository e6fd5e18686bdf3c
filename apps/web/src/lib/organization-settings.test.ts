import { type OrganizationSettings, SETTINGS_LOAD_RETRY_CAP } from '@hosewright/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import {
  accessOrganizationSetting,
  clearOrganizationSettings,
  erpIconOf,
  primeOrganizationSettings,
  readOrganizationSetting,
  useOrganizationSetting,
} from './organization-settings';
import { storeAccessToken } from './session';

const DELIMITER = 'GET /api/v1/organization/revisiondelimiter';
const sentTo = (calls: { path: string }[], path: string) => calls.filter((c) => c.path === path).length;

const everySetting: OrganizationSettings = {
  hasParker: true,
  hideInventory: true,
  useBetaFeatures: false,
  revisionDelimiter: '.',
  partNumberPattern: 'PH-{0000}',
  defaultAdaptorBrand: 'GEN',
  erpName: 'SAP',
  unitSystem: 'imperial',
  baseCurrency: 'CAD',
  defaultMarginPct: 35,
  labourRate: 4.5,
  wasteAllowancePct: 3,
  defaultWarehouseId: '7d0f3c1e-0000-4000-8000-000000000001',
  defaultWarehouseName: 'Main shop',
  defaultWarehouseCode: 'MAIN',
  allowNegativeStock: false,
  workOrderNumberPattern: 'WO-{00000}',
  remnantLengthMm: 1500,
  hoseShelfLifeMonths: 48,
  estimateNumberPattern: 'SE-{00000}',
  estimateValidityDays: 30,
  minimumCharge: 0,
  targetMarginPct: 20,
  estimateTerms: '',
  shopAddress: null,
  shopPhone: '',
  shopEmail: '',
};

beforeEach(() => {
  clearOrganizationSettings();
  storeAccessToken('tok');
});

describe('organisation settings held client-side', () => {
  it('loads a setting on first use only, then answers it from the cache', async () => {
    const { calls } = stubFetch({ [DELIMITER]: { body: '.' } });
    expect(readOrganizationSetting('revisionDelimiter')).toBe('_');
    expect(calls).toHaveLength(0);

    // Two uses at once share one load.
    const [first, second] = await Promise.all([
      accessOrganizationSetting('revisionDelimiter'),
      accessOrganizationSetting('revisionDelimiter'),
    ]);
    expect(first).toBe('.');
    expect(second).toBeNull();
    expect(await accessOrganizationSetting('revisionDelimiter')).toBe('.');
    expect(readOrganizationSetting('revisionDelimiter')).toBe('.');
    expect(sentTo(calls, '/api/v1/organization/revisiondelimiter')).toBe(1);
  });

  it('counts failures with no message, tries again on each use, and stops after the cap until cleared', async () => {
    let failing = true;
    const { calls } = stubFetch({
      [DELIMITER]: () =>
        failing
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'down' } }
          : { body: '-' },
    });
    for (let use = 1; use <= SETTINGS_LOAD_RETRY_CAP; use++) {
      await expect(accessOrganizationSetting('revisionDelimiter')).resolves.toBeNull();
      expect(sentTo(calls, '/api/v1/organization/revisiondelimiter')).toBe(use);
    }
    // The default shows meanwhile.
    expect(readOrganizationSetting('revisionDelimiter')).toBe('_');

    failing = false;
    await accessOrganizationSetting('revisionDelimiter');
    expect(sentTo(calls, '/api/v1/organization/revisiondelimiter')).toBe(SETTINGS_LOAD_RETRY_CAP);
    expect(readOrganizationSetting('revisionDelimiter')).toBe('_');

    clearOrganizationSettings();
    expect(await accessOrganizationSetting('revisionDelimiter')).toBe('-');
    expect(sentTo(calls, '/api/v1/organization/revisiondelimiter')).toBe(SETTINGS_LOAD_RETRY_CAP + 1);
  });

  it('tries a failed load again when the screen showing it renders again', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/organization/hasparker': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'down' },
      },
    });
    const sent = () => sentTo(calls, '/api/v1/organization/hasparker');
    const { result, rerender } = renderHook(() => useOrganizationSetting('hasParker'));
    await waitFor(() => expect(sent()).toBe(1));
    expect(result.current).toBe(false);
    rerender();
    await waitFor(() => expect(sent()).toBe(2));
    // A render while the setting is cached sends nothing.
    clearOrganizationSettings();
    primeOrganizationSettings(everySetting);
    rerender();
    rerender();
    expect(sent()).toBe(2);
    expect(result.current).toBe(true);
  });

  it('resets the value to null when a load fails after a clear, so the default shows, not the old value', async () => {
    let answer: { status?: number; body: unknown } = { body: true };
    stubFetch({ 'GET /api/v1/organization/hideinventory': () => answer });
    expect(await accessOrganizationSetting('hideInventory')).toBe(true);
    clearOrganizationSettings();
    answer = { status: 503, body: { statusCode: 503, code: 'INTERNAL', message: 'busy' } };
    expect(await accessOrganizationSetting('hideInventory')).toBeNull();
    expect(readOrganizationSetting('hideInventory')).toBe(false);
  });

  it('keeps no answer that arrives after a clear', async () => {
    let release: (() => void) | undefined;
    stubFetch({ [DELIMITER]: { body: '.' } });
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(
      (...args) =>
        new Promise((resolve) => {
          release = () => resolve(real(...args));
        }),
    );
    const load = accessOrganizationSetting('revisionDelimiter');
    await waitFor(() => expect(release).toBeDefined());
    clearOrganizationSettings();
    release?.();
    await load;
    expect(readOrganizationSetting('revisionDelimiter')).toBe('_');
  });

  it('derives the ERP icon name from the ERP name', async () => {
    expect(erpIconOf('SAP')).toBe('sapIcon');
    expect(erpIconOf(' NetSuite ')).toBe('netsuiteIcon');
    expect(erpIconOf('')).toBe('');
    stubFetch({ 'GET /api/v1/organization/erpname': { body: 'Epicor' } });
    const { result } = renderHook(() => useOrganizationSetting('erpIcon'));
    expect(result.current).toBe('');
    await waitFor(() => expect(result.current).toBe('epicorIcon'));
  });

  it('gives screens the setting, its default while unknown, and a save’s answer at once', async () => {
    stubFetch({
      [DELIMITER]: { body: '.' },
      'GET /api/v1/organization/defaultwarehouse': {
        body: { defaultWarehouseName: 'Yard', defaultWarehouseCode: 'Y1' },
      },
    });
    const { result } = renderHook(() => ({
      delimiter: useOrganizationSetting('revisionDelimiter'),
      warehouse: useOrganizationSetting('defaultWarehouseCode'),
    }));
    expect(result.current).toEqual({ delimiter: '_', warehouse: '' });
    await waitFor(() => expect(result.current).toEqual({ delimiter: '.', warehouse: 'Y1' }));

    act(() => {
      clearOrganizationSettings();
      primeOrganizationSettings({ ...everySetting, revisionDelimiter: '~', defaultWarehouseCode: 'MAIN' });
    });
    expect(result.current).toEqual({ delimiter: '~', warehouse: 'MAIN' });
  });
});
