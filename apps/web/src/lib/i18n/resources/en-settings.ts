/** English text of the settings (Canadian spelling; see en.ts). */
export const enSettings = {
  placeholder: '',
};
