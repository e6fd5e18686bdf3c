/** English text of the sales estimate pages (Canadian spelling; see en.ts). */
export const enEstimates = {};
