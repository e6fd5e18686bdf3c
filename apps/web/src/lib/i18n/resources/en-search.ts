/** English text of the search feature (Canadian spelling; see en.ts). */
export const enSearch = {};
