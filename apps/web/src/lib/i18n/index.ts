/**
 * Translations (`LOCALES`): en_ca is the default, en_us the fallback, en the third. The full text lives
 * in `en` (Commonwealth spelling, which Canada shares); `en-CA` and `en-US` hold only what differs, so i18next's
 * chain (en-CA -> en, en-US -> en) always finds a string. US spellings live in `en-US`.
 */
import { DEFAULT_LOCALE, type Locale } from '@hosewright/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './resources/en';
import { enCa } from './resources/en-ca';
import { enUs } from './resources/en-us';

/** Our locale codes (`LOCALES`) to BCP 47 language tags (i18next, Intl). */
export const LANGUAGE_TAGS: Record<Locale, string> = { en_ca: 'en-CA', en_us: 'en-US', en: 'en' };

export const resources = {
  // A copy: the pages' text is merged into it (`loadAppTranslations`), and `en` stays what every page has.
  en: { translation: structuredClone(en) },
  'en-CA': { translation: enCa },
  'en-US': { translation: enUs },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: LANGUAGE_TAGS[DEFAULT_LOCALE],
  fallbackLng: ['en-US', 'en'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

let appText: Promise<void> | undefined;

/**
 * Merges the signed-in pages' text (`enApp`) into `en`, once; every page but the dashboard and the public
 * ones waits for it before it draws (lib/lazy-page.ts). A failed load is tried again by the next page.
 */
export function loadAppTranslations(): Promise<void> {
  appText ??= import('./resources/en-app').then(
    ({ enApp }) => {
      i18n.addResourceBundle('en', 'translation', enApp, true, true);
    },
    (error: unknown) => {
      appText = undefined;
      throw error;
    },
  );
  return appText;
}

/** Switch the interface language to a session locale. */
export function applyLocale(locale: Locale): void {
  const tag = LANGUAGE_TAGS[locale];
  if (i18n.language !== tag) void i18n.changeLanguage(tag);
  if (typeof document !== 'undefined') document.documentElement.lang = tag;
}

/** The current BCP 47 tag for Intl formatting. */
export function currentLanguageTag(): string {
  return i18n.language || LANGUAGE_TAGS[DEFAULT_LOCALE];
}

export { i18n };
