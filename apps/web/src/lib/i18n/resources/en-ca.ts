import { en } from './en';

/**
 * Canadian English: the default locale. Its full text is `en`'s; the spelling list is repeated here only
 * because the fallback chain passes through en-US before en, and Canada spells like `en`.
 */
export const enCa = { spelling: en.spelling };
