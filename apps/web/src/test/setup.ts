import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { enApp } from '@/lib/i18n/resources/en-app';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { resetSessionStore } from '@/lib/session';
import { useSettingsStore } from '@/lib/settings-store';
import { clearAllCookies } from './cookies';

// Every page's text at once: a test renders pages without the route loader that fetches it.
i18n.addResourceBundle('en', 'translation', enApp, true, true);

// The first render of a lazy page transforms its module on demand; under a parallel run that can take a while.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
  resetSessionStore();
  // Each test's server answers its own settings: nothing is kept from the test before.
  clearOrganizationSettings();
  useSettingsStore.setState({
    isApi: false,
    customerId: '',
    securityTokenExpired: false,
    accessToken: null,
    accessTokenExpires: null,
  });
  // jsdom does not implement scrolling.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
