/** English text of the hose kits feature (Canadian spelling; see en.ts). */
export const enKits = {};
