/** Business constants and limits: timings, sizes, cookie names and locales the app and the server share. */
export const PRODUCT_NAME = 'Hosewright';

export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const UPDATE_TOLERANCE_MS = 5 * 60_000;
export const UPDATE_DECLINE_SNOOZE_MS = 60 * 60_000;

export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_SEE_MORE_AT = 10;
export const SEARCH_CLEAR_AFTER_CLICK_MS = 1000;
export const SEARCH_POPUP_WIDTH = 400;
export const SEARCH_POPUP_MAX_HEIGHT = 500;

export const SETTINGS_LOAD_RETRY_CAP = 10;
export const DEFAULT_REVISION_DELIMITER = '_';

export const SESSION_COOKIE_DAYS = 30;
export const ACCESS_TOKEN_COOKIE_DAYS = 30;
/** Cookie names the web app keeps the session in. */
export const SESSION_COOKIES = [
  'userId',
  'email',
  'userRoles',
  'subscription',
  'subscriptionExpires',
  'locale',
  'maxCustomers',
  'maxHoseAssemblies',
  'maxHoseKits',
] as const;
export const ACCESS_TOKEN_COOKIE = 'accessToken';

export const LOCALES = ['en_ca', 'en_us', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_ca';

export const IMAGE_CACHE_MAX_AGE_DAYS = 30;
export const IMAGE_UPLOAD_TIMEOUT_MS = 300_000;

export const SNACKBAR_DISPLAY_MS = 2000;
export const SNACKBAR_DEFAULT_TIMEOUT_MS = 5000;
export const SNACKBAR_RESET_MS = 300;

export const SIDE_NAV_WIDTH = 256;
export const SIDE_NAV_RAIL_WIDTH = 56;
export const USER_MENU_WIDTH = 300;
export const TABLE_HEIGHT_SWITCH_AT = 1000;
