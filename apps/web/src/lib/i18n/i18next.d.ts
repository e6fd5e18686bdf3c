import 'i18next';
import type { en } from './resources/en';
import type { enApp } from './resources/en-app';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Every key, whether in `en` or in the text loaded with the pages (`loadAppTranslations`).
    resources: { translation: typeof en & typeof enApp };
    returnNull: false;
  }
}
