/** English text of the price list pages (Canadian spelling; see en.ts). */
export const enPriceLists = {};
