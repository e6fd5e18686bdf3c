/** English text of the units (Canadian spelling; see en.ts). */
export const enUnits = {
  placeholder: '',
};
