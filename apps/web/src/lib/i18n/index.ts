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
  en: { translation: en },
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
